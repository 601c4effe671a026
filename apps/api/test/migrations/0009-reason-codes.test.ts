/**
 * Migration 0009 on rows stored before it: every English reason the receipt rules gave becomes its code (the one
 * with a number keeps it as a param), in both the current and the automatic reason; an owner's own words stay.
 * Runs on an embedded database migrated up to 0008 first; the SQL is the same on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '@qrib/shared';
import { RECEIPT_REASON_CODES } from '../../src/domains/receipts/receipt-rules.ts';
import { withDatabaseMigratedBefore } from './migrated-before.ts';

/**
 * The reasons the rules could store as English before 0009; codes added since (issue 24's receiptPdfNeedsShop and
 * receiptNotAPhoto) were never stored as English, so the migration does not know them.
 */
const CODES_BEFORE_0009 = RECEIPT_REASON_CODES.filter((code) => code !== 'receiptPdfNeedsShop' && code !== 'receiptNotAPhoto');

/** The params each reason was filled with before 0009 (the rules' one number: a receipt at most 14 days old). */
const paramsOf = (code: string): Record<string, number> => (code === 'receiptTooOld' ? { days: 14 } : {});

describe('migration 0009', () => {
  it('turns each stored English reason of the rules into its code with params, keeping an owner’s own words', async () => {
    await withDatabaseMigratedBefore('0009_reason_codes', async (client, migrateRest) => {
      await client.query(
        `INSERT INTO users (id, name, email, phone, username, password_hash) VALUES (1, 'Maria Borg', 'maria@example.com', '+356 7912 3456', 'maria', 'x')`,
      );
      await client.query(
        `INSERT INTO vendors (id, owner_user_id, business_name, business_type, business_address, location_latitude, location_longitude,
           primary_contact_name, contact_email, contact_phone)
         VALUES (1, 1, 'Kafe Valletta', 'OTHER', 'Triq il-Merkanti 12', 35.9, 14.5, 'Ann Borg', 'shop@example.com', '+356 2100 0000')`,
      );
      const english = CODES_BEFORE_0009.map((code) => formatMessage(MESSAGES[code], paramsOf(code)));
      // One receipt per reason, stored as the verdict wrote it (reason and auto_reason), and one the owner
      // rejected in their own words after the automatic verdict; a 30-day variant checks the number is read.
      for (const [index, text] of english.entries()) {
        await client.query(`INSERT INTO receipts (id, consumer_user_id, vendor_id, status, reason, auto_status, auto_reason) VALUES ($1, 1, 1, 'REJECTED', $2, 'REJECTED', $2)`, [
          index + 1,
          text,
        ]);
      }
      const ownWords = 'The price paid is above the offer’s price, I think.';
      await client.query(`INSERT INTO receipts (id, consumer_user_id, vendor_id, status, reason, auto_status, auto_reason) VALUES (100, 1, 1, 'REJECTED', $1, 'NEEDS_REVIEW', $2)`, [
        ownWords,
        MESSAGES.receiptUnreadable,
      ]);
      await client.query(`INSERT INTO receipts (id, consumer_user_id, vendor_id, status, reason) VALUES (101, 1, 1, 'REJECTED', $1)`, [
        formatMessage(MESSAGES.receiptTooOld, { days: 30 }),
      ]);

      await migrateRest();

      const rows = await client.query<Record<string, unknown>>(
        'SELECT id, reason, reason_code, reason_params, auto_reason, auto_reason_code, auto_reason_params FROM receipts ORDER BY id',
      );
      const expected = CODES_BEFORE_0009.map((code, index) => ({
        id: index + 1,
        reason: null,
        reason_code: code,
        reason_params: paramsOf(code),
        auto_reason: null,
        auto_reason_code: code,
        auto_reason_params: paramsOf(code),
      }));
      expect(rows.rows).toEqual([
        ...expected,
        {
          id: 100,
          reason: ownWords,
          reason_code: null,
          reason_params: null,
          auto_reason: null,
          auto_reason_code: 'receiptUnreadable',
          auto_reason_params: {},
        },
        { id: 101, reason: null, reason_code: 'receiptTooOld', reason_params: { days: 30 }, auto_reason: null, auto_reason_code: null, auto_reason_params: null },
      ]);
    });
  });
});

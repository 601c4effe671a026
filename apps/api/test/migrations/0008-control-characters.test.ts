/**
 * Migration 0008 on rows stored before it: control characters in single-line text become a space, multi-line
 * text keeps its line feeds (CR LF becoming LF). Runs on an embedded database migrated up to 0007 first; the SQL
 * is the same on PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { withDatabaseMigratedBefore } from './migrated-before.ts';

describe('migration 0008', () => {
  it('replaces control characters in stored names, phones, addresses and titles with a space, keeping line feeds in descriptions', async () => {
    await withDatabaseMigratedBefore('0008_security_and_resilience', async (client, migrateRest) => {
      await client.query(
        `INSERT INTO users (id, name, email, phone, username, password_hash) VALUES (1, E'Maria\\tBorg', 'maria@example.com', E'+356\\n7912 3456', 'maria', 'x')`,
      );
      await client.query(
        `INSERT INTO vendors (id, owner_user_id, business_name, business_type, business_address, location_latitude, location_longitude,
           primary_contact_name, contact_email, contact_phone, offerings_description)
         VALUES (1, 1, E'Kafe\\rValletta', 'OTHER', E'Triq il-Merkanti\\n12', 35.9, 14.5, E'Ann\\r\\nBorg', 'shop@example.com', E'+356\\t2100 0000', E'Bread\\r\\nCakes\\tand tea')`,
      );
      await client.query(`INSERT INTO categories (category_id, name) VALUES (1, 'Food')`);
      await client.query(
        `INSERT INTO offers (vendor_id, category_id, title, description, discount_type, discount_value, start_date, end_date,
           terms_and_conditions, location_latitude, location_longitude)
         VALUES (1, 1, E'Two\\nfor one', E'Line one\\r\\nLine two\\u0007', 'PERCENTAGE', 10, '2026-12-01', '2026-12-31', E'One each\\nWhile stocks last', 35.9, 14.5)`,
      );

      await migrateRest();

      const user = await client.query('SELECT name, phone FROM users');
      expect(user.rows).toEqual([{ name: 'Maria Borg', phone: '+356 7912 3456' }]);
      const vendor = await client.query(
        'SELECT business_name, business_address, primary_contact_name, contact_phone, offerings_description FROM vendors',
      );
      expect(vendor.rows).toEqual([
        {
          business_name: 'Kafe Valletta',
          business_address: 'Triq il-Merkanti 12',
          primary_contact_name: 'Ann  Borg',
          contact_phone: '+356 2100 0000',
          offerings_description: 'Bread\nCakes and tea',
        },
      ]);
      const offer = await client.query('SELECT title, description, terms_and_conditions FROM offers');
      expect(offer.rows).toEqual([{ title: 'Two for one', description: 'Line one\nLine two ', terms_and_conditions: 'One each\nWhile stocks last' }]);
    });
  });
});

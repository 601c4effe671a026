/**
 * Every enumerated column of the schema takes its values, in order, from its list in packages/shared/src/enums.ts
 * (issue 26, ADR 020): a value added to a column or to a list alone, or a new enumerated column without a shared list,
 * fails here.
 */
import { getTableColumns, is, Table } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as enums from '@qrib/shared/enums';
import * as schema from './schema.ts';

/** `table.column` (the schema's export and property names) → its list in enums.ts. */
const SHARED_LIST_OF_COLUMN: Record<string, readonly string[]> = {
  'vendors.businessType': enums.BUSINESS_TYPES,
  'vendors.status': enums.VENDOR_STATUSES,
  'offers.discountType': enums.DISCOUNT_TYPES,
  'offers.targetAudience': enums.TARGET_AUDIENCES,
  'offers.redemptionLimit': enums.REDEMPTION_LIMITS,
  'offers.status': enums.OFFER_STATUSES,
  'offerEvents.kind': enums.OFFER_EVENT_KINDS,
  'receipts.status': enums.RECEIPT_STATUSES,
  'receipts.autoStatus': enums.RECEIPT_AUTO_STATUSES,
  'offerClaims.status': enums.STORED_CLAIM_STATUSES,
  'shopVisits.answer': enums.VISIT_ANSWERS,
  'stamps.source': enums.STAMP_SOURCES,
  'notifications.kind': enums.NOTIFICATION_KINDS,
  'reviews.status': enums.REVIEW_STATUSES,
  'reports.itemKind': enums.REPORT_KINDS,
  'reports.reason': enums.REPORT_REASONS,
  'reports.status': enums.REPORT_STATUSES,
  'adminActions.action': enums.ADMIN_ACTIONS,
  'adminActions.itemKind': enums.ADMIN_ACTION_ITEM_KINDS,
  'accountTokens.purpose': enums.ACCOUNT_TOKEN_PURPOSES,
  'mailOutbox.kind': enums.MAIL_KINDS,
  'mailOutbox.status': enums.MAIL_STATUSES,
  'pushOutbox.kind': enums.PUSH_OUTBOX_KINDS,
  'pushOutbox.status': enums.PUSH_OUTBOX_STATUSES,
  'dataExports.status': enums.EXPORT_STATUSES,
  'suspiciousActivity.status': enums.SUSPICIOUS_ACTIVITY_STATUSES,
  'suspiciousActivityItems.itemKind': enums.SUSPICIOUS_ITEM_KINDS,
  'vendorMembers.role': enums.STAFF_ROLES,
  'staffInvitations.role': enums.STAFF_ROLES,
};

/** Every column of every table with an enumeration (a text column's `enum` option or a pgEnum), by `table.column`. */
function enumeratedColumns(): Map<string, unknown[]> {
  const columns = new Map<string, unknown[]>();
  for (const [tableName, table] of Object.entries(schema)) {
    if (!is(table, Table)) continue;
    for (const [columnName, column] of Object.entries(getTableColumns(table))) {
      const values: unknown = 'enumValues' in column ? column.enumValues : undefined;
      if (Array.isArray(values)) columns.set(`${tableName}.${columnName}`, values);
    }
  }
  return columns;
}

describe('the schema’s enumerations', () => {
  const columns = enumeratedColumns();

  it('has a shared list for every enumerated column, and a column for every list', () => {
    expect([...columns.keys()].sort()).toEqual(Object.keys(SHARED_LIST_OF_COLUMN).sort());
  });

  it.each(Object.entries(SHARED_LIST_OF_COLUMN))('%s holds exactly its shared list, in order', (column, sharedList) => {
    expect(columns.get(column)).toEqual([...sharedList]);
    // The very array of enums.ts, not a copy of its values written out again in schema.ts.
    expect(columns.get(column)).toBe(sharedList);
  });

  it('leaves no stored list of enums.ts out of the schema', () => {
    const sharedLists = Object.values(enums).filter((value) => Array.isArray(value));
    const usedLists = new Set<unknown>(Object.values(SHARED_LIST_OF_COLUMN));
    expect(sharedLists.filter((list) => !usedLists.has(list))).toEqual([]);
  });
});

/**
 * A purchase, as SQL, written once (issue 13; PURCHASE_COUNTS in packages/shared says which kinds count for what):
 * a REDEMPTION at the till, or a VERIFIED_RECEIPT that names no redeemed code (a receipt for a redeemed code proves
 * the same purchase, which counts once, as the redemption); a CHECKED_RECEIPT is such a receipt the shop did not
 * decide alone (issue 14). Columns: user_id, vendor_id, made_at.
 */
import { sql, type SQL } from 'drizzle-orm';
import { isMemberSql } from '../../../db/membership-sql.ts';
import type { PURCHASE_COUNTS } from '@qrib/shared';
import { notFlaggedSql } from './suspicious-activity.ts';

type PurchaseKind = (typeof PURCHASE_COUNTS)[keyof typeof PURCHASE_COUNTS][number];

/**
 * A receipt the shop did not decide alone (issue 14, REVIEWABLE_PURCHASES): VERIFIED by the automatic check, or settled
 * as VERIFIED by an admin. `r` is the receipts alias. A receipt only the owner confirmed is a 'customer confirmation'.
 */
export const receiptNotDecidedAlone = (r: string) =>
  // Never NULL (auto_status is NULL until the check ran), so NOT of it is safe.
  sql.raw(`(${r}.status = 'VERIFIED' AND (${r}.auto_status IS NOT DISTINCT FROM 'VERIFIED' OR ${r}.settled_by_user_id IS NOT NULL))`);

/** Which purchases `purchasesSql` answers. */
export interface PurchaseFilter {
  /** One shopper's (a number, or a column of an enclosing query such as sql`eu.id`). */
  userId?: number | SQL;
  /** One shop's (a number, or a column of an enclosing query). */
  vendorId?: number | SQL;
  /**
   * Leave out purchases listed in a suspicious-activity entry that is OPEN or EXCLUDED (issue 24, notFlaggedSql): they
   * count nowhere until an admin clears them.
   */
  notFlagged?: boolean;
  /** Leave out purchases made by the shop's own members (its owner today): a shop cannot grade itself. */
  notMembers?: boolean;
}

/**
 * The purchases of `kinds`, narrowed by `where`. Columns: user_id, vendor_id, made_at. Whether the shopper's account is
 * established is a filter on these rows, in domains/trust/repository/established.ts (establishedPurchasesSql).
 */
export function purchasesSql(kinds: readonly PurchaseKind[], where: PurchaseFilter): SQL {
  const claimFilter = [sql`c.status = 'REDEEMED'`];
  const receiptFilter = [
    sql`r.status = 'VERIFIED'`,
    sql`NOT EXISTS (SELECT 1 FROM offer_claims rc WHERE rc.id = r.claim_id AND rc.status = 'REDEEMED')`,
  ];
  if (where.userId !== undefined) {
    claimFilter.push(sql`c.user_id = ${where.userId}`);
    receiptFilter.push(sql`r.consumer_user_id = ${where.userId}`);
  }
  if (where.vendorId !== undefined) {
    claimFilter.push(sql`c.vendor_id = ${where.vendorId}`);
    receiptFilter.push(sql`r.vendor_id = ${where.vendorId}`);
  }
  if (where.notFlagged) {
    claimFilter.push(notFlaggedSql('REDEMPTION', 'c.id'));
    receiptFilter.push(notFlaggedSql('RECEIPT', 'r.id'));
  }
  if (where.notMembers) {
    // Issue 28 §4: the shop's people (owner and staff) are never its customers for trust.
    claimFilter.push(sql`NOT ${isMemberSql(sql`c.vendor_id`, sql`c.user_id`)}`);
    receiptFilter.push(sql`NOT ${isMemberSql(sql`r.vendor_id`, sql`r.consumer_user_id`)}`);
  }
  const parts: SQL[] = [];
  if (kinds.includes('REDEMPTION')) {
    parts.push(sql`SELECT c.user_id, c.vendor_id, c.redeemed_at AS made_at FROM offer_claims c WHERE ${sql.join(claimFilter, sql` AND `)}`);
  }
  // Every VERIFIED receipt, or (CHECKED_RECEIPT) only those the shop did not decide alone.
  if (!kinds.includes('VERIFIED_RECEIPT') && kinds.includes('CHECKED_RECEIPT')) receiptFilter.push(receiptNotDecidedAlone('r'));
  if (kinds.includes('VERIFIED_RECEIPT') || kinds.includes('CHECKED_RECEIPT')) {
    parts.push(sql`SELECT r.consumer_user_id AS user_id, r.vendor_id, r.created_at AS made_at FROM receipts r WHERE ${sql.join(receiptFilter, sql` AND `)}`);
  }
  if (parts.length === 0) return sql`(SELECT NULL::integer AS user_id, NULL::integer AS vendor_id, NULL::timestamptz AS made_at WHERE false)`;
  return sql`(${sql.join(parts, sql` UNION ALL `)})`;
}

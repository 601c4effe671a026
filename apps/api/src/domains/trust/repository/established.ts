/**
 * Established accounts (issue 24, ADR 016), as SQL written once: a verified address, and either ESTABLISHED_ACCOUNT_DAYS
 * of age or counted purchases (not flagged) at ESTABLISHED_OTHER_SHOPS shops other than the one in question. Computed
 * when read, never stored: a held review goes live by itself the day its author is established, on every replica.
 */
import { sql, type SQL } from 'drizzle-orm';
import { ESTABLISHED_ACCOUNT_DAYS, ESTABLISHED_OTHER_SHOPS, PURCHASE_COUNTS } from '@qrib/shared';
import { purchasesSql, type PurchaseFilter } from './purchases.ts';

type PurchaseKind = (typeof PURCHASE_COUNTS)[keyof typeof PURCHASE_COUNTS][number];

/**
 * True when the account in the users row `user` (an alias such as 'u') is established for the shop `shop` (its id, a
 * column of the enclosing query, or null for none: then purchases at any ESTABLISHED_OTHER_SHOPS shops do). A deleted
 * account's pseudonym keeps the account's creation and verification, and its age stops at the deletion, so it is
 * established only if the account was (or would have been by the purchases it had).
 */
export function establishedSql(user: string, shop: number | SQL | null): SQL {
  const column = (name: string) => sql.raw(`${user}.${name}`);
  // `op`, not `p`: the shop is often a column of an enclosing query's `p`.
  const otherShop = shop === null ? sql`true` : sql`op.vendor_id <> ${shop}`;
  return sql`(${column('email_verified_at')} IS NOT NULL AND (
    ${column('created_at')} <= coalesce(${column('deleted_at')}, now()) - make_interval(days => ${ESTABLISHED_ACCOUNT_DAYS})
    OR (SELECT count(DISTINCT op.vendor_id) FROM ${purchasesSql(PURCHASE_COUNTS.establishedAccount, { userId: column('id'), notFlagged: true })} AS op
        WHERE ${otherShop}) >= ${ESTABLISHED_OTHER_SHOPS}))`;
}

/**
 * The purchases of `purchasesSql(kinds, where)` whose shopper is (ESTABLISHED) or is not yet (UNESTABLISHED)
 * established for the shop of each purchase. Columns: user_id, vendor_id, made_at.
 */
export function establishedPurchasesSql(kinds: readonly PurchaseKind[], where: PurchaseFilter, accounts: 'ESTABLISHED' | 'UNESTABLISHED'): SQL {
  const established = establishedSql('eu', sql`p.vendor_id`);
  return sql`(SELECT p.user_id, p.vendor_id, p.made_at FROM ${purchasesSql(kinds, where)} AS p JOIN users eu ON eu.id = p.user_id
    WHERE ${accounts === 'ESTABLISHED' ? established : sql`NOT ${established}`})`;
}

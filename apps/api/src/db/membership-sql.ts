/**
 * Issue 28 §4: "a member of this shop" in SQL, for the rules that mean the shop's own people (its owner and staff):
 * they cannot claim its offers, send it receipts, review it, and their purchases never count for its trust figures.
 */
import { sql, type SQL } from 'drizzle-orm';

/** Whether `userId` (a column or a value) is a member of the business `vendorId` names. */
export function isMemberSql(vendorId: SQL, userId: SQL | number): SQL {
  return sql`EXISTS (SELECT 1 FROM vendor_members vm WHERE vm.vendor_id = ${vendorId} AND vm.user_id = ${userId})`;
}

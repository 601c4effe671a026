/** Issue 28 §4: the permission map (staff.ts has the routes' shapes); no imports but the roles, so any schema may use it. */
import { STAFF_ROLES, type StaffRole } from './enums.ts';

export { STAFF_ROLES, type StaffRole };

/** What a member of a business may do. */
export const PERMISSIONS = [
  'redeem',
  'redemptions.undo',
  'offers.manage',
  'receipts.review',
  'insights.view',
  'stampCard.manage',
  'shop.edit',
  'staff.manage',
  'business.close',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * Each role's permissions. A CASHIER redeems, and on the same routes sees only today's redemptions and undoes only
 * their own within REDEMPTION_UNDO_MINUTES (the redemption routes read that from the missing `redemptions.undo`).
 */
export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  OWNER: PERMISSIONS,
  MANAGER: PERMISSIONS.filter((permission) => permission !== 'staff.manage' && permission !== 'business.close'),
  CASHIER: ['redeem'],
};

/** Whether a role holds a permission. */
export function roleCan(role: StaffRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/**
 * An admin's decision on a business (issue 14, DESIGN.md §10): the command behind POST /admin/vendors/:vendorId/decision.
 * Allowed moves are exactly VENDOR_DECISIONS; an admin never decides on a business of their own. The state, the
 * admin_actions row and the owner's notification are written together (domains/businesses/repository/admin-vendors.ts), and only
 * while the business is still in the state the admin saw, so two admins deciding at once cannot both win.
 */
import type { FastifyBaseLogger } from 'fastify';
import { VENDOR_DECISIONS, type VendorStatus } from '@qrib/shared';
import type { AdminVendor } from '@qrib/shared/admin-vendor-schemas';
import { DomainError } from '../../kernel/domain-error.ts';
import type { AdminVendorsRepository, VendorDecision } from './repository/admin-vendors.ts';

export function isDecisionAllowed(from: VendorStatus, to: VendorDecision): boolean {
  return (VENDOR_DECISIONS[from] as readonly VendorStatus[]).includes(to);
}

export async function decideVendor(
  adminVendors: AdminVendorsRepository,
  adminUserId: number,
  vendorId: number,
  decision: { status: VendorDecision; reason: string | null },
  log: FastifyBaseLogger,
): Promise<AdminVendor> {
  const vendor = await adminVendors.find(vendorId);
  if (!vendor) throw new DomainError('not-found', 'vendorNotFoundAdmin');
  // Issue 28 §4: nor on one whose staff they are.
  if (vendor.owner.userId === adminUserId || (await adminVendors.isMember(vendorId, adminUserId))) throw new DomainError('forbidden', 'adminOwnBusiness');
  const refuse = (from: string) => new DomainError('conflict', 'decisionNotAllowed', { from, to: decision.status });
  if (!isDecisionAllowed(vendor.status, decision.status)) throw refuse(vendor.status);
  if (!(await adminVendors.decide(vendorId, vendor.status, decision.status, decision.reason, adminUserId))) {
    // Another admin decided first: answer as if this one had come second.
    const now = await adminVendors.find(vendorId);
    throw refuse(now?.status ?? vendor.status);
  }
  const decided = await adminVendors.find(vendorId);
  if (!decided) throw new DomainError('not-found', 'vendorNotFoundAdmin');
  log.info({ vendorId, from: vendor.status, to: decision.status, adminUserId }, 'business decided');
  return decided;
}

/**
 * Receipt disputes (issue 14): a receipt the automatic check VERIFIED and the shop's owner then REJECTED waits for an
 * admin, whose verdict becomes the receipt's status (a receipt settled VERIFIED counts as a purchase everywhere).
 */
import { DomainError } from '../../kernel/domain-error.ts';
import type { AdminRepository, SettledReceipt } from '../trust/index.ts';

/** 404 for no such receipt; 403 for a receipt of the admin's own shop; 409 when it is not an open dispute. */
export async function settleReceipt(admin: AdminRepository, adminUserId: number, receiptId: number, status: 'VERIFIED' | 'REJECTED', reason: string): Promise<SettledReceipt> {
  const dispute = await admin.findDispute(receiptId);
  if (!dispute) throw new DomainError('not-found', 'receiptNotFound');
  if (dispute.shopOwnerUserId === adminUserId || dispute.memberUserIds.includes(adminUserId)) throw new DomainError('forbidden', 'adminOwnBusiness');
  if (!dispute.isOpenDispute) throw new DomainError('conflict', 'receiptNotDisputed');
  const settled = await admin.settle(receiptId, adminUserId, status, reason);
  // Another admin settled it a moment before.
  if (!settled) throw new DomainError('conflict', 'receiptNotDisputed');
  return settled;
}

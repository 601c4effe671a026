/**
 * The admin's decision on an item's reports (issue 14, Digital Services Act Art. 17): keep or remove it with a
 * statement of reasons. Throws DomainError, never HTTP.
 */
import type { ReportKind } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import { BusinessNotSuspendable, type ReportableItem, type ReportDecision, type ReportsRepository } from './repository/reports.ts';

/**
 * The admin's decision on every open report of an item: 404 when it has none; 403 when the item belongs to the
 * admin's own business (a review of it included); 409 decisionNotAllowed when removing a business that is not ACTIVE.
 * Answers how many reports it closed.
 */
export async function decideReports(reports: ReportsRepository, kind: ReportKind, itemId: number, decision: ReportDecision): Promise<number> {
  if (!(await reports.hasOpen(kind, itemId))) throw new DomainError('not-found', 'reportNotOpen');
  // An item deleted since it was reported can still have its reports closed.
  const item: ReportableItem = (await reports.findItem(kind, itemId)) ?? { kind, itemId, vendorId: null, ownerUserId: null, memberUserIds: [], authorUserId: null, title: '', isVisible: false };
  if (item.ownerUserId === decision.adminUserId || item.memberUserIds.includes(decision.adminUserId)) throw new DomainError('forbidden', 'adminOwnBusiness');
  let decided: number;
  try {
    decided = await reports.decide(item, decision);
  } catch (error) {
    // Removing a business suspends it, by the vendor decision rules: only an ACTIVE one (409, nothing changed).
    if (error instanceof BusinessNotSuspendable) throw new DomainError('conflict', 'decisionNotAllowed', { from: error.from, to: 'SUSPENDED' });
    throw error;
  }
  if (decided === 0) throw new DomainError('not-found', 'reportNotOpen');
  return decided;
}

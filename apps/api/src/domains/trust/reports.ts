/**
 * Report commands (issue 14, Digital Services Act Art. 16–17): a shopper reports an offer, a business or a review
 * (rate limited per account on the counters every replica shares); an admin keeps or removes the item with a
 * statement of reasons. They throw DomainError, never HTTP.
 */
import { REPORTS_PER_HOUR, type ReportKind, type ReportReason } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import type { RateLimitCountersRepository } from '../../kernel/repository/rate-limit-counters.ts';
import { BusinessNotSuspendable, type ReportableItem, type ReportDecision, type ReportsRepository } from './repository/reports.ts';

const REPORT_WINDOW_MS = 3_600_000;

export interface ReportDeps {
  reports: ReportsRepository;
  counters: RateLimitCountersRepository;
}

export interface NewReport {
  kind: ReportKind;
  id: number;
  reason: ReportReason;
  text: string | null;
}

/**
 * The caller's open report on an item: `created` false when they had one already. Every send counts against
 * REPORTS_PER_HOUR (429 past it, so nobody floods the queue or probes for hidden items). 404 for an item shoppers do
 * not see, and for the caller's own offer, business or review: an owner cannot report their own item (an owner may
 * report a review of their shop).
 */
export async function createReport(deps: ReportDeps, userId: number, report: NewReport): Promise<{ reportId: number; created: boolean }> {
  const counted = await deps.counters.increment(`!reports:${userId}`, REPORT_WINDOW_MS);
  if (counted.current > REPORTS_PER_HOUR) throw new DomainError('too-many', 'tooManyReports', { minutes: Math.max(1, Math.ceil(counted.ttl / 60_000)) });
  const item = await deps.reports.findItem(report.kind, report.id);
  const isOwn = item !== undefined && (report.kind === 'REVIEW' ? item.authorUserId === userId : item.ownerUserId === userId);
  if (!item?.isVisible || isOwn) throw new DomainError('not-found', 'reportItemNotFound', {}, { id: { code: 'reportItemNotFound' } });
  return deps.reports.openOnce(userId, report.kind, report.id, report.reason, report.text);
}

/**
 * The admin's decision on every open report of an item: 404 when it has none; 403 when the item belongs to the
 * admin's own business (a review of it included); 409 decisionNotAllowed when removing a business that is not ACTIVE.
 * Answers how many reports it closed.
 */
export async function decideReports(reports: ReportsRepository, kind: ReportKind, itemId: number, decision: ReportDecision): Promise<number> {
  if (!(await reports.hasOpen(kind, itemId))) throw new DomainError('not-found', 'reportNotOpen');
  // An item deleted since it was reported can still have its reports closed.
  const item: ReportableItem = (await reports.findItem(kind, itemId)) ?? { kind, itemId, vendorId: null, ownerUserId: null, authorUserId: null, title: '', isVisible: false };
  if (item.ownerUserId === decision.adminUserId) throw new DomainError('forbidden', 'adminOwnBusiness');
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

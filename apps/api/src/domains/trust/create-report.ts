/**
 * Reporting (issue 14, Digital Services Act Art. 16): a shopper reports an offer, a business or a review (rate
 * limited per account on the counters every replica shares). Throws DomainError, never HTTP.
 */
import { REPORTS_PER_HOUR, type ReportKind, type ReportReason } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import type { RateLimitCountersRepository } from '../../kernel/repository/rate-limit-counters.ts';
import type { ReportsRepository } from './repository/reports.ts';

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
  // The shop's own people (owner and staff, issue 28 §4) report nothing of it but reviews of it.
  const isOwn = item !== undefined && (report.kind === 'REVIEW' ? item.authorUserId === userId : item.ownerUserId === userId || item.memberUserIds.includes(userId));
  if (!item?.isVisible || isOwn) throw new DomainError('not-found', 'reportItemNotFound', {}, { id: { code: 'reportItemNotFound' } });
  return deps.reports.openOnce(userId, report.kind, report.id, report.reason, report.text);
}

/**
 * The owners' weekly report (issue 15): from WEEKLY_REPORT_HOUR on Monday, Malta time, one WEEKLY_REPORT mail is
 * queued for the owner of every ACTIVE business with Email Notifications on, with the owner dashboard's four figures
 * (GET /vendors/me/insights: users nearby, offers viewed, conversions, average order value) for the Malta week
 * (Monday to Sunday) that just ended. Its dedupe key 'weekly-report:<vendorId>:<weekStart>' makes it once per
 * business and week, however many replicas' mailers look and however often.
 */
import { addDays, maltaDateOf, maltaOffsetHours, resolveInsightRange, WEEKLY_REPORT_HOUR } from '@qrib/shared';
import type { Db } from '../../db/client.ts';
import { buildInsightsReport, type InsightsRepository } from '../insights/index.ts';
import { enqueueMail } from './repository/mail-outbox.ts';
import { findOwnersWithoutWeeklyReport } from './repository/weekly-report-owners.ts';

const HOUR_MS = 3_600_000;

/** The Malta week that has just ended, when it is Monday at or after WEEKLY_REPORT_HOUR in Malta; else undefined. */
export function weekToReport(now: Date): { weekStart: string; weekEnd: string } | undefined {
  const today = maltaDateOf(now);
  const isMonday = new Date(`${today}T00:00:00Z`).getUTCDay() === 1;
  const maltaHour = new Date(now.getTime() + maltaOffsetHours(now.getTime()) * HOUR_MS).getUTCHours();
  if (!isMonday || maltaHour < WEEKLY_REPORT_HOUR) return undefined;
  return { weekStart: addDays(today, -7), weekEnd: addDays(today, -1) };
}

export function weeklyReportKey(vendorId: number, weekStart: string): string {
  return `weekly-report:${vendorId}:${weekStart}`;
}

export interface WeeklyReports {
  /** Queues the reports `now` calls for (none outside Monday mornings, none twice). Answers how many it queued. */
  queueDue(now?: Date): Promise<number>;
}

export function createWeeklyReports(db: Db, insights: InsightsRepository): WeeklyReports {
  // The week this process has queued every report of: later passes that week need no query at all.
  let doneWeek: string | undefined;

  return {
    async queueDue(now = new Date()) {
      const week = weekToReport(now);
      if (!week || week.weekStart === doneWeek) return 0;
      const owners = await findOwnersWithoutWeeklyReport(db, week.weekStart);
      const range = resolveInsightRange('weekly', now, week.weekStart, week.weekEnd);
      let queued = 0;
      for (const owner of owners) {
        // The dashboard's own computation for that week.
        const { metrics } = buildInsightsReport('weekly', range, await insights.collect(owner.vendor_id, range, maltaDateOf(now)));
        const isQueued = await enqueueMail(db, {
          userId: owner.user_id,
          toAddress: owner.email,
          kind: 'WEEKLY_REPORT',
          payload: {
            vendorId: owner.vendor_id,
            businessName: owner.business_name,
            weekStart: week.weekStart,
            weekEnd: week.weekEnd,
            usersNearby: metrics.usersNearby.value,
            offersViewed: metrics.offersViewed.value,
            conversions: metrics.conversions.value,
            avgOrderValue: metrics.avgOrderValue.value,
          },
          dedupeKey: weeklyReportKey(owner.vendor_id, week.weekStart),
        });
        if (isQueued) queued += 1;
      }
      doneWeek = week.weekStart;
      return queued;
    },
  };
}

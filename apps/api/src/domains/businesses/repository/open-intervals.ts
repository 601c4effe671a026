/**
 * Issue 28 §2 and §3: the rows of vendor_open_intervals (a shop's hours) and offer_schedule_intervals (an offer's
 * happy hours): replaced with the text they come from, and renewed by a pass that takes an advisory lock (replicas
 * do not repeat each other's work) and renews, in batches, those whose fortnight is within a day of running out (or
 * that have none).
 */
import { sql } from 'drizzle-orm';
import { maltaToday } from '@qrib/shared';
import { selectRows, type Db } from '../../../db/client.ts';
import { offerScheduleIntervals, vendorOpenIntervals } from '../../../db/schema.ts';
import { DAY_MS, Hours } from '../../../kernel/opening-hours.ts';
import { HORIZON_DAYS, intervalRows, type IntervalRow } from '../opening-hours.ts';

const BATCH = 500;

/** Replaces a shop's intervals (inside the transaction that changed its hours). */
export async function replaceOpenIntervals(tx: Db, vendorId: number, rows: readonly IntervalRow[]): Promise<void> {
  await tx.delete(vendorOpenIntervals).where(sql`${vendorOpenIntervals.vendorId} = ${vendorId}`);
  if (rows.length > 0) await tx.insert(vendorOpenIntervals).values(rows.map((row) => ({ vendorId, ...row })));
}

/** Replaces an offer's happy-hour windows (inside the transaction that wrote its schedule). */
export async function replaceScheduleIntervals(tx: Db, offerId: number, rows: readonly IntervalRow[]): Promise<void> {
  await tx.delete(offerScheduleIntervals).where(sql`${offerScheduleIntervals.offerId} = ${offerId}`);
  if (rows.length > 0) await tx.insert(offerScheduleIntervals).values(rows.map((row) => ({ offerId, ...row })));
}

/** What the pass renews: shops' hours, then current offers' schedules (an ended or removed offer is never shown). */
const SOURCES = [
  {
    due: (after: number, threshold: string) => sql`SELECT v.id, v.opening_hours AS text FROM vendors v
      WHERE v.opening_hours IS NOT NULL AND v.id > ${after}
        AND NOT EXISTS (SELECT 1 FROM vendor_open_intervals i WHERE i.vendor_id = v.id AND i.horizon >= ${threshold}::timestamptz)
      ORDER BY v.id LIMIT ${BATCH} FOR UPDATE OF v SKIP LOCKED`,
    replace: replaceOpenIntervals,
  },
  {
    due: (after: number, threshold: string, today: string) => sql`SELECT o.offer_id AS id, o.schedule AS text FROM offers o
      WHERE o.schedule IS NOT NULL AND o.status IN ('ACTIVE', 'PAUSED') AND o.end_date >= ${today}::date AND o.offer_id > ${after}
        AND NOT EXISTS (SELECT 1 FROM offer_schedule_intervals s WHERE s.offer_id = o.offer_id AND s.horizon >= ${threshold}::timestamptz)
      ORDER BY o.offer_id LIMIT ${BATCH} FOR UPDATE OF o SKIP LOCKED`,
    replace: replaceScheduleIntervals,
  },
];

/**
 * Renews the intervals of every shop with hours and every offer with a schedule whose horizon is less than
 * HORIZON_DAYS - 1 days ahead (or that has none), in batches; answers how many were renewed, or null when another
 * replica's pass holds the lock.
 */
export async function refreshOpenIntervals(db: Db, now = Date.now()): Promise<number | null> {
  const threshold = new Date(now + (HORIZON_DAYS - 1) * DAY_MS).toISOString();
  let renewed = 0;
  for (const source of SOURCES) {
    let after = 0;
    for (;;) {
      const outcome = await db.transaction(async (tx) => {
        const [lock] = await selectRows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(hashtext('qrib-open-intervals')) AS locked`);
        if (!lock?.locked) return null;
        // Locked as read (an edit of the same row waits, or is skipped here): never intervals of a text just replaced.
        const due = await selectRows<{ id: number; text: string }>(tx, source.due(after, threshold, maltaToday(new Date(now))));
        for (const row of due) {
          const reading = Hours.read(row.text);
          // A text stored before a library update that now refuses it: left as it was (its owner sees it).
          if (reading.ok) await source.replace(tx, Number(row.id), intervalRows(reading.hours, now));
        }
        return due;
      });
      if (outcome === null) return renewed === 0 ? null : renewed;
      renewed += outcome.length;
      const last = outcome.at(-1);
      if (!last || outcome.length < BATCH) break;
      after = Number(last.id);
    }
  }
  return renewed;
}

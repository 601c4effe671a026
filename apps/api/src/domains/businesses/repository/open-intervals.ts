/**
 * Issue 28 §2: the rows of vendor_open_intervals: replaced with a shop's hours, renewed by a pass that takes an
 * advisory lock (replicas do not repeat each other's work) and renews, in batches, the shops whose fortnight is within
 * a day of running out (or that have none).
 */
import { and, asc, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../../db/client.ts';
import { vendorOpenIntervals, vendors } from '../../../db/schema.ts';
import { DAY_MS, Hours } from '../../../kernel/opening-hours.ts';
import { HORIZON_DAYS, intervalRows, type IntervalRow } from '../opening-hours.ts';

const BATCH = 500;

/** Replaces a shop's intervals (inside the transaction that changed its hours). */
export async function replaceOpenIntervals(tx: Db, vendorId: number, rows: readonly IntervalRow[]): Promise<void> {
  await tx.delete(vendorOpenIntervals).where(inArray(vendorOpenIntervals.vendorId, [vendorId]));
  if (rows.length > 0) await tx.insert(vendorOpenIntervals).values(rows.map((row) => ({ vendorId, ...row })));
}

/**
 * Renews the intervals of every shop with hours whose horizon is less than HORIZON_DAYS - 1 days ahead (or that has
 * none), in batches; answers how many shops were renewed, or null when another replica's pass holds the lock.
 */
export async function refreshOpenIntervals(db: Db, now = Date.now()): Promise<number | null> {
  const threshold = new Date(now + (HORIZON_DAYS - 1) * DAY_MS);
  let renewed = 0;
  let after = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const [lock] = await selectRows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(hashtext('qrib-open-intervals')) AS locked`);
      if (!lock?.locked) return null;
      const due = await tx
        .select({ id: vendors.id, openingHours: vendors.openingHours })
        .from(vendors)
        .where(
          and(
            isNotNull(vendors.openingHours),
            gt(vendors.id, after),
            sql`NOT EXISTS (SELECT 1 FROM ${vendorOpenIntervals} i WHERE i.vendor_id = ${vendors.id} AND i.horizon >= ${threshold.toISOString()}::timestamptz)`,
          ),
        )
        .orderBy(asc(vendors.id))
        .limit(BATCH);
      for (const shop of due) {
        const reading = shop.openingHours === null ? undefined : Hours.read(shop.openingHours);
        // Hours stored before a library update that now refuses them: left as they were (the shop sees them on its page).
        if (!reading?.ok) continue;
        await replaceOpenIntervals(tx, shop.id, intervalRows(reading.hours, now));
      }
      return due;
    });
    if (outcome === null) return renewed === 0 ? null : renewed;
    renewed += outcome.length;
    const last = outcome.at(-1);
    if (!last || outcome.length < BATCH) return renewed;
    after = last.id;
  }
}

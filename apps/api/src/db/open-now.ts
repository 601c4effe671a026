/**
 * Issue 28 §2: "open now" and the next change of a shop, read from vendor_open_intervals (written with its hours and
 * renewed daily: domains/businesses/opening-hours.ts) at an instant the caller passes (the request's clock), so the
 * nearby and search statements filter and answer in the same statement, one index probe per shop
 * (vendor_open_intervals_closes_idx: the first interval that has not closed yet).
 *
 * `open_now` is null for a shop without hours ('hours not given', never 'closed'). `next_change` is when it closes
 * (open) or next opens (closed), null when that is not within the intervals' horizon (a fortnight): open around the
 * clock, or closed for longer.
 */
import { sql, type SQL } from 'drizzle-orm';

/** The first interval of shop `vendorId` not closed at `now`, as a LATERAL join named `alias`. */
export function nextIntervalJoin(vendorId: SQL, now: Date, alias: string): SQL {
  const name = sql.raw(alias);
  return sql`LEFT JOIN LATERAL (SELECT i.opens_at, i.closes_at, i.horizon FROM vendor_open_intervals i
    WHERE i.vendor_id = ${vendorId} AND i.closes_at > ${now.toISOString()}::timestamptz ORDER BY i.closes_at LIMIT 1) AS ${name} ON true`;
}

/** open_now and next_change (an ISO text) of a shop, from `hasHours` and the join made by nextIntervalJoin. */
export function openStateColumns(hasHours: SQL, now: Date, alias: string): SQL {
  const name = sql.raw(alias);
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`CASE WHEN ${hasHours} THEN coalesce(${name}.opens_at <= ${at}, false) END AS open_now,
    CASE WHEN NOT ${hasHours} OR ${name}.opens_at IS NULL THEN NULL
      WHEN ${name}.opens_at > ${at} THEN to_char(${name}.opens_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      WHEN ${name}.closes_at < ${name}.horizon THEN to_char(${name}.closes_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    END AS next_change`;
}

/** Shop `vendorId` is open at `now` (for a WHERE clause). */
export function openNowCondition(vendorId: SQL, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`EXISTS (SELECT 1 FROM vendor_open_intervals i WHERE i.vendor_id = ${vendorId} AND i.closes_at > ${at} AND i.opens_at <= ${at})`;
}

/** The columns as a card answers them. */
export interface OpenStateRow {
  open_now: boolean | null;
  next_change: string | null;
}

export function presentOpenState(row: OpenStateRow): { openNow: boolean | null; nextChange: string | null } {
  return { openNow: row.open_now === null || row.open_now === undefined ? null : Boolean(row.open_now), nextChange: row.next_change ?? null };
}

/** Issue 28 §3: An offer (o) that holds at `now`: no schedule, or inside one of its windows (for a WHERE clause). */
export function activeNowCondition(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(o.schedule IS NULL OR EXISTS (SELECT 1 FROM offer_schedule_intervals s WHERE s.offer_id = o.offer_id AND s.closes_at > ${at} AND s.opens_at <= ${at}))`;
}

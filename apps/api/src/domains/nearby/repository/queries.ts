/**
 * The nearby SQL (DESIGN.md §6): one k-nearest-neighbour scan over a GiST index for both screens, and what
 * their cards show, with each offer's card JSON written by the database.
 *
 * The nearest scan is the only place the KNN is written: the home ranks businesses with a current offer (their
 * `current_offer_until`, kept by triggers on offers: migrations 0012 and 0013), the
 * category screen ranks current offers of one category; both order by `ll_to_earth(...) <-> centre` with
 * nothing else in the ORDER BY (a tie-breaker would make PostgreSQL sort the whole table) and a LIMIT that bounds
 * the work whatever the radius. The caller orders ties by id and applies the radius (repository.ts).
 *
 * An offer's card is `row_to_json(ROW(...)::nearby_offer_json)` (migration 0011: the type's fields are
 * nearbyOfferSchema's keys in its order), one call that writes what JSON.stringify would for the same values;
 * test/routes/nearby-json.test.ts holds the two to the same bytes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { activeNowCondition, nextIntervalJoin, openNowCondition, openStateColumns } from '../../../db/open-now.ts';
import { publicUrlSql } from '../../../db/public-url-sql.ts';
import { OFFER_HAS_UNITS, SHOP_SEEN_BY_SHOPPERS } from '../../../db/shopper-visibility.ts';
import type { EarthPoint } from '../geometry.ts';
import type { NearbyCursor } from '../cursor.ts';

/** The point as a cube literal for SQL (three bound float8s). */
function cubeSql(point: EarthPoint): SQL {
  return sql`cube(ARRAY[${point.x}::float8, ${point.y}::float8, ${point.z}::float8])`;
}

export interface NearestScan {
  center: EarthPoint;
  /** Malta's date: offers that ended before it do not count. */
  today: string;
  /** Undefined: businesses (the home); a category: that category's offers. */
  categoryId: number | undefined;
  limit: number;
  /** Only rows after this (chord, id), for later pages. */
  after?: NearbyCursor | undefined;
  /** The request's clock: what "open now" is read at (issue 28 §2). */
  now: Date;
  /** Only shops open at `now`. */
  openNow?: boolean | undefined;
  /** Only offers that hold at `now` (issue 28 §3: no schedule, or inside a window); on the home, shops with one. */
  activeNow?: boolean | undefined;
  /**
   * With a filter: the radius as a chord, so the scan stops there (a box around the centre the GiST index answers)
   * instead of walking every shop when few pass the filter (03:00 on a Sunday).
   */
  within?: number | undefined;
}

/**
 * An offer shoppers may see today (its business's status is checked where the business is joined): ACTIVE, not
 * ended, and not sold out (issue 13).
 */
function isCurrent(today: string): SQL {
  return sql`o.status = 'ACTIVE' AND o.end_date >= ${today}::date AND ${OFFER_HAS_UNITS}`;
}

/**
 * Units left (offers o): null when unlimited, never below 0 (an owner may lower the maximum under the count).
 * GREATEST skips NULLs, hence the CASE.
 */
export const OFFER_REMAINING = sql`(CASE WHEN o.max_redemptions IS NULL THEN NULL ELSE greatest(o.max_redemptions - o.redeemed_count, 0) END)`;

/**
 * Columns: id, latitude, longitude, chord (from the centre), nearest first (ties in no particular order), and
 * for the home also business_name, business_address, logo_key, has_hours. With `openNow`, only shops open at `now`
 * (a filter on the same scan: one index probe per shop passed, db/open-now.ts).
 */
export function nearestQuery(scan: NearestScan): SQL {
  const center = cubeSql(scan.center);
  const open = scan.openNow ? sql`AND ${openNowCondition(sql`v.id`, scan.now)}` : sql``;
  const box = (point: SQL) => (scan.within === undefined ? sql`` : sql`AND cube_enlarge(${center}, ${scan.within}::float8, 3) @> ${point}`);
  if (scan.categoryId === undefined) {
    const active = scan.activeNow
      ? sql`AND EXISTS (SELECT 1 FROM offers o WHERE o.vendor_id = v.id AND ${isCurrent(scan.today)} AND ${activeNowCondition(scan.now)})`
      : sql``;
    const point = sql`ll_to_earth(v.location_latitude, v.location_longitude)`;
    const after = scan.after ? sql`AND ((${point} <-> ${center}), v.id) > (${scan.after.d}::float8, ${scan.after.id}::int)` : sql``;
    return sql`
      SELECT v.id, v.location_latitude AS latitude, v.location_longitude AS longitude, (${point} <-> ${center}) AS chord,
        v.business_name, v.business_address, v.logo_key, v.opening_hours IS NOT NULL AS has_hours
      FROM vendors v
      WHERE ${SHOP_SEEN_BY_SHOPPERS}
        AND v.current_offer_until >= ${scan.today}::date
        ${box(point)}
        ${open}
        ${active}
        ${after}
      ORDER BY ${point} <-> ${center}
      LIMIT ${scan.limit}::int`;
  }
  const point = sql`ll_to_earth(o.location_latitude, o.location_longitude)`;
  const after = scan.after ? sql`AND ((${point} <-> ${center}), o.offer_id) > (${scan.after.d}::float8, ${scan.after.id}::int)` : sql``;
  return sql`
    SELECT o.offer_id AS id, o.location_latitude AS latitude, o.location_longitude AS longitude, (${point} <-> ${center}) AS chord
    FROM offers o
    JOIN vendors v ON v.id = o.vendor_id AND ${SHOP_SEEN_BY_SHOPPERS}
    WHERE ${isCurrent(scan.today)}
      AND o.category_id = ${scan.categoryId}::int
      ${box(point)}
      ${open}
      ${scan.activeNow ? sql`AND ${activeNowCondition(scan.now)}` : sql``}
      ${after}
    ORDER BY ${point} <-> ${center}
    LIMIT ${scan.limit}::int`;
}

/**
 * Issue 27: `offerPrice()` of packages/shared/src/offer-price.ts, operation for operation in float8 (what JavaScript
 * computes with): euros to cents rounded half up (floor(x + 0.5) is Math.round for these values), the percentage or
 * the amount taken off, never below zero, back to euros. nearby-json.test.ts holds the two to the same numbers.
 */
export const OFFER_PRICE = sql`(CASE WHEN o.regular_price IS NULL OR o.regular_price <= 0 THEN NULL
  WHEN o.discount_type = 'PERCENTAGE' THEN greatest(0, floor(floor(o.regular_price::float8 * 100 + 0.5) * (1 - least(o.discount_value::float8, 100) / 100) + 0.5)) / 100
  WHEN o.discount_type = 'FIXED' THEN greatest(0, floor(o.regular_price::float8 * 100 + 0.5) - floor(o.discount_value::float8 * 100 + 0.5)) / 100
END)`;

/**
 * An offer's card JSON (nearbyOfferSchema), from offers o and its first photo i: the nearby_offer_json type writes the
 * keys up to featuredOffer; issue 27's four (nearbyOfferSchema's last keys) are appended to the same text, so no type
 * change: float8 and int text is what JSON.stringify writes for the same numbers, and null is null.
 */
/**
 * Issue 28 §3: the offer's happy hour, appended last (scheduleStateFields' keys in order): the schedule text, whether a
 * window is open at `now` (null without a schedule), and that window or the next one. An offer without a schedule (most)
 * costs a constant: the window is looked up (one index probe) only in the CASE's other branch. to_json writes a text as
 * JSON.stringify does (nearby-json.test.ts holds the bytes).
 */
const ISO_UTC = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
const NO_SCHEDULE_JSON = ',"schedule":null,"activeNow":null,"windowOpensAt":null,"windowClosesAt":null';
function SCHEDULE_JSON(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(CASE WHEN o.schedule IS NULL THEN ${NO_SCHEDULE_JSON}::text ELSE ',"schedule":' || to_json(o.schedule)::text || coalesce((
      SELECT ',"activeNow":' || (CASE WHEN s.opens_at <= ${at} THEN 'true' ELSE 'false' END)
        || ',"windowOpensAt":' || to_json(to_char(s.opens_at AT TIME ZONE 'UTC', ${ISO_UTC}))::text
        || ',"windowClosesAt":' || to_json(to_char(s.closes_at AT TIME ZONE 'UTC', ${ISO_UTC}))::text
      FROM offer_schedule_intervals s WHERE s.offer_id = o.offer_id AND s.closes_at > ${at} ORDER BY s.closes_at LIMIT 1
    ), ',"activeNow":false,"windowOpensAt":null,"windowClosesAt":null') END)`;
}

/** When the offer's (o) happy-hour state next changes: its window's end when open, else its start; null without one. */
function windowChange(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`(CASE WHEN o.schedule IS NULL THEN NULL::timestamptz ELSE (
      SELECT CASE WHEN s.opens_at <= ${at} THEN s.closes_at ELSE s.opens_at END
      FROM offer_schedule_intervals s WHERE s.offer_id = o.offer_id AND s.closes_at > ${at} ORDER BY s.closes_at LIMIT 1) END)`;
}

function offerJson(now: Date): SQL {
  return sql`(left(row_to_json(ROW(o.offer_id, ${publicUrlSql(sql`i.card_key`)}, o.title, o.description, o.discount_type,
  o.discount_value::float8, o.start_date, o.end_date, o.terms_and_conditions, o.status, ${OFFER_REMAINING}, o.featured_offer)::nearby_offer_json)::text, -1)
  || ',"regularPrice":' || coalesce(o.regular_price::float8::text, 'null') || ',"offerPrice":' || coalesce(${OFFER_PRICE}::text, 'null')
  || ',"buyQuantity":' || coalesce(o.buy_quantity::text, 'null') || ',"getQuantity":' || coalesce(o.get_quantity::text, 'null')
  || ${SCHEDULE_JSON(now)} || '}')`;
}

const FIRST_PHOTO = sql`LEFT JOIN offer_images i ON i.offer_id = o.offer_id AND i.position = 0`;

/** A business's current offers' card JSON, comma-separated, featured first, then ending soonest. */
function currentOffersJson(vendorId: SQL, today: string, now: Date, activeNow = false): SQL {
  return sql`LEFT JOIN LATERAL (
    SELECT string_agg(${offerJson(now)}, ',' ORDER BY o.featured_offer DESC, o.end_date, o.offer_id) AS offers,
      to_char(min(${windowChange(now)}) AT TIME ZONE 'UTC', ${ISO_UTC}) AS offers_change
    FROM offers o ${FIRST_PHOTO}
    WHERE o.vendor_id = ${vendorId} AND ${isCurrent(today)} ${activeNow ? sql`AND ${activeNowCondition(now)}` : sql``}
  ) AS current ON true`;
}

/** What a category screen's card shows, for the offers (ids) in `p`, with its shop's open state at `now`. */
function categoryOfferColumns(now: Date): SQL {
  return sql`${offerJson(now)} AS offer, to_char(${windowChange(now)} AT TIME ZONE 'UTC', ${ISO_UTC}) AS offers_change, c.category_id, c.name AS category_name,
  c.description AS category_description, c.icon_url AS category_icon_url, v.id AS vendor_id, v.business_name, v.business_address, v.logo_key,
  ${openStateColumns(sql`(v.opening_hours IS NOT NULL)`, now, 'hours')}`;
}
function categoryOfferJoins(now: Date): SQL {
  return sql`JOIN offers o ON o.offer_id = p.id JOIN vendors v ON v.id = o.vendor_id
  LEFT JOIN categories c ON c.category_id = o.category_id ${FIRST_PHOTO} ${nextIntervalJoin(sql`v.id`, now, 'hours')}`;
}

/**
 * The `limit` nearest rows after the cursor with everything their cards show. Columns: id, chord, latitude,
 * longitude, and the card columns (repository.ts makes the cards).
 */
export function pageQuery(scan: NearestScan): SQL {
  if (scan.categoryId === undefined) {
    return sql`SELECT p.*, current.offers, current.offers_change, ${openStateColumns(sql`p.has_hours`, scan.now, 'hours')}
      FROM (${nearestQuery(scan)}) AS p ${currentOffersJson(sql`p.id`, scan.today, scan.now, scan.activeNow)} ${nextIntervalJoin(sql`p.id`, scan.now, 'hours')}`;
  }
  return sql`SELECT p.id, p.chord, p.latitude, p.longitude, ${categoryOfferColumns(scan.now)} FROM (${nearestQuery(scan)}) AS p ${categoryOfferJoins(scan.now)}`;
}

/** For the response cache: the `limit` rows nearest a cell's centre with their earth() cubes. Columns: id, latitude, longitude, x, y, z. */
export function candidatesQuery(scan: NearestScan): SQL {
  return sql`
    SELECT id, latitude, longitude, cube_ll_coord(point, 1) AS x, cube_ll_coord(point, 2) AS y, cube_ll_coord(point, 3) AS z
    FROM (SELECT nearest.id, nearest.latitude, nearest.longitude, ll_to_earth(nearest.latitude, nearest.longitude) AS point FROM (${nearestQuery(scan)}) AS nearest) AS located`;
}

/**
 * For the response cache: the card columns by id (vendor ids for the home, offer ids for a category). The ids go
 * as one array value (`{1,2,3}`), so the query's text is the same whatever their number and can be prepared once.
 */
export function cardsQuery(ids: readonly number[], categoryId: number | undefined, today: string, now: Date): SQL {
  if (!ids.every((id) => Number.isSafeInteger(id))) throw new Error('card ids must be integers');
  const list = sql`unnest(${`{${ids.join(',')}}`}::int[]) AS p (id)`;
  if (categoryId === undefined) {
    return sql`
      SELECT v.id, v.business_name, v.business_address, v.logo_key, v.location_latitude AS latitude, v.location_longitude AS longitude,
        current.offers, current.offers_change, ${openStateColumns(sql`(v.opening_hours IS NOT NULL)`, now, 'hours')}
      FROM ${list} JOIN vendors v ON v.id = p.id ${currentOffersJson(sql`v.id`, today, now)} ${nextIntervalJoin(sql`v.id`, now, 'hours')}`;
  }
  return sql`SELECT p.id, ${categoryOfferColumns(now)} FROM ${list} ${categoryOfferJoins(now)}`;
}

/**
 * Sets every business's `current_offer_until` from its offers: what migration 0012's triggers keep, for a bulk
 * loader that loaded offers with triggers switched off.
 */
export function refreshCurrentOfferUntilQuery(): SQL {
  return sql`
    UPDATE vendors v SET current_offer_until = latest.until
    FROM (SELECT v2.id, max(o.end_date) FILTER (WHERE o.status = 'ACTIVE' AND ${OFFER_HAS_UNITS}) AS until FROM vendors v2 LEFT JOIN offers o ON o.vendor_id = v2.id GROUP BY v2.id) AS latest
    WHERE v.id = latest.id AND v.current_offer_until IS DISTINCT FROM latest.until`;
}

/**
 * The nearby SQL (DESIGN.md §6): one k-nearest-neighbour scan over a GiST index for both screens, and the cards
 * the answers show, written by the database as JSON text cut where the shopper's distance goes.
 *
 * The nearest scan is the only place the KNN is written: the home ranks businesses with a current offer, the
 * category screen ranks current offers of one category; both order by `ll_to_earth(...) <-> centre` with
 * nothing else in the ORDER BY (a tie-breaker would make PostgreSQL sort the whole table) and a LIMIT that bounds
 * the work whatever the radius. Callers filter by radius and order ties by id outside it.
 *
 * Card JSON is spelled key by key in the order of the shared zod schemas (nearbyBusinessSchema,
 * nearbyCategoryOfferSchema), with to_json for every string and date, so the text is what the route's serializer
 * would write for the same values; test/routes/nearby-json.test.ts re-serializes answers to prove it.
 */
import { sql, type SQL } from 'drizzle-orm';
import { publicUrlSql } from '../../storage/public-url.ts';
import { chordFor, cubeSql, type EarthPoint } from './geometry.ts';
import type { NearbyCursor } from './cursor.ts';

export interface NearestScan {
  center: EarthPoint;
  /** Malta's date: offers that ended before it do not count. */
  today: string;
  /** Undefined: businesses (the home); a category: that category's offers. */
  categoryId: number | undefined;
  limit: number;
  /** Only rows after this (chord, id), for later pages. */
  after?: NearbyCursor;
}

/** An offer shoppers may see today (its business's status is checked where the business is joined). */
function isCurrent(today: string): SQL {
  return sql`o.status = 'ACTIVE' AND o.end_date >= ${today}`;
}

/** Columns: id, latitude, longitude, chord (from the centre), nearest first. */
export function nearestQuery(scan: NearestScan): SQL {
  const center = cubeSql(scan.center);
  if (scan.categoryId === undefined) {
    const point = sql`ll_to_earth(v.location_latitude, v.location_longitude)`;
    const after = scan.after ? sql`AND ((${point} <-> ${center}), v.id) > (${scan.after.d}, ${scan.after.id})` : sql``;
    return sql`
      SELECT v.id, v.location_latitude AS latitude, v.location_longitude AS longitude, (${point} <-> ${center}) AS chord
      FROM vendors v
      WHERE v.status = 'ACTIVE'
        AND EXISTS (SELECT 1 FROM offers o WHERE o.vendor_id = v.id AND ${isCurrent(scan.today)})
        ${after}
      ORDER BY ${point} <-> ${center}
      LIMIT ${scan.limit}`;
  }
  const point = sql`ll_to_earth(o.location_latitude, o.location_longitude)`;
  const after = scan.after ? sql`AND ((${point} <-> ${center}), o.offer_id) > (${scan.after.d}, ${scan.after.id})` : sql``;
  return sql`
    SELECT o.offer_id AS id, o.location_latitude AS latitude, o.location_longitude AS longitude, (${point} <-> ${center}) AS chord
    FROM offers o
    JOIN vendors v ON v.id = o.vendor_id AND v.status = 'ACTIVE'
    WHERE ${isCurrent(scan.today)}
      AND o.category_id = ${scan.categoryId}
      ${after}
    ORDER BY ${point} <-> ${center}
    LIMIT ${scan.limit}`;
}

/** A JSON value of a column, or null. */
function json(column: SQL): SQL {
  return sql`COALESCE(to_json(${column})::text, 'null')`;
}

/** An offer as cards show it (nearbyOfferSchema), without its braces, from offers o and its first photo i. */
const OFFER_SUMMARY_FIELDS = sql`'"offerId":' || o.offer_id
  || ',"imageUrl":' || ${json(publicUrlSql(sql`i.card_key`))}
  || ',"title":' || to_json(o.title)::text
  || ',"description":' || to_json(o.description)::text
  || ',"discountType":' || to_json(o.discount_type)::text
  || ',"discountValue":' || o.discount_value::float8::text
  || ',"startDate":' || to_json(o.start_date)::text
  || ',"endDate":' || to_json(o.end_date)::text
  || ',"termsAndConditions":' || ${json(sql`o.terms_and_conditions`)}
  || ',"status":' || to_json(o.status)::text`;

const FIRST_PHOTO = sql`LEFT JOIN offer_images i ON i.offer_id = o.offer_id AND i.position = 0`;

/** Columns head and tail: a business card (vendors v) up to `"distance":` and after its value. */
function businessCard(today: string): SQL {
  return sql`
    '{"vendorId":' || v.id
      || ',"businessName":' || to_json(v.business_name)::text
      || ',"logoUrl":' || ${json(publicUrlSql(sql`v.logo_key`))}
      || ',"distance":' AS head,
    ',"businessAddress":' || to_json(v.business_address)::text || ',"offers":['
      || COALESCE((
        SELECT string_agg('{' || ${OFFER_SUMMARY_FIELDS} || '}', ',' ORDER BY o.featured_offer DESC, o.end_date, o.offer_id)
        FROM offers o ${FIRST_PHOTO}
        WHERE o.vendor_id = v.id AND ${isCurrent(today)}
      ), '') || ']}' AS tail`;
}

/** Columns head and tail: a category screen's offer card (offers o, vendors v, categories c, photo i). */
const CATEGORY_OFFER_CARD = sql`
  '{' || ${OFFER_SUMMARY_FIELDS} || ',"distance":' AS head,
  ',"category":' || COALESCE('{"categoryId":' || c.category_id
      || ',"name":' || to_json(c.name)::text
      || ',"description":' || to_json(c.description)::text
      || ',"iconUrl":' || ${json(sql`c.icon_url`)} || '}', 'null')
    || ',"vendor":{"vendorId":' || v.id
    || ',"businessName":' || to_json(v.business_name)::text
    || ',"businessAddress":' || to_json(v.business_address)::text || '}}' AS tail`;

/** The tables a card reads, joined to the ids in `source` (a subquery with an id column, aliased p). */
function cardsJoinedTo(categoryId: number | undefined, today: string): { columns: SQL; joins: SQL } {
  if (categoryId === undefined) return { columns: businessCard(today), joins: sql`JOIN vendors v ON v.id = p.id` };
  return {
    columns: CATEGORY_OFFER_CARD,
    joins: sql`JOIN offers o ON o.offer_id = p.id JOIN vendors v ON v.id = o.vendor_id LEFT JOIN categories c ON c.category_id = o.category_id ${FIRST_PHOTO}`,
  };
}

export interface NearbyPageQuery extends Omit<NearestScan, 'limit'> {
  radiusKm: number;
  pageSize: number;
}

/**
 * A whole page in one statement: the nearest rows within the radius after the cursor, ties by id, one more
 * than the page (to know whether another follows), each with its card. Columns: id, chord, latitude,
 * longitude, head, tail.
 */
export function pageQuery(page: NearbyPageQuery): SQL {
  // Twice the page from the index scan, so rows at exactly the same distance (shops in one building) are
  // still ordered by id across a page boundary unless more than a page of them tie.
  const nearest = nearestQuery({ ...page, limit: 2 * (page.pageSize + 1) });
  const { columns, joins } = cardsJoinedTo(page.categoryId, page.today);
  return sql`
    SELECT p.id, p.chord, p.latitude, p.longitude, ${columns}
    FROM (
      SELECT * FROM (${nearest}) AS nearest
      WHERE nearest.chord <= ${chordFor(page.radiusKm)}
      ORDER BY nearest.chord, nearest.id
      LIMIT ${page.pageSize + 1}
    ) AS p
    ${joins}
    ORDER BY p.chord, p.id`;
}

/** For the response cache: the `limit` rows nearest a cell's centre with their earth() cubes. Columns: id, latitude, longitude, x, y, z. */
export function candidatesQuery(scan: NearestScan): SQL {
  return sql`
    SELECT id, latitude, longitude, cube_ll_coord(point, 1) AS x, cube_ll_coord(point, 2) AS y, cube_ll_coord(point, 3) AS z
    FROM (SELECT nearest.*, ll_to_earth(nearest.latitude, nearest.longitude) AS point FROM (${nearestQuery(scan)}) AS nearest) AS located`;
}

/** For the response cache: cards by id (vendor ids for the home, offer ids for a category). Columns: id, head, tail. */
export function cardsQuery(ids: readonly number[], categoryId: number | undefined, today: string): SQL {
  const { columns, joins } = cardsJoinedTo(categoryId, today);
  const list = sql.join(
    ids.map((id) => sql`(${id}::int)`),
    sql`, `,
  );
  return sql`SELECT p.id, ${columns} FROM (VALUES ${list}) AS p (id) ${joins}`;
}

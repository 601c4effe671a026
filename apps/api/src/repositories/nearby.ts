/**
 * Nearby search (DESIGN.md §6): a GiST k-nearest-neighbour scan on ll_to_earth, nearest first, filtered to
 * the radius, paged by a (distance, id) cursor. Only ACTIVE offers that have not ended (in Malta's calendar)
 * of ACTIVE businesses count. Distances leave the server as the spec's haversine km.
 */
import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_KM, haversineKm, type NearbyBusiness, type NearbyCategoryOffer } from '@qrib/shared';
import { selectRows, type Db } from '../db/client.ts';
import { categories, offers, vendors } from '../db/schema.ts';
import { publicUrl } from '../storage/public-url.ts';
import { findFirstImageUrls, presentOfferSummary } from './offer-summary.ts';

/** earthdistance's earth() radius in metres: ll_to_earth places points on a sphere of this radius. */
const EARTH_CUBE_RADIUS_M = 6378168;

/** A point as earthdistance's cube holds it: metres from the earth's centre. */
export interface EarthPoint {
  x: number;
  y: number;
  z: number;
}

/**
 * The shopper's position as an earth() cube, computed here and sent to the database as three exact float8s, so
 * the chord distances the database orders by are the very numbers chordBetween computes in memory (the response
 * cache re-ranks with them and builds the same cursors).
 */
export function earthPoint(latitude: number, longitude: number): EarthPoint {
  const lat = (latitude * Math.PI) / 180;
  const lng = (longitude * Math.PI) / 180;
  return {
    x: EARTH_CUBE_RADIUS_M * Math.cos(lat) * Math.cos(lng),
    y: EARTH_CUBE_RADIUS_M * Math.cos(lat) * Math.sin(lng),
    z: EARTH_CUBE_RADIUS_M * Math.sin(lat),
  };
}

/**
 * The cube extension's `<->` between two points, operation for operation (cube_distance: per axis the
 * difference as a non-negative number, squares summed in axis order, one square root), so the result is
 * bit-identical to the database's.
 */
export function chordBetween(a: EarthPoint, b: EarthPoint): number {
  const dx = a.x <= b.x ? b.x - a.x : a.x - b.x;
  const dy = a.y <= b.y ? b.y - a.y : a.y - b.y;
  const dz = a.z <= b.z ? b.z - a.z : a.z - b.z;
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

function cubeOf(point: EarthPoint): SQL {
  return sql`cube(ARRAY[${point.x}, ${point.y}, ${point.z}]::float8[])`;
}

export interface NearbyCursor {
  /** Chord distance (in earth() units) of the last row of the previous page, and its id. */
  d: number;
  id: number;
}

export interface NearbySearch {
  latitude: number;
  longitude: number;
  radiusKm: number;
  cursor: NearbyCursor | undefined;
  pageSize: number;
  today: string;
}

/** The chord length matching a great-circle distance on the spec's 6371 km sphere, scaled to earth(). */
export function chordFor(radiusKm: number): number {
  return 2 * EARTH_CUBE_RADIUS_M * Math.sin(radiusKm / EARTH_RADIUS_KM / 2);
}

/**
 * Candidates the index scan hands over for one page: twice the page, so rows at exactly the same distance
 * (shops in one building) are still ordered by id across a page boundary unless more than a page of them tie.
 */
function candidateLimit(pageSize: number): number {
  return 2 * (pageSize + 1);
}

export function encodeCursor(cursor: NearbyCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Undefined for anything that is not a cursor this server made the shape of. */
export function decodeCursor(text: string): NearbyCursor | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const { d, id } = value as Record<string, unknown>;
    if (typeof d !== 'number' || !Number.isFinite(d) || d < 0 || typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
      return undefined;
    }
    return { d, id };
  } catch {
    return undefined;
  }
}

export function encodeOffsetCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

/** The offset in a search cursor, or undefined for anything else. */
export function decodeOffsetCursor(text: string): number | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    const offset = typeof value === 'object' && value !== null ? (value as { o?: unknown }).o : undefined;
    return typeof offset === 'number' && Number.isSafeInteger(offset) && offset > 0 && offset <= 10_000 ? offset : undefined;
  } catch {
    return undefined;
  }
}

const round = (km: number) => Math.round(km * 1000) / 1000;

/** The first query of a nearby page: the KNN scan over businesses (exported for the benchmark). */
export function nearbyBusinessesQuery(search: NearbySearch): SQL {
  const center = cubeOf(earthPoint(search.latitude, search.longitude));
  const point = sql`ll_to_earth(v.location_latitude, v.location_longitude)`;
  const chord = sql`(${point} <-> ${center})`;
  const after: SQL = search.cursor ? sql`AND (${chord}, v.id) > (${search.cursor.d}, ${search.cursor.id})` : sql``;
  // The inner query is a pure k-nearest-neighbour scan of the GiST index: no box condition (which tempts the
  // planner into a bitmap scan of the whole radius and a sort) and no id tie-breaker (which makes PostgreSQL
  // sort the whole table). Its LIMIT bounds the work whatever the radius; the outer query drops what lies
  // beyond the radius and orders ties by id for the cursor.
  return sql`
    SELECT * FROM (
      SELECT v.id, v.business_name, v.business_address, v.logo_key, v.location_latitude, v.location_longitude, ${chord} AS chord
      FROM vendors v
      WHERE v.status = 'ACTIVE'
        AND EXISTS (
          SELECT 1 FROM offers o WHERE o.vendor_id = v.id AND o.status = 'ACTIVE' AND o.end_date >= ${search.today}
        )
        ${after}
      ORDER BY ${point} <-> ${center}
      LIMIT ${candidateLimit(search.pageSize)}
    ) AS nearest
    WHERE nearest.chord <= ${chordFor(search.radiusKm)}
    ORDER BY nearest.chord, nearest.id
    LIMIT ${search.pageSize + 1}
  `;
}

export interface NearbyBusinessRow {
  id: number;
  business_name: string;
  business_address: string;
  logo_key: string | null;
  location_latitude: number;
  location_longitude: number;
  chord: number;
}

/** A business (or, for a category, an offer) the response cache may rank for any point of its cell. */
export interface NearbyCandidate extends EarthPoint {
  id: number;
  latitude: number;
  longitude: number;
}

/** What a card shows apart from the distance, which depends on where the shopper stands. */
export type NearbyBusinessCard = Omit<NearbyBusiness, 'distance'>;
export type NearbyCategoryOfferCard = Omit<NearbyCategoryOffer, 'distance'>;

interface CandidateRow {
  id: number;
  latitude: number;
  longitude: number;
  x: number;
  y: number;
  z: number;
}

function toCandidate(row: CandidateRow): NearbyCandidate {
  return {
    id: Number(row.id),
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    x: Number(row.x),
    y: Number(row.y),
    z: Number(row.z),
  };
}

export function createNearbyRepository(db: Db) {
  /** Each business's current offers as cards show them (featured first, then ending soonest). */
  async function findCurrentOffers(vendorIds: number[], today: string) {
    const offerRows = vendorIds.length
      ? await db
          .select()
          .from(offers)
          .where(and(inArray(offers.vendorId, vendorIds), eq(offers.status, 'ACTIVE'), gte(offers.endDate, today)))
          .orderBy(desc(offers.featuredOffer), asc(offers.endDate), asc(offers.offerId))
      : [];
    const images = await findFirstImageUrls(db, offerRows.map((offer) => offer.offerId));
    const byVendor = new Map<number, ReturnType<typeof presentOfferSummary>[]>();
    for (const offer of offerRows) {
      const list = byVendor.get(offer.vendorId) ?? [];
      list.push(presentOfferSummary(offer, images.get(offer.offerId) ?? null));
      byVendor.set(offer.vendorId, list);
    }
    return byVendor;
  }

  return {
    /** The customer home: businesses nearest first, each with its current offers. */
    async findNearbyBusinesses(search: NearbySearch): Promise<{ businesses: NearbyBusiness[]; nextCursor: NearbyCursor | undefined }> {
      const found = await selectRows<NearbyBusinessRow>(db, nearbyBusinessesQuery(search));
      const rows = found.slice(0, search.pageSize);
      const last = rows.at(-1);
      const nextCursor = found.length > search.pageSize && last ? { d: Number(last.chord), id: Number(last.id) } : undefined;
      const offersByVendor = await findCurrentOffers(rows.map((row) => Number(row.id)), search.today);
      const businesses = rows.map((row) => ({
        vendorId: Number(row.id),
        businessName: row.business_name,
        logoUrl: row.logo_key ? publicUrl(row.logo_key) : null,
        distance: round(haversineKm(search.latitude, search.longitude, Number(row.location_latitude), Number(row.location_longitude))),
        businessAddress: row.business_address,
        offers: offersByVendor.get(Number(row.id)) ?? [],
      }));
      return { businesses, nextCursor };
    },

    /** The category screen: offers of one category, nearest first. */
    async findNearbyOffersInCategory(
      search: NearbySearch & { categoryId: number },
    ): Promise<{ offers: NearbyCategoryOffer[]; nextCursor: NearbyCursor | undefined }> {
      const center = cubeOf(earthPoint(search.latitude, search.longitude));
      const point = sql`ll_to_earth(o.location_latitude, o.location_longitude)`;
      const chord = sql`(${point} <-> ${center})`;
      const after: SQL = search.cursor ? sql`AND (${chord}, o.offer_id) > (${search.cursor.d}, ${search.cursor.id})` : sql``;
      const matches = await selectRows<{ offer_id: number; chord: number; business_name: string; business_address: string }>(db, sql`
        SELECT * FROM (
          SELECT o.offer_id, ${chord} AS chord, v.business_name, v.business_address
          FROM offers o
          JOIN vendors v ON v.id = o.vendor_id AND v.status = 'ACTIVE'
          WHERE o.status = 'ACTIVE'
            AND o.end_date >= ${search.today}
            AND o.category_id = ${search.categoryId}
            ${after}
          ORDER BY ${point} <-> ${center}
          LIMIT ${candidateLimit(search.pageSize)}
        ) AS nearest
        WHERE nearest.chord <= ${chordFor(search.radiusKm)}
        ORDER BY nearest.chord, nearest.offer_id
        LIMIT ${search.pageSize + 1}
      `);
      const rows = matches.slice(0, search.pageSize);
      const last = rows.at(-1);
      const nextCursor = matches.length > search.pageSize && last ? { d: Number(last.chord), id: Number(last.offer_id) } : undefined;
      const ids = rows.map((row) => Number(row.offer_id));
      const offerRows = ids.length
        ? await db.select({ offer: offers, category: categories }).from(offers).leftJoin(categories, eq(categories.categoryId, offers.categoryId)).where(inArray(offers.offerId, ids))
        : [];
      const byId = new Map(offerRows.map((row) => [row.offer.offerId, row]));
      const images = await findFirstImageUrls(db, ids);
      const nearbyOffers: NearbyCategoryOffer[] = [];
      for (const row of rows) {
        const match = byId.get(Number(row.offer_id));
        if (!match) continue;
        const { offer, category } = match;
        nearbyOffers.push({
          ...presentOfferSummary(offer, images.get(offer.offerId) ?? null),
          distance: round(haversineKm(search.latitude, search.longitude, offer.locationLatitude, offer.locationLongitude)),
          category,
          vendor: { vendorId: offer.vendorId, businessName: row.business_name, businessAddress: row.business_address },
        });
      }
      return { offers: nearbyOffers, nextCursor };
    },

    /**
     * For the response cache: the `limit` businesses nearest to a cell's centre that the home would list
     * (active, with a current offer), or with categoryId the nearest current offers of that category, each
     * with its position and its earth() cube exactly as the database computes it.
     */
    async findCandidates(query: { center: EarthPoint; today: string; limit: number; categoryId?: number }): Promise<NearbyCandidate[]> {
      const center = cubeOf(query.center);
      if (query.categoryId === undefined) {
        const point = sql`ll_to_earth(v.location_latitude, v.location_longitude)`;
        const rows = await selectRows<CandidateRow>(db, sql`
          SELECT id, latitude, longitude, cube_ll_coord(point, 1) AS x, cube_ll_coord(point, 2) AS y, cube_ll_coord(point, 3) AS z
          FROM (
            SELECT v.id, v.location_latitude AS latitude, v.location_longitude AS longitude, ${point} AS point
            FROM vendors v
            WHERE v.status = 'ACTIVE'
              AND EXISTS (
                SELECT 1 FROM offers o WHERE o.vendor_id = v.id AND o.status = 'ACTIVE' AND o.end_date >= ${query.today}
              )
            ORDER BY ${point} <-> ${center}
            LIMIT ${query.limit}
          ) AS nearest
        `);
        return rows.map(toCandidate);
      }
      const point = sql`ll_to_earth(o.location_latitude, o.location_longitude)`;
      const rows = await selectRows<CandidateRow>(db, sql`
        SELECT id, latitude, longitude, cube_ll_coord(point, 1) AS x, cube_ll_coord(point, 2) AS y, cube_ll_coord(point, 3) AS z
        FROM (
          SELECT o.offer_id AS id, o.location_latitude AS latitude, o.location_longitude AS longitude, ${point} AS point
          FROM offers o
          JOIN vendors v ON v.id = o.vendor_id AND v.status = 'ACTIVE'
          WHERE o.status = 'ACTIVE'
            AND o.end_date >= ${query.today}
            AND o.category_id = ${query.categoryId}
          ORDER BY ${point} <-> ${center}
          LIMIT ${query.limit}
        ) AS nearest
      `);
      return rows.map(toCandidate);
    },

    /** For the response cache: businesses' cards (everything but the distance), by vendor id. */
    async findBusinessCards(vendorIds: number[], today: string): Promise<Map<number, NearbyBusinessCard>> {
      if (vendorIds.length === 0) return new Map();
      const rows = await db.select().from(vendors).where(inArray(vendors.id, vendorIds));
      const offersByVendor = await findCurrentOffers(vendorIds, today);
      return new Map(
        rows.map((row) => [
          row.id,
          {
            vendorId: row.id,
            businessName: row.businessName,
            logoUrl: row.logoKey ? publicUrl(row.logoKey) : null,
            businessAddress: row.businessAddress,
            offers: offersByVendor.get(row.id) ?? [],
          },
        ]),
      );
    },

    /** For the response cache: the category screen's offer cards (everything but the distance), by offer id. */
    async findCategoryOfferCards(offerIds: number[]): Promise<Map<number, NearbyCategoryOfferCard>> {
      if (offerIds.length === 0) return new Map();
      const rows = await db
        .select({ offer: offers, category: categories, vendor: { vendorId: vendors.id, businessName: vendors.businessName, businessAddress: vendors.businessAddress } })
        .from(offers)
        .innerJoin(vendors, eq(vendors.id, offers.vendorId))
        .leftJoin(categories, eq(categories.categoryId, offers.categoryId))
        .where(inArray(offers.offerId, offerIds));
      const images = await findFirstImageUrls(db, offerIds);
      return new Map(
        rows.map(({ offer, category, vendor }) => [
          offer.offerId,
          { ...presentOfferSummary(offer, images.get(offer.offerId) ?? null), category, vendor },
        ]),
      );
    },
  };
}

export type NearbyRepository = ReturnType<typeof createNearbyRepository>;

/**
 * Nearby search (DESIGN.md §6): a GiST k-nearest-neighbour scan on ll_to_earth, nearest first, filtered to
 * the radius, paged by a (distance, id) cursor. Only ACTIVE offers that have not ended (in Malta's calendar)
 * of ACTIVE businesses count. Distances leave the server as the spec's haversine km.
 */
import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { EARTH_RADIUS_KM, haversineKm, type NearbyBusiness, type NearbyCategoryOffer } from '@qrib/shared';
import { selectRows, type Db } from '../db/client.ts';
import { categories, offers } from '../db/schema.ts';
import { publicUrl } from '../storage/public-url.ts';
import { findFirstImageUrls, presentOfferSummary } from './offer-summary.ts';

/** earthdistance's earth() radius in metres: ll_to_earth places points on a sphere of this radius. */
const EARTH_CUBE_RADIUS_M = 6378168;

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
function chordFor(radiusKm: number): number {
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

/** Today's date in Malta: an offer runs to the end of its end date in the vendor's time zone. */
export function maltaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Malta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

const round = (km: number) => Math.round(km * 1000) / 1000;

/** The first query of a nearby page: the KNN scan over businesses (exported for the benchmark). */
export function nearbyBusinessesQuery(search: NearbySearch): SQL {
  const center = sql`ll_to_earth(${search.latitude}, ${search.longitude})`;
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

export function createNearbyRepository(db: Db) {
  return {
    /** The customer home: businesses nearest first, each with its current offers. */
    async findNearbyBusinesses(search: NearbySearch): Promise<{ businesses: NearbyBusiness[]; nextCursor: NearbyCursor | undefined }> {
      const found = await selectRows<NearbyBusinessRow>(db, nearbyBusinessesQuery(search));
      const rows = found.slice(0, search.pageSize);
      const last = rows.at(-1);
      const nextCursor = found.length > search.pageSize && last ? { d: Number(last.chord), id: Number(last.id) } : undefined;
      const vendorIds = rows.map((row) => Number(row.id));
      const offerRows = vendorIds.length
        ? await db
            .select()
            .from(offers)
            .where(and(inArray(offers.vendorId, vendorIds), eq(offers.status, 'ACTIVE'), gte(offers.endDate, search.today)))
            .orderBy(desc(offers.featuredOffer), asc(offers.endDate), asc(offers.offerId))
        : [];
      const images = await findFirstImageUrls(db, offerRows.map((offer) => offer.offerId));
      const businesses = rows.map((row) => ({
        vendorId: Number(row.id),
        businessName: row.business_name,
        logoUrl: row.logo_key ? publicUrl(row.logo_key) : null,
        distance: round(haversineKm(search.latitude, search.longitude, Number(row.location_latitude), Number(row.location_longitude))),
        businessAddress: row.business_address,
        offers: offerRows
          .filter((offer) => offer.vendorId === Number(row.id))
          .map((offer) => presentOfferSummary(offer, images.get(offer.offerId) ?? null)),
      }));
      return { businesses, nextCursor };
    },

    /** The category screen: offers of one category, nearest first. */
    async findNearbyOffersInCategory(
      search: NearbySearch & { categoryId: number },
    ): Promise<{ offers: NearbyCategoryOffer[]; nextCursor: NearbyCursor | undefined }> {
      const center = sql`ll_to_earth(${search.latitude}, ${search.longitude})`;
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
  };
}

export type NearbyRepository = ReturnType<typeof createNearbyRepository>;

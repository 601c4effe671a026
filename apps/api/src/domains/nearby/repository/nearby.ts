/**
 * Nearby reads (DESIGN.md §6): only ACTIVE offers that have not ended (in Malta's calendar) of ACTIVE
 * businesses count; distances leave the server as the spec's haversine km; pages follow a (chord, id) cursor.
 */
import type { SQL } from 'drizzle-orm';
import { selectRowsPrepared, type Db } from '../../../db/client.ts';
import { presentOpenState } from '../../../db/open-now.ts';
import { publicUrl } from '../../../storage/public-url.ts';
import type { NearbyCursor } from '../cursor.ts';
import { chordFor, type EarthPoint } from '../geometry.ts';
import { cardText, type CardText, type PageEntry } from '../page-json.ts';
import { candidatesQuery, cardsQuery, nearestQuery, pageQuery, type NearestScan } from './queries.ts';

export interface NearbySearch {
  latitude: number;
  longitude: number;
  radiusKm: number;
  cursor: NearbyCursor | undefined;
  pageSize: number;
  today: string;
  /** The category screen; undefined for the home. */
  categoryId?: number | undefined;
  /** The request's clock (issue 28 §2: open now is read at it). */
  now: Date;
  /** Only shops open now. */
  openNow?: boolean | undefined;
  /** Only offers that hold now (issue 28 §3). */
  activeNow?: boolean | undefined;
}

/** A business (or, for a category, an offer) the response cache may rank for any point of its cell. */
export interface NearbyCandidate extends EarthPoint {
  id: number;
  latitude: number;
  longitude: number;
}

/** The columns a card is made of (queries.ts): a business's on the home, an offer's on a category screen. */
interface CardColumns {
  id: number;
  business_name: string;
  business_address: string;
  logo_key?: string | null;
  latitude?: number;
  longitude?: number;
  offers?: string | null;
  offer?: string;
  category_id?: number | null;
  category_name?: string;
  category_description?: string;
  category_icon_url?: string | null;
  vendor_id?: number;
  open_now: boolean | null;
  next_change: string | null;
  /** The soonest moment one of the card's offers' happy hours starts or ends (ISO), null for none. */
  offers_change?: string | null;
}

/** A page's entry with the id of its business (or, with a category, its offer). */
export interface IdentifiedEntry extends PageEntry {
  id: number;
}

interface PageRow extends CardColumns {
  chord: number;
  latitude: number;
  longitude: number;
}

/**
 * A card's JSON cut where the distance goes, in the key order of nearbyBusinessSchema or
 * nearbyCategoryOfferSchema; texts through JSON.stringify, offers as the database wrote them.
 */
function makeCard(row: CardColumns, categoryId: number | undefined): CardText {
  const open = presentOpenState(row);
  // Issue 28 §2: the card says whether the shop is open, so it holds only until that next changes.
  const validUntil = Math.min(
    open.nextChange === null ? Number.POSITIVE_INFINITY : Date.parse(open.nextChange),
    row.offers_change ? Date.parse(row.offers_change) : Number.POSITIVE_INFINITY,
  );
  if (categoryId === undefined) {
    const logoUrl = row.logo_key ? JSON.stringify(publicUrl(row.logo_key)) : 'null';
    return cardText(
      `{"vendorId":${Number(row.id)},"businessName":${JSON.stringify(row.business_name)},"logoUrl":${logoUrl},"distance":`,
      `,"businessAddress":${JSON.stringify(row.business_address)},"latitude":${Number(row.latitude)},"longitude":${Number(row.longitude)},"offers":[${row.offers ?? ''}],"openNow":${JSON.stringify(open.openNow)},"nextChange":${JSON.stringify(open.nextChange)}}`,
      validUntil,
    );
  }
  const category =
    row.category_id === null || row.category_id === undefined
      ? null
      : { categoryId: Number(row.category_id), name: row.category_name, description: row.category_description, iconUrl: row.category_icon_url ?? null };
  const vendor = {
    vendorId: Number(row.vendor_id),
    businessName: row.business_name,
    businessAddress: row.business_address,
    logoUrl: row.logo_key ? publicUrl(row.logo_key) : null,
    ...open,
  };
  return cardText(`${(row.offer ?? '{}').slice(0, -1)},"distance":`, `,"category":${JSON.stringify(category)},"vendor":${JSON.stringify(vendor)}}`, validUntil);
}

const byChordThenId = (a: { chord: number; id: number }, b: { chord: number; id: number }) => a.chord - b.chord || a.id - b.id;

/** A row of the nearest scan: what the page needs of it, whatever else the query adds. */
interface ScanRow {
  id: number;
  chord: number;
  latitude: number;
  longitude: number;
}

/**
 * The rows of one page nearest first, ties by id, within the radius, and the cursor of the next page: the scan hands
 * over one row more than the page needs and one to spare; when that spare row ties with the page's last (shops in
 * one building), more are asked for, so ties are ordered by id across page boundaries.
 */
async function pageRows<Row extends ScanRow>(db: Db, search: NearbySearch, center: EarthPoint, query: (scan: NearestScan) => SQL) {
  const wanted = search.pageSize + 1;
  const nearest = async (limit: number): Promise<Row[]> => {
    const filtered = Boolean(search.openNow || search.activeNow);
    const scan = {
      center,
      today: search.today,
      categoryId: search.categoryId,
      after: search.cursor,
      limit,
      now: search.now,
      openNow: search.openNow,
      activeNow: search.activeNow,
      // The radius is applied below; with a filter it also bounds the scan (a slightly larger box, never a smaller one).
      within: filtered ? chordFor(search.radiusKm) * (1 + 1e-9) + 1 : undefined,
    };
    const found = (await selectRowsPrepared<Row>(db, query(scan))).map((row) => ({ ...row, id: Number(row.id), chord: Number(row.chord) }));
    found.sort(byChordThenId);
    const farthest = found.at(-1)?.chord ?? 0;
    return found.length < limit || (found[wanted - 1]?.chord ?? 0) < farthest ? found : nearest(limit * 2);
  };
  const rows = await nearest(wanted + 1);
  const radius = chordFor(search.radiusKm);
  const within = rows.filter((row) => row.chord <= radius).slice(0, wanted);
  const shown = within.slice(0, search.pageSize);
  const last = shown.at(-1);
  const nextCursor: NearbyCursor | undefined = within.length > search.pageSize && last ? { d: last.chord, id: last.id } : undefined;
  return { shown, nextCursor };
}

export function createNearbyRepository(db: Db) {
  return {
    /** One page in one statement: the entries shown (with their ids) and the cursor of the next page, if any. */
    async findPage(search: NearbySearch, center: EarthPoint): Promise<{ entries: IdentifiedEntry[]; nextCursor: NearbyCursor | undefined }> {
      const { shown, nextCursor } = await pageRows<PageRow>(db, search, center, pageQuery);
      const entries = shown.map((row) => ({
        id: row.id,
        card: makeCard(row, search.categoryId),
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
      }));
      return { entries, nextCursor };
    },

    /**
     * For the response cache: the same page's rows without their cards (the nearest scan alone), for a cache that
     * holds most of the cards already.
     */
    async findPageRows(search: NearbySearch, center: EarthPoint): Promise<{ rows: ScanRow[]; nextCursor: NearbyCursor | undefined }> {
      const { shown, nextCursor } = await pageRows<ScanRow>(db, search, center, nearestQuery);
      return { rows: shown.map((row) => ({ id: row.id, chord: row.chord, latitude: Number(row.latitude), longitude: Number(row.longitude) })), nextCursor };
    },

    /**
     * For the response cache: the `limit` businesses nearest to a cell's centre that the home would list
     * (active, with a current offer), or with categoryId the nearest current offers of that category, each
     * with its position and its earth() cube exactly as the database computes it.
     */
    async findCandidates(query: { center: EarthPoint; today: string; limit: number; categoryId: number | undefined; now: Date }): Promise<NearbyCandidate[]> {
      const rows = await selectRowsPrepared<NearbyCandidate>(db, candidatesQuery(query));
      return rows.map((row) => ({
        id: Number(row.id),
        latitude: Number(row.latitude),
        longitude: Number(row.longitude),
        x: Number(row.x),
        y: Number(row.y),
        z: Number(row.z),
      }));
    },

    /** For the response cache: cards by id (vendor ids for the home, offer ids for a category). */
    async findCards(ids: readonly number[], categoryId: number | undefined, today: string, now: Date): Promise<Map<number, CardText>> {
      if (ids.length === 0) return new Map();
      const rows = await selectRowsPrepared<CardColumns>(db, cardsQuery(ids, categoryId, today, now));
      return new Map(rows.map((row) => [Number(row.id), makeCard(row, categoryId)]));
    },
  };
}

export type NearbyRepository = ReturnType<typeof createNearbyRepository>;

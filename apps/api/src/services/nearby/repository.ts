/**
 * Nearby reads (DESIGN.md §6): only ACTIVE offers that have not ended (in Malta's calendar) of ACTIVE
 * businesses count; distances leave the server as the spec's haversine km; pages follow a (chord, id) cursor.
 */
import { selectRows, type Db } from '../../db/client.ts';
import type { NearbyCursor } from './cursor.ts';
import type { EarthPoint } from './geometry.ts';
import { cardText, type CardText, type PageEntry } from './page-json.ts';
import { candidatesQuery, cardsQuery, pageQuery, type NearbyPageQuery } from './queries.ts';

export interface NearbySearch {
  latitude: number;
  longitude: number;
  radiusKm: number;
  cursor: NearbyCursor | undefined;
  pageSize: number;
  today: string;
  /** The category screen; undefined for the home. */
  categoryId?: number | undefined;
}

/** A business (or, for a category, an offer) the response cache may rank for any point of its cell. */
export interface NearbyCandidate extends EarthPoint {
  id: number;
  latitude: number;
  longitude: number;
}

interface PageRow {
  id: number;
  chord: number;
  latitude: number;
  longitude: number;
  head: string;
  tail: string;
}

export function createNearbyRepository(db: Db) {
  return {
    /** One page, cards and all, in one statement: the entries shown and the cursor of the next page, if any. */
    async findPage(search: NearbySearch, center: EarthPoint): Promise<{ entries: PageEntry[]; nextCursor: NearbyCursor | undefined }> {
      const query: NearbyPageQuery = {
        center,
        today: search.today,
        categoryId: search.categoryId,
        after: search.cursor,
        radiusKm: search.radiusKm,
        pageSize: search.pageSize,
      };
      const rows = await selectRows<PageRow>(db, pageQuery(query));
      const shown = rows.slice(0, search.pageSize);
      const last = shown.at(-1);
      const nextCursor = rows.length > search.pageSize && last ? { d: Number(last.chord), id: Number(last.id) } : undefined;
      const entries = shown.map((row) => ({ card: cardText(row.head, row.tail), latitude: Number(row.latitude), longitude: Number(row.longitude) }));
      return { entries, nextCursor };
    },

    /**
     * For the response cache: the `limit` businesses nearest to a cell's centre that the home would list
     * (active, with a current offer), or with categoryId the nearest current offers of that category, each
     * with its position and its earth() cube exactly as the database computes it.
     */
    async findCandidates(query: { center: EarthPoint; today: string; limit: number; categoryId: number | undefined }): Promise<NearbyCandidate[]> {
      const rows = await selectRows<NearbyCandidate>(db, candidatesQuery(query));
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
    async findCards(ids: readonly number[], categoryId: number | undefined, today: string): Promise<Map<number, CardText>> {
      if (ids.length === 0) return new Map();
      const rows = await selectRows<{ id: number; head: string; tail: string }>(db, cardsQuery(ids, categoryId, today));
      return new Map(rows.map((row) => [Number(row.id), cardText(row.head, row.tail)]));
    },
  };
}

export type NearbyRepository = ReturnType<typeof createNearbyRepository>;

/**
 * The nearby answer from memory, exact rather than approximate (ADR 007). Shoppers are grouped by a grid cell
 * of about 110 × 90 m; a cell keeps the businesses (or, with a category, the offers) nearest its centre. For a
 * request the cache computes the chord distance from the shopper's own point to every candidate exactly as the
 * database would, ranks them like the SQL does (chord, then id, after the cursor, within the radius) and takes
 * the page. The triangle inequality says when that page is certainly the database's: every row at most X from
 * the shopper lies at most X + |shopper − centre| from the centre, so if that is still inside what the cell
 * holds, nothing is missing; otherwise the cell is refilled deeper once, or the request goes to the database.
 * Distances are the spec's haversine from the shopper's point, and the cursor is built the same way, so the
 * answer is byte for byte the uncached one. Cards hold nothing per shopper (no saved flag), so they are shared.
 *
 * Any change anyone can see (offer published, edited, paused, resumed; business details) empties the cache in
 * every replica through the offer feed; a date change empties it too (offers end at Malta midnight), and
 * entries live at most NEARBY_CACHE_TTL_MS in case a notification is lost.
 */
import { z } from 'zod';
import { haversineKm, nearbyBusinessSchema, nearbyCategoryOfferSchema } from '@qrib/shared';
import {
  chordBetween,
  chordFor,
  earthPoint,
  encodeCursor,
  type EarthPoint,
  type NearbyRepository,
  type NearbySearch,
} from '../repositories/nearby.ts';

/** Grid step in degrees: 0.001° is about 111 m of latitude and 90 m of longitude in Malta. */
export const NEARBY_CELL_DEGREES = 0.001;
export const NEARBY_CACHE_TTL_MS = 30_000;
/** Candidates fetched for a new cell; enough for the first pages of any point in it on a dense island. */
const FIRST_DEPTH = 128;
/** The deepest a cell grows (memory per cell is bounded by this many candidates). */
const MAX_DEPTH = 512;
/** Card texts kept per cell the cache may hold (cards are shared between neighbouring cells). */
const CARDS_PER_CELL = 25;
/** Metres of slack against rounding in the coverage test (chords are exact; this only guards the reasoning). */
const SLACK_M = 0.001;
const DISTANCE_MARK = -1;

type Source = Pick<NearbyRepository, 'findCandidates' | 'findBusinessCards' | 'findCategoryOfferCards'>;

/** Per candidate in Cell.values: id, latitude, longitude, x, y, z, chord from the centre (flat, few objects). */
const STRIDE = 7;

interface Cell {
  center: EarthPoint;
  /** Candidates sorted by the chord from the centre, then id, STRIDE numbers each. */
  values: Float64Array;
  count: number;
  /** Every row that qualifies and lies closer than this to the centre is among the candidates. */
  coverage: number;
  depth: number;
  createdAt: number;
}

/** One card's JSON (UTF-8) cut where the shopper's distance goes. */
interface CardText {
  before: Buffer;
  after: Buffer;
  createdAt: number;
}

export interface NearbyCacheStats {
  /** Answered from memory alone. */
  hits: number;
  /** Answered from memory after loading the cell's candidates and/or some cards. */
  fills: number;
  /** Sent to the database because the cell could not prove its page complete. */
  fallbacks: number;
}

export type NearbyPageRequest = NearbySearch & { categoryId?: number };

/** A ranked page: positions in the cell's values and chords from the shopper, best first. */
interface Page {
  values: Float64Array;
  rows: number[];
  chords: number[];
}

/** A small least-recently-used map (Map keeps insertion order). */
class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  /** Without making it the most recently used (cheaper: cards simply leave oldest first). */
  peek(key: K): V | undefined {
    return this.map.get(key);
  }
  set(key: K, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) {
      const oldest = this.map.keys().next();
      if (oldest.done) break;
      this.map.delete(oldest.value);
    }
  }
  delete(key: K) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
  get size() {
    return this.map.size;
  }
}

/** Cuts a card's JSON (encoded exactly as the route's serializer would) around its distance. */
function cutAroundDistance<T>(schema: z.ZodType<T>, card: T): { before: Buffer; after: Buffer } | undefined {
  const text = JSON.stringify(z.encode(schema, card));
  const mark = `"distance":${DISTANCE_MARK}`;
  const at = text.indexOf(mark);
  if (at < 0 || at !== text.lastIndexOf(mark)) return undefined;
  return { before: Buffer.from(text.slice(0, at + '"distance":'.length)), after: Buffer.from(text.slice(at + mark.length)) };
}

const PAGE_START = Buffer.from('{"data":[');
const COMMA = 0x2c;
/** Room for a distance in km (three decimals at most, as text) and the cursor's end of the page. */
const DISTANCE_ROOM = 32;
const CURSOR_ROOM = 256;

const roundKm = (km: number) => Math.round(km * 1000) / 1000;

export class NearbyCache {
  private readonly cells: Lru<string, Cell>;
  /** Business cards by vendor id and category-screen cards by offer id (the oldest made leave first). */
  private readonly businessCards: Lru<number, CardText>;
  private readonly offerCards: Lru<number, CardText>;
  private readonly pending = new Map<string, Promise<Cell>>();
  /** Bumped by every invalidation: work begun before it must not be stored. */
  private generation = 0;
  private day = '';
  private counts: NearbyCacheStats = { hits: 0, fills: 0, fallbacks: 0 };

  constructor(
    private readonly source: Source,
    readonly maxCells: number,
    private readonly now: () => number = Date.now,
  ) {
    this.cells = new Lru(Math.max(1, maxCells));
    this.businessCards = new Lru(Math.max(1, maxCells * CARDS_PER_CELL));
    this.offerCards = new Lru(Math.max(1, maxCells * CARDS_PER_CELL));
  }

  get isEnabled() {
    return this.maxCells > 0;
  }

  /** Drops everything: something shoppers see has changed. */
  invalidate() {
    this.generation += 1;
    this.cells.clear();
    this.businessCards.clear();
    this.offerCards.clear();
    this.pending.clear();
  }

  stats(): NearbyCacheStats & { cells: number; cards: number } {
    return { ...this.counts, cells: this.cells.size, cards: this.businessCards.size + this.offerCards.size };
  }

  /**
   * The page's JSON exactly as the route would send it, or undefined when the database must answer (cache off,
   * or the cell cannot prove the page complete even at its deepest).
   */
  async findPage(request: NearbyPageRequest): Promise<Buffer | undefined> {
    if (!this.isEnabled) return undefined;
    if (request.today !== this.day) {
      this.invalidate();
      this.day = request.today;
    }
    const latitudeCell = Math.floor(request.latitude / NEARBY_CELL_DEGREES);
    const longitudeCell = Math.floor(request.longitude / NEARBY_CELL_DEGREES);
    const key = `${request.categoryId ?? '-'}:${latitudeCell}:${longitudeCell}`;
    const point = earthPoint(request.latitude, request.longitude);

    let loaded = false;
    let cell = this.freshCell(key);
    if (!cell) {
      const center = earthPoint((latitudeCell + 0.5) * NEARBY_CELL_DEGREES, (longitudeCell + 0.5) * NEARBY_CELL_DEGREES);
      cell = await this.loadCell(key, center, request, FIRST_DEPTH);
      loaded = true;
    }
    let page = this.rankPage(cell, point, request);
    while (!page && cell.depth < MAX_DEPTH) {
      cell = await this.loadCell(key, cell.center, request, Math.min(MAX_DEPTH, cell.depth * 4));
      loaded = true;
      page = this.rankPage(cell, point, request);
    }
    if (!page) {
      this.counts.fallbacks += 1;
      return undefined;
    }
    const body = await this.writePage(page, request, loaded);
    if (body === undefined) this.counts.fallbacks += 1;
    return body;
  }

  private freshCell(key: string): Cell | undefined {
    const cell = this.cells.get(key);
    if (cell && this.now() - cell.createdAt > NEARBY_CACHE_TTL_MS) {
      this.cells.delete(key);
      return undefined;
    }
    return cell;
  }

  /** Loads a cell's candidates (one load per cell at a time; callers arriving meanwhile share it). */
  private loadCell(key: string, center: EarthPoint, request: NearbyPageRequest, depth: number): Promise<Cell> {
    const shared = this.pending.get(key);
    if (shared) return shared.then((cell) => (cell.depth >= depth ? cell : this.loadCell(key, center, request, depth)));
    const generation = this.generation;
    const loading = (async () => {
      const found = await this.source.findCandidates({ center, today: request.today, limit: depth, categoryId: request.categoryId });
      const sorted = found
        .map((candidate) => ({ candidate, fromCenter: chordBetween(center, candidate) }))
        .sort((a, b) => a.fromCenter - b.fromCenter || a.candidate.id - b.candidate.id);
      const values = new Float64Array(sorted.length * STRIDE);
      for (const [index, { candidate, fromCenter }] of sorted.entries()) {
        values.set([candidate.id, candidate.latitude, candidate.longitude, candidate.x, candidate.y, candidate.z, fromCenter], index * STRIDE);
      }
      const farthest = sorted.at(-1)?.fromCenter ?? 0;
      const cell: Cell = {
        center,
        values,
        count: sorted.length,
        coverage: found.length < depth ? Number.POSITIVE_INFINITY : farthest,
        depth,
        createdAt: this.now(),
      };
      if (generation === this.generation) this.cells.set(key, cell);
      return cell;
    })();
    this.pending.set(key, loading);
    const forget = () => {
      if (this.pending.get(key) === loading) this.pending.delete(key);
    };
    loading.then(forget, forget);
    return loading;
  }

  /**
   * The page the SQL would answer for this point, from the cell's candidates, or undefined when the cell does
   * not provably hold every row the page needs.
   */
  private rankPage(cell: Cell, point: EarthPoint, request: NearbyPageRequest): Page | undefined {
    const wanted = request.pageSize + 1;
    const radius = chordFor(request.radiusKm);
    const offset = chordBetween(point, cell.center);
    const cursor = request.cursor;
    const { values, count } = cell;
    // The best rows so far, ordered by (chord, id): positions in values, and their chords.
    const rows: number[] = [];
    const chords: number[] = [];
    for (let index = 0; index < count; index += 1) {
      const at = index * STRIDE;
      const id = values[at] ?? 0;
      // Candidates come nearest the centre first: once even the nearest possible of the rest is beyond the
      // worst row kept, none of them can make the page.
      const worst = rows.length === wanted ? (chords[wanted - 1] ?? 0) : Number.POSITIVE_INFINITY;
      if ((values[at + 6] ?? 0) - offset > worst + SLACK_M) break;
      const dx = (values[at + 3] ?? 0) - point.x;
      const dy = (values[at + 4] ?? 0) - point.y;
      const dz = (values[at + 5] ?? 0) - point.z;
      // Same operations as chordBetween (a difference's sign does not change its square).
      const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (chord > radius) continue;
      if (cursor && (chord < cursor.d || (chord === cursor.d && id <= cursor.id))) continue;
      if (chord > worst || (chord === worst && id > (values[(rows[wanted - 1] ?? 0) + 0] ?? 0))) continue;
      let place = rows.length;
      while (place > 0) {
        const before = chords[place - 1] ?? 0;
        if (before < chord || (before === chord && (values[rows[place - 1] ?? 0] ?? 0) < id)) break;
        place -= 1;
      }
      rows.splice(place, 0, at);
      chords.splice(place, 0, chord);
      if (rows.length > wanted) {
        rows.pop();
        chords.pop();
      }
    }
    const reach = rows.length === wanted ? (chords[wanted - 1] ?? radius) : radius;
    if (reach + offset + SLACK_M >= cell.coverage) return undefined;
    return { values, rows, chords };
  }

  private async writePage(page: Page, request: NearbyPageRequest, loaded: boolean): Promise<Buffer | undefined> {
    const { values, rows, chords } = page;
    const shown = Math.min(rows.length, request.pageSize);
    const cards = request.categoryId === undefined ? this.businessCards : this.offerCards;
    const now = this.now();
    const texts: (CardText | undefined)[] = [];
    const missing: number[] = [];
    for (let index = 0; index < shown; index += 1) {
      const id = values[rows[index] ?? 0] ?? 0;
      const text = cards.peek(id);
      if (text && now - text.createdAt <= NEARBY_CACHE_TTL_MS) texts.push(text);
      else {
        texts.push(undefined);
        missing.push(id);
      }
    }
    if (missing.length > 0) {
      const generation = this.generation;
      const made = await this.loadCards(missing, request);
      for (let index = 0; index < shown; index += 1) {
        const id = values[rows[index] ?? 0] ?? 0;
        const text = made.get(id);
        if (!texts[index] && text) texts[index] = text;
      }
      if (generation === this.generation) for (const [id, text] of made) cards.set(id, text);
    }
    // The answer is written straight into one buffer: the cards' JSON around each distance, then the cursor.
    let size = PAGE_START.length + CURSOR_ROOM;
    for (let index = 0; index < shown; index += 1) {
      const text = texts[index];
      if (!text) return undefined;
      size += text.before.length + text.after.length + DISTANCE_ROOM;
    }
    const body = Buffer.allocUnsafe(size);
    let length = PAGE_START.copy(body, 0);
    for (let index = 0; index < shown; index += 1) {
      const text = texts[index];
      if (!text) return undefined;
      const at = rows[index] ?? 0;
      const distance = roundKm(haversineKm(request.latitude, request.longitude, values[at + 1] ?? 0, values[at + 2] ?? 0));
      if (index > 0) body[length++] = COMMA;
      length += text.before.copy(body, length);
      length += body.write(JSON.stringify(distance), length, 'latin1');
      length += text.after.copy(body, length);
    }
    const nextCursor =
      rows.length > request.pageSize ? encodeCursor({ d: chords[shown - 1] ?? 0, id: values[rows[shown - 1] ?? 0] ?? 0 }) : null;
    length += body.write(`],"nextCursor":${JSON.stringify(nextCursor)}}`, length, 'latin1');
    if (loaded || missing.length > 0) this.counts.fills += 1;
    else this.counts.hits += 1;
    return body.subarray(0, length);
  }

  private async loadCards(ids: number[], request: NearbyPageRequest): Promise<Map<number, CardText>> {
    const createdAt = this.now();
    const texts = new Map<number, CardText>();
    if (request.categoryId === undefined) {
      for (const [id, card] of await this.source.findBusinessCards(ids, request.today)) {
        const cut = cutAroundDistance(nearbyBusinessSchema, { ...card, distance: DISTANCE_MARK });
        if (cut) texts.set(id, { ...cut, createdAt });
      }
    } else {
      for (const [id, card] of await this.source.findCategoryOfferCards(ids)) {
        const cut = cutAroundDistance(nearbyCategoryOfferSchema, { ...card, distance: DISTANCE_MARK });
        if (cut) texts.set(id, { ...cut, createdAt });
      }
    }
    return texts;
  }
}

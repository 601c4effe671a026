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
  /**
   * The cards of the candidates served so far, by position in values: a page reads them here with one array
   * access each, instead of a lookup in the shared card map (those lookups were a quarter of a cached answer).
   */
  cards: (CardText | undefined)[];
}

/** One card's JSON (UTF-8) cut where the shopper's distance goes. */
interface CardText {
  before: Buffer;
  after: Buffer;
  /** before.length + after.length, kept here so sizing a page touches only this object. */
  size: number;
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

/**
 * A ranked page: positions of candidates in the cell (their numbers start at position × STRIDE) and their
 * chords from the shopper, best first; the first `count` are set.
 */
interface Page {
  cell: Cell;
  positions: Int32Array;
  chords: Float64Array;
  count: number;
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
  /** Drops entries from the least recently used end while they match, at most `limit` of them. */
  dropOldestWhile(matches: (value: V) => boolean, limit: number) {
    let dropped = 0;
    for (const [key, value] of this.map) {
      if (dropped === limit || !matches(value)) break;
      this.map.delete(key);
      dropped += 1;
    }
  }
  clear() {
    this.map.clear();
  }
  get size() {
    return this.map.size;
  }
}

/** Cuts a card's JSON (encoded exactly as the route's serializer would) around its distance. */
function cutAroundDistance<T>(schema: z.ZodType<T>, card: T, createdAt: number): CardText | undefined {
  const text = JSON.stringify(z.encode(schema, card));
  const mark = `"distance":${DISTANCE_MARK}`;
  const at = text.indexOf(mark);
  if (at < 0 || at !== text.lastIndexOf(mark)) return undefined;
  // Both parts in one allocation, side by side in memory.
  const before = Buffer.from(text.slice(0, at + '"distance":'.length));
  const whole = Buffer.concat([before, Buffer.from(text.slice(at + mark.length))]);
  return { before: whole.subarray(0, before.length), after: whole.subarray(before.length), size: whole.length, createdAt };
}

const PAGE_START = Buffer.from('{"data":[');
const COMMA = 0x2c;
const DOT = 0x2e;
const ZERO = 0x30;
/** Room for a distance in km (three decimals at most, as text) and the cursor's end of the page. */
const DISTANCE_ROOM = 32;
const CURSOR_ROOM = 256;

/**
 * Writes `JSON.stringify(Math.round(km * 1000) / 1000)` into body at offset, from the whole metres, without
 * making a string: a non-negative distance rounded to metres prints as its kilometres, a dot and at most three
 * digits with no trailing zeros (a double holds every such number exactly enough that JavaScript's shortest
 * form is this one; the tests compare the two for every metre up to 100 km). Answers the new offset.
 */
export function writeKilometres(body: Buffer, offset: number, km: number): number {
  const metres = Math.round(km * 1000);
  if (!(metres >= 0 && metres < 1e15)) return offset + body.write(JSON.stringify(metres / 1000), offset, 'latin1');
  let rest = metres % 1000;
  const whole = (metres - rest) / 1000;
  let at = offset;
  if (whole < 100) {
    // Nearby distances: one or two digits, written without making a string.
    if (whole >= 10) body[at++] = ZERO + Math.floor(whole / 10);
    body[at++] = ZERO + (whole % 10);
  } else {
    at += body.write(String(whole), at, 'latin1');
  }
  if (rest === 0) return at;
  body[at++] = DOT;
  for (let unit = 100; rest > 0; unit /= 10) {
    const digit = Math.floor(rest / unit);
    body[at++] = ZERO + digit;
    rest -= digit * unit;
  }
  return at;
}

/** Working arrays of rankPage (it never waits, so one set serves every request). */
let rankPositions = new Int32Array(0);
let rankChords = new Float64Array(0);
let rankIds = new Float64Array(0);

/** A page of its own, for use after an await (another request's ranking reuses the working arrays). */
function keep(page: Page | undefined): Page | undefined {
  return page && { ...page, positions: page.positions.slice(0, page.count), chords: page.chords.slice(0, page.count) };
}

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
   * or the cell cannot prove the page complete even at its deepest). Answered without waiting when the cell
   * and its cards are in memory (no promise to settle on the path almost every request takes).
   */
  findPage(request: NearbyPageRequest): Buffer | undefined | Promise<Buffer | undefined> {
    if (!this.isEnabled) return undefined;
    if (request.today !== this.day) {
      this.invalidate();
      this.day = request.today;
    }
    const latitudeCell = Math.floor(request.latitude / NEARBY_CELL_DEGREES);
    const longitudeCell = Math.floor(request.longitude / NEARBY_CELL_DEGREES);
    const key = `${request.categoryId ?? '-'}:${latitudeCell}:${longitudeCell}`;
    const point = earthPoint(request.latitude, request.longitude);
    const cell = this.freshCell(key);
    if (cell) {
      const page = this.rankPage(cell, point, request);
      if (page && !this.findMissingCards(page, request)) {
        this.counts.hits += 1;
        return this.writePage(page, request);
      }
    }
    return this.findPageLoading(request, key, latitudeCell, longitudeCell, point);
  }

  /** The same, when the cell or some cards must come from the database first. */
  private async findPageLoading(
    request: NearbyPageRequest,
    key: string,
    latitudeCell: number,
    longitudeCell: number,
    point: EarthPoint,
  ): Promise<Buffer | undefined> {
    let cell = this.freshCell(key);
    if (!cell) {
      const center = earthPoint((latitudeCell + 0.5) * NEARBY_CELL_DEGREES, (longitudeCell + 0.5) * NEARBY_CELL_DEGREES);
      cell = await this.loadCell(key, center, request, FIRST_DEPTH);
    }
    let page = keep(this.rankPage(cell, point, request));
    while (!page && cell.depth < MAX_DEPTH) {
      cell = await this.loadCell(key, cell.center, request, Math.min(MAX_DEPTH, cell.depth * 4));
      page = keep(this.rankPage(cell, point, request));
    }
    if (!page) {
      this.counts.fallbacks += 1;
      return undefined;
    }
    const missing = this.findMissingCards(page, request);
    if (missing) {
      const { values, cards: memo } = page.cell;
      const generation = this.generation;
      const made = await this.loadCards(
        missing.map((position) => values[position * STRIDE] ?? 0),
        request,
      );
      if (generation === this.generation) {
        for (const [id, text] of made) this.cardsFor(request).set(id, text);
        for (const position of missing) memo[position] = made.get(values[position * STRIDE] ?? 0);
      }
    }
    // Nothing awaits from here to the end, so the memo cannot change under the writing.
    const body = this.findMissingCards(page, request) ? undefined : this.writePage(page, request);
    if (body === undefined) this.counts.fallbacks += 1;
    else this.counts.fills += 1;
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
        // Packed from the start (filling a sparse array would make it a slow dictionary).
        cards: new Array<CardText | undefined>(sorted.length).fill(undefined),
      };
      if (generation === this.generation) {
        this.cells.set(key, cell);
        // Expired cells nobody asks about again leave too (with the cards they hold), not only when the map is full.
        const now = this.now();
        this.cells.dropOldestWhile((old) => now - old.createdAt > NEARBY_CACHE_TTL_MS, 4);
      }
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
    // The best rows so far, ordered by (chord, id): positions in the cell, their chords and ids.
    if (rankIds.length < wanted) {
      rankPositions = new Int32Array(wanted);
      rankChords = new Float64Array(wanted);
      rankIds = new Float64Array(wanted);
    }
    const positions = rankPositions;
    const chords = rankChords;
    const ids = rankIds;
    let kept = 0;
    for (let position = 0; position < count; position += 1) {
      const at = position * STRIDE;
      // Candidates come nearest the centre first: once even the nearest possible of the rest is beyond the
      // worst row kept, none of them can make the page.
      const worst = kept === wanted ? (chords[wanted - 1] ?? 0) : Number.POSITIVE_INFINITY;
      if ((values[at + 6] ?? 0) - offset > worst + SLACK_M) break;
      const id = values[at] ?? 0;
      const dx = (values[at + 3] ?? 0) - point.x;
      const dy = (values[at + 4] ?? 0) - point.y;
      const dz = (values[at + 5] ?? 0) - point.z;
      // Same operations as chordBetween (a difference's sign does not change its square).
      const chord = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (chord > radius) continue;
      if (cursor && (chord < cursor.d || (chord === cursor.d && id <= cursor.id))) continue;
      if (kept === wanted && (chord > worst || (chord === worst && id > (ids[wanted - 1] ?? 0)))) continue;
      let place = kept === wanted ? wanted - 1 : kept;
      while (place > 0) {
        const before = chords[place - 1] ?? 0;
        if (before < chord || (before === chord && (ids[place - 1] ?? 0) < id)) break;
        positions[place] = positions[place - 1] ?? 0;
        chords[place] = before;
        ids[place] = ids[place - 1] ?? 0;
        place -= 1;
      }
      positions[place] = position;
      chords[place] = chord;
      ids[place] = id;
      if (kept < wanted) kept += 1;
    }
    const reach = kept === wanted ? (chords[wanted - 1] ?? 0) : radius;
    if (reach + offset + SLACK_M >= cell.coverage) return undefined;
    // The page points into the shared working arrays: use it before anything awaits, or keep a copy (keep).
    return { cell, positions, chords, count: kept };
  }

  /**
   * Puts the page's cards in the cell's memo from the shared map where they are there and fresh; answers the
   * positions still without a card, or undefined when none is missing.
   */
  private findMissingCards(page: Page, request: NearbyPageRequest): number[] | undefined {
    const { cell, positions } = page;
    const { values, cards: memo } = cell;
    const shown = Math.min(page.count, request.pageSize);
    const now = this.now();
    let missing: number[] | undefined;
    for (let index = 0; index < shown; index += 1) {
      const position = positions[index] ?? 0;
      const known = memo[position];
      if (known && now - known.createdAt <= NEARBY_CACHE_TTL_MS) continue;
      const shared = this.cardsFor(request).peek(values[position * STRIDE] ?? 0);
      const text = shared && now - shared.createdAt <= NEARBY_CACHE_TTL_MS ? shared : undefined;
      memo[position] = text;
      if (!text) (missing ??= []).push(position);
    }
    return missing;
  }

  /** The answer, written straight into one buffer: the cards' JSON around each distance, then the cursor. */
  private writePage(page: Page, request: NearbyPageRequest): Buffer | undefined {
    const { cell, positions, chords } = page;
    const { values, cards: memo } = cell;
    const shown = Math.min(page.count, request.pageSize);
    let size = PAGE_START.length + CURSOR_ROOM;
    for (let index = 0; index < shown; index += 1) {
      const text = memo[positions[index] ?? 0];
      if (!text) return undefined;
      size += text.size + DISTANCE_ROOM;
    }
    const body = Buffer.allocUnsafe(size);
    let length = PAGE_START.copy(body, 0);
    for (let index = 0; index < shown; index += 1) {
      const at = (positions[index] ?? 0) * STRIDE;
      const text = memo[positions[index] ?? 0];
      if (!text) return undefined;
      if (index > 0) body[length++] = COMMA;
      body.set(text.before, length);
      length += text.before.length;
      length = writeKilometres(body, length, haversineKm(request.latitude, request.longitude, values[at + 1] ?? 0, values[at + 2] ?? 0));
      body.set(text.after, length);
      length += text.after.length;
    }
    const nextCursor =
      page.count > request.pageSize ? encodeCursor({ d: chords[shown - 1] ?? 0, id: values[(positions[shown - 1] ?? 0) * STRIDE] ?? 0 }) : null;
    length += body.write(`],"nextCursor":${JSON.stringify(nextCursor)}}`, length, 'latin1');
    return body.subarray(0, length);
  }

  private cardsFor(request: NearbyPageRequest) {
    return request.categoryId === undefined ? this.businessCards : this.offerCards;
  }

  private async loadCards(ids: number[], request: NearbyPageRequest): Promise<Map<number, CardText>> {
    const createdAt = this.now();
    const texts = new Map<number, CardText>();
    if (request.categoryId === undefined) {
      for (const [id, card] of await this.source.findBusinessCards(ids, request.today)) {
        const text = cutAroundDistance(nearbyBusinessSchema, { ...card, distance: DISTANCE_MARK }, createdAt);
        if (text) texts.set(id, text);
      }
    } else {
      for (const [id, card] of await this.source.findCategoryOfferCards(ids)) {
        const text = cutAroundDistance(nearbyCategoryOfferSchema, { ...card, distance: DISTANCE_MARK }, createdAt);
        if (text) texts.set(id, text);
      }
    }
    return texts;
  }
}

/**
 * Nearby pages, from memory where that is provably exact (ADR 007), else in one statement from the database.
 *
 * Shoppers are grouped by a grid cell of about 110 × 90 m; a cell keeps the businesses (or, with a category,
 * the offers) nearest its centre. For a request the cache computes the chord distance from the shopper's own
 * point to every candidate exactly as the database would, ranks them like the SQL does (chord, then id, after
 * the cursor, within the radius) and takes the page. The triangle inequality says when that page is certainly
 * the database's: every row at most X from the shopper lies at most X + |shopper − centre| from the centre, so
 * if that is still inside what the cell holds, nothing is missing; otherwise the cell is refilled deeper once,
 * or the page comes from the database. Cards are the database's own JSON text (queries.ts) and distances the
 * spec's haversine from the shopper's point, so the answer is byte for byte the uncached one.
 *
 * A cell is filled the second time someone asks in it: a position asked once (most of them, on an island of
 * moving phones) costs one page query, not the deeper candidate scan a cell needs. A cell that expires in use
 * is refilled at the next ask.
 *
 * Every change anyone can see empties the cache in every replica through the database's triggers (the offer
 * feed); a date change empties it too (offers end at Malta midnight), and entries live at most
 * NEARBY_CACHE_TTL_MS in case a notification is lost.
 */
import { LRUCache } from 'lru-cache';
import { encodeAnswer, type AnswerEncoding } from '../../kernel/answer-encoding.ts';
import { chordBetween, chordFor, earthPoint, type EarthPoint } from './geometry.ts';
import type { NearbyCursor } from './cursor.ts';
import { writePageJson, type CardText, type PageEntry } from './page-json.ts';
import type { NearbyRepository, NearbySearch } from './repository/nearby.ts';

/** Grid step in degrees: 0.001° is about 111 m of latitude and 90 m of longitude in Malta. */
export const NEARBY_CELL_DEGREES = 0.001;
export const NEARBY_CACHE_TTL_MS = 30_000;
/** Candidates fetched for a new cell; enough for the first pages of any point in it on a dense island. */
const FIRST_DEPTH = 128;
/** The deepest a cell grows (memory per cell is bounded by this many candidates). */
const MAX_DEPTH = 512;
/** Card texts kept per cell the cache may hold (cards are shared between neighbouring cells). */
const CARDS_PER_CELL = 25;
/** Cells remembered as asked once, per cell the cache may hold. */
const SEEN_PER_CELL = 4;
/** Metres of slack against rounding in the coverage test (chords are exact; this only guards the reasoning). */
const SLACK_M = 0.001;
/** Bytes of compressed answers (with the answers they encode) kept per cell the cache may hold. */
const ENCODED_BYTES_PER_CELL = 16 * 1024;

type Source = Pick<NearbyRepository, 'findPage' | 'findPageRows' | 'findCandidates' | 'findCards'>;

/** Stands for a card still to be loaded while a page is put together. */
const EMPTY_CARD: CardText = { before: Buffer.alloc(0), after: Buffer.alloc(0), size: 0, validUntil: Number.POSITIVE_INFINITY };

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
  /** The cards of the candidates served so far, by position in values (one array access each on a hit). */
  cards: (TimedCard | undefined)[];
}

interface TimedCard extends CardText {
  createdAt: number;
}

export interface NearbyCacheStats {
  /** Answered from memory alone. */
  hits: number;
  /** Answered from memory after loading the cell's candidates and/or some cards. */
  fills: number;
  /** Answered by the page query: the cache is off or the cell was asked for the first time. */
  direct: number;
  /** Answered by the page query because the cell could not prove its page complete. */
  fallbacks: number;
  /**
   * Of the direct answers and fallbacks, those made with the nearest scan alone and the cards held in memory (any
   * missing loaded after it), because the cell or a neighbour was asked about lately.
   */
  cardsFromMemory: number;
  /** Of those, the ones that found none of their cards held (two statements where one would have done). */
  cardsAllMissing: number;
}

export type NearbyPageRequest = NearbySearch;

/** A ranked page: positions of candidates in the cell and their chords from the shopper, best first. */
interface Page {
  cell: Cell;
  positions: Int32Array;
  chords: Float64Array;
  count: number;
}

export class NearbyCache {
  private readonly cells: LRUCache<string, Cell>;
  /** Cells asked about once and not filled (yet). */
  private readonly seen: LRUCache<string, true>;
  /** Business cards by vendor id and category-screen cards by offer id. */
  private readonly businessCards: LRUCache<number, TimedCard>;
  private readonly offerCards: LRUCache<number, TimedCard>;
  private readonly pending = new Map<string, Promise<Cell>>();
  /** Work begun after answers and not finished yet (settled()). */
  private readonly background = new Set<Promise<void>>();
  /**
   * The last compressed copy of each request's answer, beside the answer it encodes: a repeated request whose
   * answer is byte for byte the same is sent without compressing again. Distances differ per position, so a
   * new position always pays for its compression (about 0.1 ms for a full page).
   */
  private readonly encoded: LRUCache<string, { answer: Buffer; encoded: Buffer }>;
  /** Bumped by every invalidation: work begun before it must not be stored. */
  private generation = 0;
  private day = '';
  /** The earliest instant a held card stops being true (a shop opens or closes then, issue 28 §2): all goes then. */
  private cardsTrueUntil = Number.POSITIVE_INFINITY;
  private counts: NearbyCacheStats = { hits: 0, fills: 0, direct: 0, fallbacks: 0, cardsFromMemory: 0, cardsAllMissing: 0 };

  constructor(
    private readonly source: Source,
    readonly maxCells: number,
    private readonly now: () => number = Date.now,
  ) {
    // ttlResolution 0: every check reads the clock (a test's clock too), no timer.
    const timed = { ttl: NEARBY_CACHE_TTL_MS, ttlResolution: 0, perf: { now: () => this.now() } };
    const room = Math.max(1, maxCells);
    this.seen = new LRUCache({ max: room * SEEN_PER_CELL, ...timed });
    // A cell that expires was in use: the next ask refills it straight away.
    this.cells = new LRUCache({
      max: room,
      ...timed,
      dispose: (_cell, key, reason) => {
        if (reason === 'expire') this.seen.set(key, true);
      },
    });
    this.businessCards = new LRUCache({ max: room * CARDS_PER_CELL, ...timed });
    this.offerCards = new LRUCache({ max: room * CARDS_PER_CELL, ...timed });
    this.encoded = new LRUCache({
      maxSize: room * ENCODED_BYTES_PER_CELL,
      sizeCalculation: ({ answer, encoded }) => answer.length + encoded.length,
      ...timed,
    });
  }

  get isEnabled() {
    return this.maxCells > 0;
  }

  /** Drops everything: something shoppers see has changed. */
  invalidate() {
    this.generation += 1;
    // Cells in use stay wanted: their next ask refills them from the changed data.
    const inUse = [...this.cells.keys()];
    this.cells.clear();
    this.seen.clear();
    for (const key of inUse) this.seen.set(key, true);
    this.businessCards.clear();
    this.offerCards.clear();
    this.pending.clear();
    this.encoded.clear();
    this.cardsTrueUntil = Number.POSITIVE_INFINITY;
  }

  stats(): NearbyCacheStats & { cells: number; cards: number } {
    return { ...this.counts, cells: this.cells.size, cards: this.businessCards.size + this.offerCards.size };
  }

  /**
   * `answer` compressed with `encoding`, reusing the copy made for the same request (`key`) when the answer is
   * unchanged. With the cache off every answer is compressed afresh.
   */
  encode(key: string, answer: Buffer, encoding: AnswerEncoding): Buffer {
    if (!this.isEnabled) return encodeAnswer(answer, encoding);
    const entryKey = `${encoding} ${key}`;
    const kept = this.encoded.get(entryKey);
    if (kept?.answer.equals(answer)) return kept.encoded;
    const encoded = encodeAnswer(answer, encoding);
    // Kept once the answer has left (sizing and evicting are no part of answering).
    const generation = this.generation;
    this.afterAnswer(async () => {
      if (generation === this.generation) this.encoded.set(entryKey, { answer, encoded });
    });
    return encoded;
  }

  /** The page's JSON exactly as the route's serializer would write it. */
  async findPage(request: NearbyPageRequest): Promise<Buffer> {
    const point = earthPoint(request.latitude, request.longitude);
    // Only shops open now, only offers that hold now: filters the cells do not hold; answered by the database.
    if (!this.isEnabled || request.openNow || request.activeNow) return this.findPageDirect(request, point, 'direct');
    if (request.today !== this.day) {
      this.invalidate();
      this.day = request.today;
    }
    if (request.now.getTime() >= this.cardsTrueUntil) this.invalidate();
    const latitudeCell = Math.floor(request.latitude / NEARBY_CELL_DEGREES);
    const longitudeCell = Math.floor(request.longitude / NEARBY_CELL_DEGREES);
    const key = `${request.categoryId ?? '-'}:${latitudeCell}:${longitudeCell}`;
    let cell = this.cells.get(key);
    let filled = false;
    if (!cell) {
      const loading = this.pending.get(key);
      if (!loading) {
        // A cell not held is never filled on the answer's path: the page comes from the database as with the cache
        // off (the nearest scan alone when the cards are likely held), and the cell is filled after the answer when
        // it is asked for the second time.
        const askedBefore = this.seen.has(key);
        const cardsLikelyHeld = askedBefore || this.knowsCardsAround(request.categoryId, latitudeCell, longitudeCell);
        if (!askedBefore) this.seen.set(key, true);
        const answer = await this.findPageDirect(request, point, 'direct', cardsLikelyHeld);
        if (askedBefore) this.fillLater(key, this.cellCenter(latitudeCell, longitudeCell), request, FIRST_DEPTH);
        return answer;
      }
      // Someone's answer is already filling it: waiting costs the database nothing.
      cell = await loading;
      filled = true;
    }
    const page = this.rankPage(cell, point, request);
    if (!page) {
      // Not provable from what the cell holds: answered from the database now, the cell made deeper afterwards.
      if (cell.depth < MAX_DEPTH) this.fillLater(key, cell.center, request, Math.min(MAX_DEPTH, cell.depth * 4));
      return this.findPageDirect(request, point, 'fallbacks', true);
    }
    let entries = this.pageEntries(page, request);
    if (!entries) {
      await this.loadMissingCards(page, request);
      entries = this.pageEntries(page, request);
      filled = true;
    }
    if (!entries) return this.findPageDirect(request, point, 'fallbacks');
    this.counts[filled ? 'fills' : 'hits'] += 1;
    return writePageJson(request, entries, this.nextCursor(page, request));
  }

  private cellCenter(latitudeCell: number, longitudeCell: number): EarthPoint {
    return earthPoint((latitudeCell + 0.5) * NEARBY_CELL_DEGREES, (longitudeCell + 0.5) * NEARBY_CELL_DEGREES);
  }

  /**
   * Whether this cell or one of its eight neighbours was asked about lately: then most businesses (or offers) of
   * the page nearest a point of it have cards in memory, from that ask's answer.
   */
  private knowsCardsAround(categoryId: number | undefined, latitudeCell: number, longitudeCell: number): boolean {
    const category = categoryId ?? '-';
    for (let dLat = -1; dLat <= 1; dLat += 1) {
      for (let dLng = -1; dLng <= 1; dLng += 1) {
        const key = `${category}:${latitudeCell + dLat}:${longitudeCell + dLng}`;
        if (this.seen.has(key) || this.cells.has(key)) return true;
      }
    }
    return false;
  }

  /**
   * The page from the database, as with the cache off: in one statement (the nearest scan and the cards), or, when
   * the cards are likely held (`cardsLikelyHeld`), the nearest scan alone and only the missing cards after it. The
   * cards made are kept after the answer has left.
   */
  private async findPageDirect(request: NearbyPageRequest, point: EarthPoint, counted: 'direct' | 'fallbacks', cardsLikelyHeld = false): Promise<Buffer> {
    this.counts[counted] += 1;
    const generation = this.generation;
    const createdAt = this.now();
    if (cardsLikelyHeld) {
      const { rows, nextCursor } = await this.source.findPageRows(request, point);
      const held = this.cardsFor(request);
      const entries: PageEntry[] = [];
      const missing: number[] = [];
      for (const row of rows) {
        const card = held.get(row.id);
        if (!card) missing.push(row.id);
        entries.push({ card: card ?? EMPTY_CARD, latitude: row.latitude, longitude: row.longitude });
      }
      if (missing.length === rows.length && rows.length > 0) this.counts.cardsAllMissing += 1;
      if (missing.length > 0) {
        const made = await this.source.findCards(missing, request.categoryId, request.today, request.now);
        for (const [index, row] of rows.entries()) {
          const entry = entries[index];
          if (entry?.card !== EMPTY_CARD) continue;
          const card = made.get(row.id);
          // Gone between the two statements (a change is on its way to the cache): the one statement answers.
          if (!card) {
            this.counts[counted] -= 1;
            return this.findPageDirect(request, point, counted);
          }
          entry.card = card;
        }
        this.keepCards(generation, request, createdAt, made);
      }
      this.counts.cardsFromMemory += 1;
      return writePageJson(request, entries, nextCursor);
    }
    const { entries, nextCursor } = await this.source.findPage(request, point);
    // A card made under activeNow lists only the offers that hold now: not the card others are shown.
    if (this.isEnabled && !request.activeNow) this.keepCards(generation, request, createdAt, new Map(entries.map((entry) => [entry.id, entry.card])));
    return writePageJson(request, entries, nextCursor);
  }

  /** Keeps cards made for an answer, once it has left, unless a change came meanwhile. */
  private keepCards(generation: number, request: NearbyPageRequest, createdAt: number, made: ReadonlyMap<number, CardText>) {
    if (made.size === 0) return;
    const cards = this.cardsFor(request);
    this.afterAnswer(async () => {
      if (generation !== this.generation) return;
      for (const [id, text] of made) this.holdCard(cards, id, text, createdAt);
    });
  }

  /** Fills (or deepens) a cell after the answer has left; an answer never waits for this. */
  private fillLater(key: string, center: EarthPoint, request: NearbyPageRequest, depth: number) {
    if (this.pending.has(key)) return;
    this.afterAnswer(async () => {
      await this.loadCell(key, center, request, depth);
    });
  }

  /** Work that runs once the current answer has been handed to the socket (a later turn of the event loop). */
  private afterAnswer(work: () => Promise<void>) {
    const done = new Promise<void>((resolve) => {
      setImmediate(() => {
        // A failed fill is tried again at the cell's next ask; that ask's answer comes from the database meanwhile.
        work().then(resolve, () => resolve());
      });
    });
    this.background.add(done);
    void done.then(() => this.background.delete(done));
  }

  /** Resolves once the work begun after answers (cells being filled, cards and compressed copies being kept) is done (tests). */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.all([...this.background]);
  }

  /** Loads a cell's candidates (one load per cell at a time; callers arriving meanwhile share it). */
  private loadCell(key: string, center: EarthPoint, request: NearbyPageRequest, depth: number): Promise<Cell> {
    const shared = this.pending.get(key);
    if (shared) return shared.then((cell) => (cell.depth >= depth ? cell : this.loadCell(key, center, request, depth)));
    const generation = this.generation;
    const loading = (async () => {
      const found = await this.source.findCandidates({ center, today: request.today, limit: depth, categoryId: request.categoryId, now: request.now });
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
        // Packed from the start (filling a sparse array would make it a slow dictionary).
        cards: new Array<TimedCard | undefined>(sorted.length).fill(undefined),
      };
      if (generation === this.generation) {
        this.cells.set(key, cell);
        this.seen.delete(key);
        // Expired cells nobody asks about again leave too (with the cards only they held), not only when full.
        this.cells.purgeStale();
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
    const cursor: NearbyCursor | undefined = request.cursor;
    const { values, count } = cell;
    // The best rows so far, ordered by (chord, id): positions in the cell, their chords and ids (this request's own arrays).
    const positions = new Int32Array(wanted);
    const chords = new Float64Array(wanted);
    const ids = new Float64Array(wanted);
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
    return { cell, positions, chords, count: kept };
  }

  /** The cursor of the page after this one, when there is one. */
  private nextCursor(page: Page, request: NearbyPageRequest): NearbyCursor | undefined {
    if (page.count <= request.pageSize) return undefined;
    const last = request.pageSize - 1;
    return { d: page.chords[last] ?? 0, id: page.cell.values[(page.positions[last] ?? 0) * STRIDE] ?? 0 };
  }

  /**
   * The page's cards and positions, taking cards into the cell's memo from the shared map where they are there
   * and fresh; undefined when some card is missing (its memo entry is then empty).
   */
  private pageEntries(page: Page, request: NearbyPageRequest): PageEntry[] | undefined {
    const { values, cards: memo } = page.cell;
    const shown = Math.min(page.count, request.pageSize);
    const now = this.now();
    const entries: PageEntry[] = [];
    let complete = true;
    // Through every card of the page even when one is missing, so the memo says which ones to load.
    for (let index = 0; index < shown; index += 1) {
      const position = page.positions[index] ?? 0;
      let card = memo[position];
      if (!card || now - card.createdAt > NEARBY_CACHE_TTL_MS) {
        card = this.cardsFor(request).get(values[position * STRIDE] ?? 0);
        memo[position] = card;
      }
      if (!card) complete = false;
      else if (complete) {
        const at = position * STRIDE;
        entries.push({ card, latitude: values[at + 1] ?? 0, longitude: values[at + 2] ?? 0 });
      }
    }
    return complete ? entries : undefined;
  }

  private async loadMissingCards(page: Page, request: NearbyPageRequest) {
    const { values, cards: memo } = page.cell;
    const shown = Math.min(page.count, request.pageSize);
    const missing: number[] = [];
    for (let index = 0; index < shown; index += 1) {
      const position = page.positions[index] ?? 0;
      if (!memo[position]) missing.push(values[position * STRIDE] ?? 0);
    }
    const generation = this.generation;
    const createdAt = this.now();
    const made = await this.source.findCards(missing, request.categoryId, request.today, request.now);
    if (generation !== this.generation) return;
    const cards = this.cardsFor(request);
    for (const [id, text] of made) this.holdCard(cards, id, text, createdAt);
  }

  private holdCard(cards: LRUCache<number, TimedCard>, id: number, text: CardText, createdAt: number) {
    cards.set(id, { ...text, createdAt });
    if (text.validUntil < this.cardsTrueUntil) this.cardsTrueUntil = text.validUntil;
  }

  private cardsFor(request: NearbyPageRequest) {
    return request.categoryId === undefined ? this.businessCards : this.offerCards;
  }
}

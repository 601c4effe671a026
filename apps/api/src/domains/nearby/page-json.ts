/**
 * Writing a nearby answer's JSON from card texts: each card is its JSON cut where the shopper's distance goes
 * (the database writes it, queries.ts), so a page is the cards around distances computed for this shopper, then
 * the cursor, in one buffer, without building objects or running the serializer.
 */
import { haversineKm } from '@qrib/shared';
import { encodeCursor, type NearbyCursor } from './cursor.ts';

/** One card's JSON (UTF-8) cut where the shopper's distance goes. */
export interface CardText {
  before: Buffer;
  after: Buffer;
  /** before.length + after.length, kept here so sizing a page touches only this object. */
  size: number;
  /** Until when the card is true (ms): what it says about opening hours changes then (issue 28 §2); Infinity. */
  validUntil: number;
}

export function cardText(head: string, tail: string, validUntil = Number.POSITIVE_INFINITY): CardText {
  // Both parts in one allocation, side by side in memory.
  const whole = Buffer.from(head + tail);
  const cut = Buffer.byteLength(head);
  return { before: whole.subarray(0, cut), after: whole.subarray(cut), size: whole.length, validUntil };
}

/** A card on a page and where its business or offer is. */
export interface PageEntry {
  card: CardText;
  latitude: number;
  longitude: number;
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

/**
 * `{"data":[cards],"nextCursor":…}` exactly as the route's serializer would write it, each card with the
 * spec's haversine distance (km, rounded to metres) from the shopper.
 */
export function writePageJson(from: { latitude: number; longitude: number }, entries: readonly PageEntry[], nextCursor: NearbyCursor | undefined): Buffer {
  let size = PAGE_START.length + CURSOR_ROOM;
  for (const entry of entries) size += entry.card.size + DISTANCE_ROOM;
  const body = Buffer.allocUnsafe(size);
  let length = PAGE_START.copy(body, 0);
  for (const [index, { card, latitude, longitude }] of entries.entries()) {
    if (index > 0) body[length++] = COMMA;
    body.set(card.before, length);
    length += card.before.length;
    length = writeKilometres(body, length, haversineKm(from.latitude, from.longitude, latitude, longitude));
    body.set(card.after, length);
    length += card.after.length;
  }
  length += body.write(`],"nextCursor":${JSON.stringify(nextCursor ? encodeCursor(nextCursor) : null)}}`, length, 'latin1');
  return body.subarray(0, length);
}

/**
 * Page cursors, opaque to clients: the nearby screens page by (chord distance, id) of the last row shown;
 * search pages by offset. Anything the server did not make the shape of decodes to undefined (a 400).
 */

export interface NearbyCursor {
  /** Chord distance (in earth() units) of the last row of the previous page, and its id. */
  d: number;
  id: number;
}

function decodeJson(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

export function encodeCursor(cursor: NearbyCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(text: string): NearbyCursor | undefined {
  const value = decodeJson(text);
  if (typeof value !== 'object' || value === null) return undefined;
  const { d, id } = value as Record<string, unknown>;
  if (typeof d !== 'number' || !Number.isFinite(d) || d < 0 || typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
    return undefined;
  }
  return { d, id };
}

export function encodeOffsetCursor(offset: number): string {
  return Buffer.from(JSON.stringify({ o: offset })).toString('base64url');
}

/** The offset in a search cursor, or undefined for anything else. */
export function decodeOffsetCursor(text: string): number | undefined {
  const value = decodeJson(text);
  const offset = typeof value === 'object' && value !== null ? (value as { o?: unknown }).o : undefined;
  return typeof offset === 'number' && Number.isSafeInteger(offset) && offset > 0 && offset <= 10_000 ? offset : undefined;
}

/**
 * One storage interface (DESIGN.md §7) with two drivers: a local folder (default, DATA_DIR/uploads) and an
 * S3-compatible bucket (STORAGE=s3). Keys are content-addressed: `<area>/<sha256>[-variant].<ext>`; `public/`
 * keys are served under /uploads/..., `private/` keys only through authorised routes.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Readable;
  contentType: string;
  byteSize: number;
}

export interface Storage {
  readonly driver: 'local' | 's3';
  /** Stores the bytes under the key (overwriting is harmless: same key, same content). */
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  /**
   * Removes the object and any half-written copy of it (a put that died midway); removing a missing key is not an
   * error.
   */
  delete(key: string): Promise<void>;
  /**
   * Every key under a folder prefix (see toFolderPrefix), sorted (for tests and maintenance); with `modifiedBefore`,
   * only the objects last written before that time.
   */
  list(prefix: string, options?: ListOptions): Promise<string[]>;
  /**
   * Removes the half-written objects of puts that never finished (issue 25) last touched before `olderThan`: the
   * local driver's `.<name>.<uuid>.tmp` files beside their key, an S3 store's unfinished multipart uploads. A put
   * in progress keeps touching its copy, so a grace period spares another replica's. Answers how many went.
   */
  removeTemporary(olderThan: Date): Promise<number>;
}

export interface ListOptions {
  modifiedBefore?: Date;
}

const KEY_PATTERN = /^(public|private)\/[a-z0-9-]+(\/[a-z0-9-]+)*\/[a-f0-9]{64}(-[a-z0-9]+)?\.[a-z0-9]+$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Keys are made by the server only; this refuses anything that could escape the storage root. */
export function assertValidKey(key: string): void {
  if (!isValidKey(key)) {
    throw new Error(`Invalid storage key: ${key}`);
  }
}

/**
 * A list prefix names a folder ('' = everything; the trailing slash is optional), so `public/offers` never
 * matches `public/offers-archive/...` and both drivers agree. Returns '' or the folder with a trailing slash.
 */
export function toFolderPrefix(prefix: string): string {
  if (!/^([a-z0-9-]+(\/[a-z0-9-]+)*\/?)?$/.test(prefix)) {
    throw new Error(`Invalid storage prefix: ${prefix}`);
  }
  return prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`;
}

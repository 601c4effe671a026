/** The URL under which a `public/` object is served; `private/` objects have no public URL by design. */
import { assertValidKey } from './storage.ts';

export const PUBLIC_URL_PREFIX = '/uploads/';

export function publicUrl(key: string): string {
  assertValidKey(key);
  if (!key.startsWith('public/')) {
    throw new Error(`Not a public storage key: ${key}`);
  }
  return `${PUBLIC_URL_PREFIX}${key}`;
}

/** The URL under which a `public/` object is served; `private/` objects have no public URL by design. */
import { sql, type SQL } from 'drizzle-orm';
import { assertValidKey } from './storage.ts';

const PUBLIC_URL_PREFIX = '/uploads/';

export function publicUrl(key: string): string {
  assertValidKey(key);
  if (!key.startsWith('public/')) {
    throw new Error(`Not a public storage key: ${key}`);
  }
  return `${PUBLIC_URL_PREFIX}${key}`;
}

/**
 * The same URL built in SQL from a key column (for answers the database writes as JSON): NULL for a NULL key.
 * Keys reach these columns only through the storage layer, which checks them as publicUrl does.
 */
export function publicUrlSql(keyColumn: SQL): SQL {
  return sql`(${PUBLIC_URL_PREFIX}::text || ${keyColumn})`;
}

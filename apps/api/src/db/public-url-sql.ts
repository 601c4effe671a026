/** storage/public-url.ts's public URL, built in SQL from a key column (for answers the database writes as JSON). */
import { sql, type SQL } from 'drizzle-orm';
import { PUBLIC_URL_PREFIX } from '../storage/public-url.ts';

/**
 * NULL for a NULL key. Keys reach these columns only through the storage layer, which checks them as publicUrl does.
 */
export function publicUrlSql(keyColumn: SQL): SQL {
  return sql`(${PUBLIC_URL_PREFIX}::text || ${keyColumn})`;
}

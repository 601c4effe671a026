/**
 * Which processes are alive, in SQL (issue 25: queues' claims name their process by its owner key, plugins/pending-uploads.ts).
 * On PostgreSQL a live process holds a session-level advisory lock on its key; PGlite lives in one process.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** The advisory-lock class of process owners (the key is the owner). */
export const OWNER_LOCK_CLASS = 0x51726b02;

/** Apps open on each PGlite database in this process, by owner (plugins/pending-uploads.ts adds and removes them). */
export const embeddedOwners = new WeakMap<Database, Set<number>>();

/**
 * SQL that is true while the process whose owner key is in `ownerColumn` is alive (issue 25: other queues' claims
 * name their process with this key). On PostgreSQL: its owner lock is held (pg_locks shows two-int advisory keys as
 * unsigned oids); on PGlite: it is one of the apps open on this database in this process.
 */
export function isOwnerAliveSql(database: Database, ownerColumn: SQL): SQL {
  if (database.kind === 'postgres') {
    return sql`EXISTS (
      SELECT 1 FROM pg_locks l
      WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
        AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
        AND l.classid = ${OWNER_LOCK_CLASS}::bigint::oid
        AND l.objid = ((${ownerColumn})::bigint & 4294967295)::oid
    )`;
  }
  const owners = [...(embeddedOwners.get(database) ?? [])];
  return sql`coalesce((${ownerColumn}) = ANY(${`{${owners.join(',')}}`}::int[]), false)`;
}

/**
 * Which processes are alive, in SQL (issue 25: queues' claims name their process by its owner key, plugins/pending-uploads.ts).
 * On PostgreSQL a live process holds a session-level advisory lock on its key; PGlite lives in one process.
 */
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../db/client.ts';

/** The advisory-lock class of process owners (the key is the owner). */
export const OWNER_LOCK_CLASS = 0x51726b02;

/** Takes the owner lock of `key` on the connection if no live process holds it; whether it did. */
export async function tryOwnerLock(client: pg.Client, key: number): Promise<boolean> {
  const result = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1::int, $2::int) AS locked', [OWNER_LOCK_CLASS, key]);
  return result.rows[0]?.locked === true;
}

/** Takes the owner lock of `key` on the connection, waiting while another process holds it. */
export async function waitForOwnerLock(client: pg.Client, key: number): Promise<void> {
  await client.query('SELECT pg_advisory_lock($1::int, $2::int)', [OWNER_LOCK_CLASS, key]);
}

/** Lets go of the owner lock of `key` taken on the connection. */
export async function releaseOwnerLock(client: pg.Client, key: number): Promise<void> {
  await client.query('SELECT pg_advisory_unlock($1::int, $2::int)', [OWNER_LOCK_CLASS, key]);
}

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

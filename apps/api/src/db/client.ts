/**
 * Opens the database: embedded PGlite (with cube + earthdistance) under DATA_DIR by default, or
 * PostgreSQL through node-postgres when DATABASE_URL is set. Both give the same Drizzle API.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to clone a migrated template quickly. */
  dump?(): Promise<Blob>;
  /**
   * Receives PostgreSQL NOTIFY payloads on a channel (PGlite's own listener, or a dedicated node-postgres
   * connection, so every API replica on one database hears them). Returns the way to stop listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{ rows }`; the driver-neutral Db type cannot say
 * so, hence the one cast here.
 */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../../drizzle');

const pgliteExtensions = { cube, earthdistance, pg_trgm };

export type DatabaseSource =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; dump: Blob }
  | { kind: 'pglite'; inMemory: true };

export async function openDatabase(source: DatabaseSource): Promise<Database> {
  if (source.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: source.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      statement_timeout: 30_000,
    });
    // An idle client dropped by the server (restart, failover) must not crash the process; the pool
    // replaces it and /readyz reports the outage.
    pool.on('error', (error) => {
      console.error('PostgreSQL pool error:', error.message);
    });
    const db = drizzlePg(pool, { schema });
    const listeners = new Set<pg.Client>();
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await Promise.allSettled([...listeners].map((client) => client.end()));
        await pool.end();
      },
      listen: async (channel, onMessage) => {
        const client = new pg.Client({ connectionString: source.url });
        client.on('error', (error) => console.error('PostgreSQL listener error:', error.message));
        client.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
        });
        await client.connect();
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
        listeners.add(client);
        return async () => {
          listeners.delete(client);
          await client.end();
        };
      },
    };
  }
  let client: PGlite;
  if ('dump' in source) {
    client = await PGlite.create({ loadDataDir: source.dump, extensions: pgliteExtensions });
  } else if ('inMemory' in source) {
    client = await PGlite.create({ extensions: pgliteExtensions });
  } else {
    mkdirSync(source.dataDir, { recursive: true });
    client = await PGlite.create(source.dataDir, { extensions: pgliteExtensions });
  }
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    listen: async (channel, onMessage) => {
      const stop = await client.listen(channel, onMessage);
      return () => stop();
    },
  };
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function databaseSourceFor(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseSource {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

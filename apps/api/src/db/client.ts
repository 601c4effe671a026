/**
 * Opens the database: embedded PGlite (with cube + earthdistance) under DATA_DIR by default, or
 * PostgreSQL through node-postgres when DATABASE_URL is set. Both give the same Drizzle API.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
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
import { EventLoopTurns } from './event-loop-turns.ts';
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
   * On PostgreSQL a lost connection (a database restart, say) is opened again, with growing pauses; messages
   * sent meanwhile are lost, so `onReconnect` runs once listening again (to drop what may have gone stale).
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: a connection of its own, outside the pool, for session state that must last as long as the
   * process (an advisory lock that tells other replicas it is alive). PGlite is one session in one process.
   */
  connectDedicated?(): Promise<pg.Client>;
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

/** The one event loop's turns, shared by every PGlite of the process (tests open several). */
const pgliteTurns = new EventLoopTurns();

/**
 * PGlite whose queries, execs and transactions each wait for a turn of the event loop (db/event-loop-turns.ts):
 * its queries run synchronously on this thread, and without turns a burst of them kept the loop from accepting
 * connections. A transaction takes one turn; the queries inside it run in it.
 */
class PGliteTakingTurns extends PGlite {
  override async query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    await pgliteTurns.next();
    return super.query<T>(query, params, options);
  }

  override async exec(query: string, options?: QueryOptions): Promise<Results[]> {
    await pgliteTurns.next();
    return super.exec(query, options);
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    await pgliteTurns.next();
    return super.transaction(callback);
  }
}

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
    const listeners = new Set<ReconnectingListener>();
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: async () => {
        await Promise.allSettled([...listeners].map((listener) => listener.stop()));
        await pool.end();
      },
      connectDedicated: async () => {
        const client = new pg.Client({ connectionString: source.url });
        await client.connect();
        return client;
      },
      listen: async (channel, onMessage, onReconnect) => {
        const listener = new ReconnectingListener(source.url, channel, onMessage, onReconnect);
        await listener.start();
        listeners.add(listener);
        return async () => {
          listeners.delete(listener);
          await listener.stop();
        };
      },
    };
  }
  let client: PGlite;
  if ('dump' in source) {
    client = new PGliteTakingTurns({ loadDataDir: source.dump, extensions: pgliteExtensions });
  } else if ('inMemory' in source) {
    client = new PGliteTakingTurns({ extensions: pgliteExtensions });
  } else {
    mkdirSync(source.dataDir, { recursive: true });
    client = new PGliteTakingTurns(source.dataDir, { extensions: pgliteExtensions });
  }
  // What PGlite.create does (it cannot make a subclass).
  await client.waitReady;
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

/**
 * A dedicated node-postgres connection that LISTENs on one channel and comes back when it is lost: the first
 * connection's failure is the caller's to handle; later ones are retried after 0.25 s, doubling up to 5 s.
 */
class ReconnectingListener {
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;
  private pause = 250;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly onMessage: (payload: string) => void,
    private readonly onReconnect: (() => void) | undefined,
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    // An 'error' without a listener would crash the process; the 'end' that follows schedules the retry.
    client.on('error', (error) => console.error('PostgreSQL listener error:', error.message));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => {
      if (message.channel === this.channel && message.payload !== undefined) this.onMessage(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
    } catch (error) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end();
      return;
    }
    this.client = client;
    this.pause = 250;
  }

  private lost(client: pg.Client): void {
    if (this.stopped || client !== this.client) return;
    this.client = undefined;
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connect().then(
        () => {
          if (!this.stopped) this.onReconnect?.();
        },
        (error: unknown) => {
          console.error('PostgreSQL listener could not reconnect:', error instanceof Error ? error.message : error);
          this.pause = Math.min(this.pause * 2, 5_000);
          this.scheduleReconnect();
        },
      );
    }, this.pause);
  }
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export function databaseSourceFor(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseSource {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

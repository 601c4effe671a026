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
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
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

const dialect = new PgDialect();

/** A value as a PostgreSQL literal: finite numbers (in parentheses, so a minus sign never meets another), texts, null. */
export function sqlLiteral(value: unknown): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return `(${String(value)})`;
  }
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new Error('a text with a NUL character');
    // standard_conforming_strings is on (PostgreSQL's default since 9.1, and PGlite's): only quotes need doubling.
    return `'${value.replaceAll("'", "''")}'`;
  }
  throw new Error(`no literal for a ${typeof value}`);
}

/** The query's text with $n placeholders and its values, exactly one placeholder per value (none in the query's own words). */
function render(query: SQL): { text: string; params: unknown[] } {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const placeholders = text.match(/\$\d+/g) ?? [];
  if (placeholders.length !== params.length || new Set(placeholders).size !== params.length) {
    throw new Error('each value must appear once as $n');
  }
  return { text, params };
}

/** The embedded database behind a Db, or undefined on PostgreSQL. */
function pgliteOf(db: Db): PGlite | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/** Statement names by query text, per embedded database (a promise, so two first asks prepare once). */
const preparedStatements = new WeakMap<PGlite, Map<string, Promise<string>>>();
/** Query shapes prepared per database at most; a caller making more is building texts it should not. */
const MAX_PREPARED = 32;

/**
 * selectRows for the hottest reads, asked again and again with other values (a nearby page, a cell's candidates
 * and cards). On PGlite the query's text is PREPAREd once per database (every value in it must carry a cast,
 * `${x}::float8`, so the types are known without looking at the values) and EXECUTEd in one simple-protocol call
 * with its values written in as literals (sqlLiteral) and a generic plan. That skips the extended protocol's parse,
 * bind and describe steps and the planner: a nearby page's SQL takes about 1.2 ms instead of 1.8 (bench:nearby).
 * PostgreSQL's planner would keep choosing custom plans here, as their estimates look cheaper, hence
 * plan_cache_mode for the one statement (SET is undone with the transaction if EXECUTE fails). On PostgreSQL it is
 * selectRows: the values travel as parameters.
 */
export async function selectRowsPrepared<T>(db: Db, query: SQL): Promise<T[]> {
  const client = pgliteOf(db);
  if (!client) return selectRows<T>(db, query);
  const { text, params } = render(query);
  let statements = preparedStatements.get(client);
  if (!statements) {
    statements = new Map();
    preparedStatements.set(client, statements);
  }
  let name = statements.get(text);
  if (!name) {
    if (statements.size >= MAX_PREPARED) throw new Error(`more than ${MAX_PREPARED} prepared query shapes`);
    const made = `qrib_prepared_${statements.size + 1}`;
    name = client.exec(`PREPARE ${made} AS ${text}`).then(() => made);
    statements.set(text, name);
    void name.catch(() => statements.delete(text));
  }
  const values = params.length > 0 ? ` (${params.map(sqlLiteral).join(', ')})` : '';
  const results = await client.exec(`SET plan_cache_mode = force_generic_plan; EXECUTE ${await name}${values}; RESET plan_cache_mode`);
  return (results[1]?.rows ?? []) as T[];
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

/** Whether an error (or one it wraps, as Drizzle does) is PostgreSQL's foreign-key violation of `constraint`. */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const details = current as Error & { code?: string; constraint?: string };
    if (details.code === '23503' && `${details.constraint ?? ''} ${details.message}`.includes(constraint)) return true;
  }
  return false;
}

/** Whether an error (or one it wraps, as Drizzle does) is PostgreSQL's unique violation of `constraint`. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const details = current as Error & { code?: string; constraint?: string };
    if (details.code === '23505' && `${details.constraint ?? ''} ${details.message}`.includes(constraint)) return true;
  }
  return false;
}

/**
 * Brings the database up to date at boot: migrations, the categories, and the demo data on a first run. On
 * PostgreSQL replicas take turns under an advisory lock, so replicas started together on an empty database (or
 * a deploy that adds a migration) cannot race (ADR 010).
 */
import type { Storage } from '../storage/storage.ts';
import type { Database } from './client.ts';
import { seedCategories, seedDemoData } from './seed.ts';

/** The advisory lock replicas take turns at (class 'MIGR', then 1: a two-key lock, apart from single-key ones). */
const MIGRATION_LOCK = [0x4d494752, 1] as const;

/**
 * Runs `work` holding the migration lock, a session-level advisory lock on a connection of its own (the pool's
 * connections run the work). A replica that comes second waits, then finds the work done. PGlite is one
 * process and needs no lock.
 */
export async function withMigrationLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (!database.connectDedicated) return work();
  const client = await database.connectDedicated();
  try {
    await client.query('SELECT pg_advisory_lock($1::int, $2::int)', [...MIGRATION_LOCK]);
    return await work();
  } finally {
    // Closing the session releases the lock anyway; unlocking first lets the next replica go at once.
    await client.query('SELECT pg_advisory_unlock($1::int, $2::int)', [...MIGRATION_LOCK]).catch(() => undefined);
    await client.end();
  }
}

/**
 * Migrates and seeds under the migration lock (the demo offers' pictures go to `storage`, where the app keeps
 * offer photos). Answers whether this boot seeded the demo data.
 */
export async function prepareDatabase(database: Database, options: { seedDemo: boolean; storage: Storage }): Promise<{ seededDemo: boolean }> {
  return withMigrationLock(database, async () => {
    await database.migrate();
    await seedCategories(database.db);
    return { seededDemo: options.seedDemo ? await seedDemoData(database.db, options.storage) : false };
  });
}

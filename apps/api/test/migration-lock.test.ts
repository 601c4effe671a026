/**
 * Replicas that boot together on an empty PostgreSQL database take turns at migrating and seeding. PostgreSQL
 * only: the embedded database is one process.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { MIGRATIONS_FOLDER, openDatabase, selectRows, type Database } from '../src/db/client.ts';
import { prepareDatabase } from '../src/db/prepare.ts';
import { DEMO_ACCOUNTS, SEED_CATEGORIES } from '../src/db/seed.ts';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import { databaseUrlWithName, uniqueDatabaseName, withAdminClient } from './database-template.ts';

const REPLICAS = 4;

async function countOf(database: Database, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await selectRows<{ total: number }>(database.db, query);
  return row?.total ?? -1;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrating and seeding on PostgreSQL', () => {
  it(`lets ${REPLICAS} replicas booting at once on an empty database migrate and seed exactly once`, async () => {
    const template = inject('databaseTemplate');
    if (template.kind !== 'postgres') throw new Error('this test needs TEST_DATABASE_URL');
    const name = uniqueDatabaseName('qrib_boot');
    await withAdminClient(template.url, (client) => client.query(`CREATE DATABASE "${name}"`));
    const url = databaseUrlWithName(template.url, name);
    const replicas = await Promise.all(Array.from({ length: REPLICAS }, () => openDatabase({ kind: 'postgres', url })));
    const uploads = mkdtempSync(path.join(tmpdir(), 'qrib-boot-uploads-'));
    const storage = createLocalStorage(uploads);
    try {
      const results = await Promise.allSettled(replicas.map((database) => prepareDatabase(database, { seedDemo: true, storage })));
      expect(results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []))).toEqual([]);
      const seededBy = results.filter((result) => result.status === 'fulfilled' && result.value.seededDemo);
      expect(seededBy).toHaveLength(1);

      const [database] = replicas;
      if (!database) throw new Error('no replica');
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(await countOf(database, sql`SELECT count(*)::int AS total FROM drizzle.__drizzle_migrations`)).toBe(journal.entries.length);
      expect(await countOf(database, sql`SELECT count(*)::int AS total FROM categories`)).toBe(SEED_CATEGORIES.length);
      const demoUsernames = [DEMO_ACCOUNTS.shopper.username, DEMO_ACCOUNTS.owner.username, DEMO_ACCOUNTS.admin.username, DEMO_ACCOUNTS.cashier.username];
      expect(await countOf(database, sql`SELECT count(*)::int AS total FROM users WHERE username IN (${sql.join(demoUsernames.map((username) => sql`${username}`), sql`, `)})`)).toBe(4);
      // One demo data set: every shop once (the one waiting for approval too), each with its own owner, the one demo
      // shopper, the demo admin and the demo cashier (issue 28 §4).
      const vendors = await countOf(database, sql`SELECT count(*)::int AS total FROM vendors`);
      expect(vendors).toBeGreaterThan(0);
      expect(await countOf(database, sql`SELECT count(DISTINCT business_name)::int AS total FROM vendors`)).toBe(vendors);
      expect(await countOf(database, sql`SELECT count(*)::int AS total FROM users`)).toBe(vendors + 3);
    } finally {
      await Promise.all(replicas.map((database) => database.close()));
      rmSync(uploads, { recursive: true, force: true });
      await withAdminClient(template.url, (client) => client.query(`DROP DATABASE IF EXISTS "${name}"`));
    }
  });
});

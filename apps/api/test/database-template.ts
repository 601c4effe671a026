/**
 * A migrated, seeded template database that each test file clones (epic-stack style), so every file
 * starts from a fresh database without paying for migrations again. PGlite by default; a real
 * PostgreSQL server when TEST_DATABASE_URL is set.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../src/db/client.ts';
import { seedCategories } from '../src/db/seed.ts';

export type TemplateRef = { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; url: string; name: string };

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** Migrates and seeds a database that will serve as the template. */
export async function prepareTemplate(database: Database): Promise<void> {
  await database.migrate();
  await seedCategories(database.db);
}

/** For tests of one migration over rows stored before it: an embedded database migrated up to just before a tag. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER } from '../../src/db/client.ts';

/** A copy of the migrations whose journal stops before `tag` (and the way to remove it). */
function migrationsBefore(tag: string): { folder: string; remove(): void } {
  const folder = mkdtempSync(path.join(tmpdir(), 'qrib-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((entry) => entry.tag === tag);
  if (stop <= 0) throw new Error(`no migration before ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
  return { folder, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/**
 * Runs `work` on a fresh embedded database migrated up to just before `tag`; `migrateRest` applies `tag` and
 * what follows it. The database and the copied migrations are removed afterwards.
 */
export async function withDatabaseMigratedBefore(
  tag: string,
  work: (client: PGlite, migrateRest: () => Promise<void>) => Promise<void>,
): Promise<void> {
  const client = await PGlite.create({ extensions: { cube, earthdistance, pg_trgm } });
  const before = migrationsBefore(tag);
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before.folder });
    await work(client, () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }));
  } finally {
    before.remove();
    await client.close();
  }
}

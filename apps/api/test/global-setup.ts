import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import {
  databaseUrlWithName,
  prepareTemplate,
  uniqueDatabaseName,
  withAdminClient,
  type TemplateRef,
} from './database-template.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: TemplateRef;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    console.log(`API tests run on PostgreSQL (${new URL(url).host})`);
    const name = uniqueDatabaseName('qrib_template');
    await withAdminClient(url, (client) => client.query(`CREATE DATABASE "${name}"`));
    const database = await openDatabase({ kind: 'postgres', url: databaseUrlWithName(url, name) });
    await prepareTemplate(database);
    await database.close();
    project.provide('databaseTemplate', { kind: 'postgres', url, name });
    return async () => {
      await withAdminClient(url, async (client) => {
        // Each file drops its own database (test/helpers.ts); one whose worker died is dropped here.
        const left = await client.query<{ datname: string }>(
          `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`,
          [`${name}_`],
        );
        for (const { datname } of left.rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        await client.query(`DROP DATABASE IF EXISTS "${name}"`);
      });
    };
  }
  console.log('API tests run on embedded PGlite');
  const database = await openDatabase({ kind: 'pglite', inMemory: true });
  await prepareTemplate(database);
  const dump = await database.dump?.();
  await database.close();
  if (!dump) throw new Error('PGlite could not dump the template');
  const dir = mkdtempSync(path.join(tmpdir(), 'qrib-template-'));
  const dumpPath = path.join(dir, 'template.tar');
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('databaseTemplate', { kind: 'pglite', dumpPath });
  return () => rmSync(dir, { recursive: true, force: true });
}

/** A scratch PostgreSQL database for a bench or test script: created beside the given one, dropped afterwards. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Creates `<prefix>_<time>_<random>` on the server of `serverUrl` (any database on it), runs `work` with its URL
 * and drops it again (WITH (FORCE), so connections left open do not keep it), whatever `work` did.
 */
export async function withScratchDatabase<T>(serverUrl: string, prefix: string, work: (scratchUrl: string) => Promise<T>): Promise<T> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const scratch = new URL(serverUrl);
    scratch.pathname = `/${name}`;
    return await work(scratch.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch((error: unknown) => console.error(`could not drop ${name}:`, error));
    await admin.end();
  }
}

/**
 * Two API replicas on one database share their limits on PostgreSQL (the counters are rows both see), so two
 * replicas do not double a limit. PGlite is one process and keeps its counters in memory: each app its own.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_USERNAME, SHOP_ENTRY_DETECTIONS_PER_MINUTE } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { selectRows, type Database } from '../../src/db/client.ts';
import { createTestApp, createTestDatabase, signUp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let replica: { database: Database; close(): Promise<void> };
let apps: [App, App];

beforeAll(async () => {
  testDb = await createTestDatabase();
  replica = await testDb.openReplica();
});
afterAll(async () => {
  await replica.close();
  await testDb.drop();
});
beforeEach(async () => {
  apps = [await createTestApp(testDb.database), await createTestApp(replica.database)];
});
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** How many attempts the two apps let through together before refusing: the limit once when they share it. */
function allowedAcrossBothApps(limit: number): number {
  return testDb.database.kind === 'postgres' ? limit : 2 * limit;
}

/** Alternates between the two apps, as a load balancer would. */
function replicaFor(attempt: number): App {
  return attempt % 2 === 0 ? apps[0] : apps[1];
}

async function storedCounterKeys(): Promise<string[]> {
  const rows = await selectRows<{ key: string }>(testDb.database.db, sql`SELECT key FROM rate_limit_counters`);
  return rows.map((row) => row.key);
}

describe('rate limits across replicas', () => {
  it('counts wrong passwords sent to either replica against one per-IP+username limit', async () => {
    const account = await signUp(apps[0]);
    const login = (app: App, password: string) =>
      app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: account.username, password }, remoteAddress: '10.20.0.1' });

    const allowed = allowedAcrossBothApps(LOGIN_ATTEMPTS_PER_USERNAME);
    for (let attempt = 0; attempt < allowed; attempt += 1) {
      expect((await login(replicaFor(attempt), 'wrongpass1')).statusCode).toBe(401);
    }
    // The next attempt is refused on both replicas, even with the right password.
    expect((await login(apps[0], account.password)).statusCode).toBe(429);
    expect((await login(apps[1], account.password)).statusCode).toBe(429);
    // The per-IP counters are rows on PostgreSQL only.
    const keys = await storedCounterKeys();
    expect(keys.some((key) => key.includes('10.20.0.1'))).toBe(testDb.database.kind === 'postgres');
  });

  it('counts a per-account limit across replicas too', async () => {
    const account = await signUp(apps[0]);
    // Shop entry detection is off for a new account, so each call answers 403, and still counts.
    const detect = (app: App) =>
      app.inject({ method: 'POST', url: '/api/v1/visits/detect', cookies: account.cookies, payload: { latitude: 35.9, longitude: 14.51 } });

    const allowed = allowedAcrossBothApps(SHOP_ENTRY_DETECTIONS_PER_MINUTE);
    for (let call = 0; call < allowed; call += 1) {
      expect((await detect(replicaFor(call))).statusCode).toBe(403);
    }
    expect((await detect(apps[0])).statusCode).toBe(429);
    expect((await detect(apps[1])).statusCode).toBe(429);
  });
});

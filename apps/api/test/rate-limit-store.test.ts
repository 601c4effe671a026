/** The database rate-limit store on its own: counting, windows, names, concurrent hits and the sweep. */
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { selectRows } from '../src/db/client.ts';
import { createRateLimitCountersRepository, type CounterState } from '../src/kernel/repository/rate-limit-counters.ts';
import { createDatabaseRateLimitStore, type DatabaseRateLimitStoreOptions } from '../src/kernel/rate-limit-store.ts';
import { createTestDatabase, type TestDatabase } from './helpers.ts';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

function limiter(nameSpace: string | undefined, options: DatabaseRateLimitStoreOptions = {}) {
  const Store = createDatabaseRateLimitStore(createRateLimitCountersRepository(testDb.database.db), options);
  // What the plugin does: one store from its settings, then a child per limiter with the limiter's options.
  return new Store({}).child(nameSpace === undefined ? {} : { nameSpace });
}

function hit(store: FastifyRateLimitStore, key: string, timeWindow = 60_000): Promise<CounterState> {
  return new Promise((resolve, reject) => {
    store.incr(key, (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)), timeWindow, 5);
  });
}

function read(store: ReturnType<typeof limiter>, key: string): Promise<CounterState> {
  return new Promise((resolve, reject) => {
    store.read(key, (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)));
  });
}

async function storedKeys(): Promise<string[]> {
  const rows = await selectRows<{ key: string }>(testDb.database.db, sql`SELECT key FROM rate_limit_counters ORDER BY key`);
  return rows.map((row) => row.key);
}

describe('database rate-limit store', () => {
  it('counts hits in a window and says how long the window has left', async () => {
    const store = limiter('count-test');
    const first = await hit(store, '10.0.0.1');
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    expect((await hit(store, '10.0.0.1')).current).toBe(2);
    expect((await hit(store, '10.0.0.1')).current).toBe(3);
    expect((await read(store, '10.0.0.1')).current).toBe(3);
    expect((await hit(store, '10.0.0.2')).current).toBe(1);
  });

  it('starts again at 1 once the window is over, with the new window', async () => {
    const store = limiter('window-test');
    expect((await hit(store, 'k', 200)).current).toBe(1);
    await vi.waitFor(async () => expect((await read(store, 'k')).current).toBe(0), { timeout: 5_000, interval: 50 });
    const restarted = await hit(store, 'k', 60_000);
    expect(restarted.current).toBe(1);
    expect(restarted.ttl).toBeGreaterThan(200);
    expect((await hit(store, 'k', 60_000)).current).toBe(2);
  });

  it('keeps limiters of different names apart, whatever keys they generate', async () => {
    const uploads = limiter('name-a');
    const geocoding = limiter('name-b');
    const unnamed = limiter(undefined);
    expect((await hit(uploads, 'same-key')).current).toBe(1);
    expect((await hit(geocoding, 'same-key')).current).toBe(1);
    // A key that spells another limiter's name and key is still its own counter.
    expect((await hit(unnamed, 'name-a:same-key')).current).toBe(1);
    expect((await hit(uploads, 'same-key')).current).toBe(2);
    expect(await storedKeys()).toEqual(expect.arrayContaining([':name-a:same-key', 'name-a:same-key', 'name-b:same-key']));
  });

  it('refuses a name that could run into another limiter’s keys, and the window-moving options', () => {
    const Store = createDatabaseRateLimitStore(createRateLimitCountersRepository(testDb.database.db));
    expect(() => new Store({}).child({ nameSpace: 'login:ip' })).toThrow(/nameSpace/);
    expect(() => new Store({}).child({ nameSpace: 'Login' })).toThrow(/nameSpace/);
    expect(() => new Store({ continueExceeding: true })).toThrow(/continueExceeding/);
    expect(() => new Store({}).child({ exponentialBackoff: true })).toThrow(/exponentialBackoff/);
  });

  it('counts every one of many hits at once exactly once', async () => {
    const store = limiter('concurrent-test');
    const results = await Promise.all(Array.from({ length: 25 }, () => hit(store, 'k')));
    expect(results.map((result) => result.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, index) => index + 1));
  });

  it('removes expired counters now and then, and only those', async () => {
    const store = limiter('sweep-test', { sweepEvery: 3 });
    await hit(store, 'expired', 0);
    await hit(store, 'alive');
    expect(await storedKeys()).toContain('sweep-test:expired');
    await hit(store, 'alive'); // the third hit starts the sweep
    await vi.waitFor(async () => expect(await storedKeys()).not.toContain('sweep-test:expired'), { timeout: 5_000, interval: 50 });
    expect(await storedKeys()).toContain('sweep-test:alive');
    expect((await read(store, 'alive')).current).toBe(2);
  });

  it('passes a database error to the limiter instead of a count', async () => {
    const unreachable = () => Promise.reject(new Error('connection refused'));
    const Store = createDatabaseRateLimitStore({ increment: unreachable, read: unreachable, deleteExpired: unreachable });
    await expect(hit(new Store({}).child({ nameSpace: 'failing' }), 'k')).rejects.toThrow('connection refused');
  });
});

/**
 * The browser tests' injected clock (kernel/test-clock.ts, issue 29 §2): only with TEST_CLOCK, only from this
 * machine, and what it moves is the process's Date (and so the app's Malta day).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { maltaToday, addDays } from '@qrib/shared';
import { createTestApp, createTestDatabase, type TestDatabase } from '../helpers.ts';
import { installTestClock, uninstallTestClock } from '../../src/kernel/test-clock.ts';
import { loadConfig } from '../../src/config.ts';

let testDb: TestDatabase | undefined;
afterAll(async () => {
  await testDb?.drop();
});

describe('the test clock', () => {
  it('is not there without TEST_CLOCK', async () => {
    testDb = await createTestDatabase();
    const app = await createTestApp(testDb.database);
    try {
      expect((await app.inject({ method: 'PUT', url: '/__test/clock', payload: { offsetMs: 0 } })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('moves the process’s clock from this machine only, and refuses anything but whole milliseconds', async () => {
    testDb ??= await createTestDatabase();
    const token = 'a-token-of-this-test-run';
    const app = await createTestApp(testDb.database, { testClock: { token } });
    installTestClock();
    try {
      const set = (payload: unknown, remoteAddress = '127.0.0.1', headers: Record<string, string> = { 'x-test-clock-token': token }) =>
        app.inject({ method: 'PUT', url: '/__test/clock', payload: payload as object, remoteAddress, headers });
      expect((await set({ offsetMs: 86_400_000 }, '10.0.0.7')).statusCode).toBe(403);
      expect((await set({ offsetMs: 86_400_000 }, '127.0.0.1', {})).statusCode).toBe(403);
      expect((await set({ offsetMs: 86_400_000 }, '127.0.0.1', { 'x-test-clock-token': 'a-token-of-another-run' })).statusCode).toBe(403);
      expect((await set({ offsetMs: 'tomorrow' })).statusCode).toBe(400);
      expect((await set({ offsetMs: 1.5 })).statusCode).toBe(400);
      const today = maltaToday();
      const moved = await set({ offsetMs: 2 * 86_400_000 });
      expect(moved.statusCode).toBe(200);
      expect(maltaToday()).toBe(addDays(today, 2));
      expect(maltaToday(new Date(Date.now()))).toBe(addDays(today, 2));
      // A date given explicitly is that date.
      expect(new Date('2026-03-01T12:00:00Z').toISOString()).toBe('2026-03-01T12:00:00.000Z');
    } finally {
      uninstallTestClock();
      await app.close();
    }
    expect(maltaToday()).toBe(maltaToday(new Date(Date.now())));
  });

  it('is refused at boot without its token, beyond loopback, or behind a proxy', () => {
    const base = { TEST_CLOCK: 'true', DATA_DIR: '/tmp/qrib-test-clock-config', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...base, TEST_CLOCK_TOKEN: 'a-token-of-this-test-run' }).testClock).toEqual({ token: 'a-token-of-this-test-run' });
    expect(() => loadConfig(base)).toThrow(/TEST_CLOCK_TOKEN/);
    expect(() => loadConfig({ ...base, TEST_CLOCK_TOKEN: 'a-token-of-this-test-run', HOST: '0.0.0.0' })).toThrow(/HOST/);
    expect(() => loadConfig({ ...base, TEST_CLOCK_TOKEN: 'a-token-of-this-test-run', TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ DATA_DIR: '/tmp/qrib-test-clock-config', JWT_SECRET: 'x'.repeat(32) }).testClock).toBeUndefined();
  });
});

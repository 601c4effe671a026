/**
 * The browser tests' injected clock (kernel/test-clock.ts, issue 29 §2): only with TEST_CLOCK, only from this
 * machine, and what it moves is the process's Date (and so the app's Malta day).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { maltaToday, addDays } from '@qrib/shared';
import { createTestApp, createTestDatabase, type TestDatabase } from '../helpers.ts';
import { installTestClock } from '../../src/kernel/test-clock.ts';

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
    const app = await createTestApp(testDb.database, { testClock: true });
    installTestClock();
    try {
      const set = (payload: unknown, remoteAddress = '127.0.0.1') => app.inject({ method: 'PUT', url: '/__test/clock', payload: payload as object, remoteAddress });
      expect((await set({ offsetMs: 86_400_000 }, '10.0.0.7')).statusCode).toBe(403);
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
      await app.inject({ method: 'PUT', url: '/__test/clock', payload: { offsetMs: 0 }, remoteAddress: '127.0.0.1' });
      await app.close();
    }
  });
});

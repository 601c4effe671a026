/**
 * Issue 25 finding 5: past LOGIN_DELAY_AFTER_FAILURES failures, an account's login attempts take turns, so guesses
 * sent at once are slowed one after another (40 from 40 addresses used to finish in 2.8 s with a 2 s delay), on
 * every replica; the right password, from an address never seen, still gets in when its turn comes.
 *
 * The turns here are 500 ms: N of them must take N × 500 ms in all, a lower bound that no machine can undercut,
 * chosen above the old fixed 2 s (all of which overlapped) so that the old code fails it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_DELAY_AFTER_FAILURES, LOGIN_DELAY_MS } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { selectRows } from '../../src/db/client.ts';
import { createTestApp, createTestDatabase, signUp, type TestDatabase } from '../helpers.ts';

const TURN_MS = 500;
const CONCURRENT_GUESSES = 8;

let testDb: TestDatabase;
let replica: Awaited<ReturnType<TestDatabase['openReplica']>>;
let app: App;
/** A second API process on its own connections to the same database (on PGlite, the same instance). */
let otherApp: App;

beforeAll(async () => {
  testDb = await createTestDatabase();
  replica = await testDb.openReplica();
});
afterAll(async () => {
  await replica.close();
  await testDb.drop();
});

let addresses = 0;
/** A login from an address of its own, as a botnet's guesses come (no per-address limit is ever reached). */
function login(through: App, username: string, password: string) {
  addresses += 1;
  return through.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
    remoteAddress: `10.25.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`,
  });
}

/** Runs the logins at once; answers their status codes, how long the whole burst took and when each answer came. */
async function burst(logins: (() => ReturnType<typeof login>)[]) {
  const startedAt = performance.now();
  const finishedAtMs: number[] = [];
  const responses = await Promise.all(
    logins.map(async (send, index) => {
      const response = await send();
      finishedAtMs[index] = performance.now() - startedAt;
      return response;
    }),
  );
  return { statuses: responses.map((response) => response.statusCode), elapsedMs: performance.now() - startedAt, finishedAtMs };
}

describe('concurrent password guesses on one account', () => {
  beforeEach(async () => {
    app = await createTestApp(testDb.database, { loginDelayMs: TURN_MS });
    otherApp = await createTestApp(replica.database, { loginDelayMs: TURN_MS });
  });
  afterEach(async () => {
    await Promise.all([app.close(), otherApp.close()]);
  });

  it('wait their turns one after another across replicas once the account has had its failures, and the owner still gets in', async () => {
    const owner = await signUp(app);
    for (let attempt = 0; attempt < LOGIN_DELAY_AFTER_FAILURES; attempt += 1) {
      expect((await login(app, owner.username, 'wrongpass1')).statusCode).toBe(401);
    }

    // Half the guesses through each replica, and the owner's right password from a new address among them.
    const guesses = Array.from({ length: CONCURRENT_GUESSES }, (_, index) => () => login(index % 2 === 0 ? app : otherApp, owner.username, 'wrongpass1'));
    const { statuses, elapsedMs } = await burst([...guesses, () => login(otherApp, owner.username, owner.password)]);

    expect(statuses).toEqual([...Array<number>(CONCURRENT_GUESSES).fill(401), 200]);
    // Nine attempts, nine turns: they cannot all have been done in less than nine turns.
    expect(elapsedMs).toBeGreaterThanOrEqual((CONCURRENT_GUESSES + 1) * TURN_MS);
    // The owner's success does not count as a failure.
    expect(await app.loginFailures.count(owner.username)).toBe(LOGIN_DELAY_AFTER_FAILURES + CONCURRENT_GUESSES);
  }, 30_000);

  it('are slowed from the first burst: guesses sent at once all count, none slips under the threshold', async () => {
    const owner = await signUp(app);
    // A fresh account, and more guesses at once than the threshold: all but the first LOGIN_DELAY_AFTER_FAILURES wait turns.
    const guesses = Array.from({ length: LOGIN_DELAY_AFTER_FAILURES + 6 }, () => () => login(app, owner.username, 'wrongpass1'));
    const { statuses, elapsedMs } = await burst(guesses);
    expect(statuses).toEqual(Array(guesses.length).fill(401));
    expect(elapsedMs).toBeGreaterThanOrEqual(6 * TURN_MS);
    expect(await app.loginFailures.count(owner.username)).toBe(guesses.length);
  }, 30_000);

  it('slow no other account down', async () => {
    const guessed = await signUp(app);
    const other = await signUp(app);
    for (let attempt = 0; attempt < LOGIN_DELAY_AFTER_FAILURES; attempt += 1) await login(app, guessed.username, 'wrongpass1');
    const { statuses, finishedAtMs } = await burst([
      () => login(app, guessed.username, 'wrongpass1'),
      () => login(app, guessed.username, 'wrongpass1'),
      () => login(app, guessed.username, 'wrongpass1'),
      () => login(otherApp, other.username, other.password),
    ]);
    expect(statuses).toEqual([401, 401, 401, 200]);
    expect(Math.max(...finishedAtMs.slice(0, 3))).toBeGreaterThanOrEqual(3 * TURN_MS);
    // The other account took no turn: no row of turns names it (said by the database, not by a race against the clock,
    // which a loaded machine's slow password hash could lose).
    const turnsOf = async (username: string) =>
      (await selectRows<{ key: string }>(app.db, sql`SELECT key FROM rate_limit_counters WHERE key = ${`!login-turns:${username.toLowerCase()}`}`)).length;
    expect(await turnsOf(guessed.username)).toBe(1);
    expect(await turnsOf(other.username)).toBe(0);
    expect(await app.loginFailures.count(other.username)).toBe(0);
  }, 30_000);
});

describe('LOGIN_DELAY_SECONDS', () => {
  const configWith = (seconds?: string) => loadConfig({ JWT_SECRET: 'x'.repeat(32), ...(seconds === undefined ? {} : { LOGIN_DELAY_SECONDS: seconds }) });

  it('sets the turn, 2 s unless told', () => {
    expect(configWith().loginDelayMs).toBe(LOGIN_DELAY_MS);
    expect(LOGIN_DELAY_MS).toBe(2000);
    expect(configWith('0.25').loginDelayMs).toBe(250);
  });

  it('refuses no turn at all and a turn past a minute', () => {
    for (const bad of ['0', '-1', '61', 'soon']) expect(() => configWith(bad), bad).toThrow(ConfigError);
  });
});

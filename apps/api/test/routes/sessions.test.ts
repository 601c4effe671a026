/**
 * Sessions that can be revoked (issue 10): logout and 'log out everywhere' on every replica within a second, a token
 * with nothing personal in it, last_seen written at most every 5 minutes, the listener coming back after a lost
 * connection, and cross-site state changes refused.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, loginResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { bodyOf, createTestApp, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
useTestApp({}, (made) => ({ testDb, app } = made));

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
const closeLater: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closeLater.splice(0).reverse()) await close();
});

/** A second API replica on the same database (its own connection pool and listener on PostgreSQL). */
async function startReplica(): Promise<App> {
  const replica = await testDb.openReplica();
  const other = await createTestApp(replica.database);
  await other.ready();
  closeLater.push(async () => {
    await other.close();
    await replica.close();
  });
  return other;
}

const me = (on: App, token: string) => on.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });

/** The status GET /auth/me answers for a token on a replica, asked afresh on each call (for expect.poll). */
const statusOf = (on: App, token: string) => async () => (await me(on, token)).statusCode;

describe('the token', () => {
  it('names a session and a user id, nothing personal', async () => {
    const account = await signUp(app);
    const claims = JSON.parse(Buffer.from(account.token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
    expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'sid', 'sub']);
    expect(claims.sub).toBe(String(account.userId));
    const rows = await selectRows<{ user_id: number; revoked_at: string | null }>(
      testDb.database.db,
      sql`SELECT user_id, revoked_at FROM sessions WHERE id = ${String(claims.sid)}`,
    );
    expect(rows).toEqual([{ user_id: account.userId, revoked_at: null }]);
  });
});

describe('POST /api/v1/auth/logout', () => {
  it('revokes the session: the same token answers 401 afterwards, by cookie and by Bearer', async () => {
    await app.ready();
    const account = await signUp(app);
    expect((await me(app, account.token)).statusCode).toBe(200);
    const logout = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: account.cookies });
    expect(logout.statusCode).toBe(204);
    const byBearer = await me(app, account.token);
    expect(byBearer.statusCode).toBe(401);
    expect(byBearer.json().message).toBe(MESSAGES.invalidSession);
    const byCookie = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: account.cookies });
    expect(byCookie.statusCode).toBe(401);
  });

  it('revokes it on another replica that had it cached, within a second, by NOTIFY', async () => {
    await app.ready();
    const other = await startReplica();
    const account = await signUp(app);
    // The other replica has verified and cached the session.
    expect((await me(other, account.token)).statusCode).toBe(200);
    expect((await me(other, account.token)).statusCode).toBe(200);
    const logout = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${account.token}` } });
    expect(logout.statusCode).toBe(204);
    // The contract is 'within a second'.
    await expect.poll(statusOf(other, account.token), { timeout: 1_000 }).toBe(401);
  });

  it('keeps other sessions of the same account', async () => {
    await app.ready();
    const account = await signUp(app);
    const second = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: account.username, password: account.password } });
    const secondToken = bodyOf(second, loginResponseSchema).token;
    await app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: account.cookies });
    expect((await me(app, account.token)).statusCode).toBe(401);
    expect((await me(app, secondToken)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/auth/logout-all', () => {
  it('revokes every session of the account on every replica, this one included, and clears the cookie', async () => {
    await app.ready();
    const other = await startReplica();
    const account = await signUp(app);
    const logins = await Promise.all(
      [1, 2].map(() => app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: account.username, password: account.password } })),
    );
    const tokens = [account.token, ...logins.map((response) => bodyOf(response, loginResponseSchema).token)];
    const bystander = await signUp(app);
    for (const token of [...tokens, bystander.token]) expect((await me(other, token)).statusCode).toBe(200);

    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/logout-all', cookies: account.cookies });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/^auth_token=;/);
    for (const token of tokens) {
      expect((await me(app, token)).statusCode).toBe(401);
      await expect.poll(statusOf(other, token), { timeout: 5_000 }).toBe(401);
    }
    // Someone else's session is untouched.
    expect((await me(other, bystander.token)).statusCode).toBe(200);
    expect((await me(app, bystander.token)).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/logout-all' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.notSignedIn);
  });
});

describe('last_seen_at', () => {
  it('is written at most once every 5 minutes', async () => {
    const account = await signUp(app);
    const sessionId = String(JSON.parse(Buffer.from(account.token.split('.')[1] ?? '', 'base64url').toString()).sid);
    const lastSeen = async () =>
      (await selectRows<{ age: number }>(
        testDb.database.db,
        sql`SELECT extract(epoch FROM now() - last_seen_at)::float AS age FROM sessions WHERE id = ${sessionId}`,
      ))[0]?.age ?? -1;
    await testDb.database.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '10 minutes' WHERE id = ${sessionId}`);
    // A fresh replica reads the session, sees it was last seen 10 minutes ago, and writes it.
    const fresh = await createTestApp(testDb.database);
    closeLater.push(() => fresh.close());
    expect((await me(fresh, account.token)).statusCode).toBe(200);
    await expect.poll(lastSeen).toBeLessThan(60);
    // Set it back: the next requests within 5 minutes do not write it again.
    await testDb.database.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '10 minutes' WHERE id = ${sessionId}`);
    for (let index = 0; index < 5; index += 1) expect((await me(fresh, account.token)).statusCode).toBe(200);
    // Proving a write does not happen needs a bounded wait: last_seen is written after the answer, without
    // anything to wait for, so give a wrongly written one the time to land before looking.
    await sleep(100);
    expect(await lastSeen()).toBeGreaterThan(590);
  });
});

describe.skipIf(!isPostgres)('the session listener on PostgreSQL', () => {
  it('reconnects after its connection is lost, and forgets cached sessions (revocations sent meanwhile were lost)', async () => {
    await app.ready();
    const account = await signUp(app);
    expect((await me(app, account.token)).statusCode).toBe(200);
    const sessionId = String(JSON.parse(Buffer.from(account.token.split('.')[1] ?? '', 'base64url').toString()).sid);
    // Revoked behind the app's back (no NOTIFY): the cached session still answers, as it would during an outage.
    await testDb.database.db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE id = ${sessionId}`);
    expect((await me(app, account.token)).statusCode).toBe(200);
    // Deliberately provoked: the listener reports the lost connection on the console.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The database drops every listening connection (what a restart does).
    const killed = await selectRows<{ pid: number }>(
      testDb.database.db,
      sql`SELECT pg_terminate_backend(pid) AS pid FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
    );
    expect(killed.length).toBeGreaterThanOrEqual(2);
    await expect.poll(statusOf(app, account.token), { timeout: 10_000 }).toBe(401);
    // Listening again: a revocation by another replica arrives.
    const other = await startReplica();
    const second = await signUp(app);
    expect((await me(app, second.token)).statusCode).toBe(200);
    await other.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${second.token}` } });
    await expect.poll(statusOf(app, second.token), { timeout: 5_000 }).toBe(401);
    expect(log).toHaveBeenCalledWith('PostgreSQL listener error:', expect.any(String));
  });
});

describe.skipIf(!isPostgres)('the offer feed listener on PostgreSQL', () => {
  it('reconnects after its connection is lost and announces a change, so the nearby cache is emptied', async () => {
    const cached = await createTestApp(testDb.database, { nearbyCacheEntries: 100 });
    closeLater.push(() => cached.close());
    await cached.ready();
    let changes = 0;
    const stop = cached.offerFeed.subscribeToChanges(() => {
      changes += 1;
    });
    closeLater.push(async () => stop());
    // Deliberately provoked: the listener reports the lost connection on the console.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await selectRows(
      testDb.database.db,
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
    );
    await expect.poll(() => changes, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(log).toHaveBeenCalledWith('PostgreSQL listener error:', expect.any(String));
  });
});

describe('cross-site state changes', () => {
  const foreign = 'https://evil.example';

  it('refuses a cookie-borne POST, PATCH or DELETE from another site, by Sec-Fetch-Site or by Origin', async () => {
    const account = await signUp(app);
    const attempts = [
      { method: 'PATCH' as const, url: '/api/v1/me', payload: { name: 'Hacked Name' }, headers: { 'sec-fetch-site': 'cross-site' } },
      { method: 'PATCH' as const, url: '/api/v1/me', payload: { name: 'Hacked Name' }, headers: { 'sec-fetch-site': 'same-site' } },
      { method: 'PATCH' as const, url: '/api/v1/me', payload: { name: 'Hacked Name' }, headers: { origin: foreign } },
      { method: 'POST' as const, url: '/api/v1/me/notifications/read', payload: {}, headers: { origin: foreign } },
      { method: 'POST' as const, url: '/api/v1/auth/logout-all', headers: { origin: foreign } },
      { method: 'POST' as const, url: '/api/v1/auth/logout', headers: { 'sec-fetch-site': 'cross-site' } },
      { method: 'DELETE' as const, url: '/api/v1/me/favorites/1', headers: { origin: foreign } },
    ];
    for (const attempt of attempts) {
      const response = await app.inject({ ...attempt, cookies: account.cookies });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
      expect(response.json().message).toBe(MESSAGES.crossSiteRequest);
    }
    // Nothing changed, and the session still works.
    const after = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: account.cookies });
    expect(after.statusCode).toBe(200);
    expect(after.json().user.name).toBe(account.name);
  });

  it('refuses a multipart upload from another site that carries only the cookie', async () => {
    const account = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/offers/',
      cookies: account.cookies,
      headers: { origin: foreign, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.crossSiteRequest);
  });

  it('refuses cross-site login and sign-up, with or without a cookie', async () => {
    const account = await signUp(app);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: account.username, password: account.password },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.headers['set-cookie']).toBeUndefined();
    const signup = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { name: 'Anna Borg', email: 'anna.csrf@example.com', phone: '+356 7912 3456', username: 'annacsrf', password: 'secret123' },
      headers: { origin: foreign },
    });
    expect(signup.statusCode).toBe(403);
  });

  it('lets same-origin requests, requests with neither header, Bearer clients and reads through', async () => {
    const account = await signUp(app);
    const sameOrigin = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      cookies: account.cookies,
      payload: { name: 'Same Origin' },
      headers: { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const ownOrigin = await app.inject({ method: 'PATCH', url: '/api/v1/me', cookies: account.cookies, payload: { name: 'Own Origin' }, headers: { origin: 'http://localhost:3000' } });
    expect(ownOrigin.statusCode).toBe(200);
    const neither = await app.inject({ method: 'PATCH', url: '/api/v1/me', cookies: account.cookies, payload: { name: 'No Headers' } });
    expect(neither.statusCode).toBe(200);
    const bearer = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      headers: { authorization: `Bearer ${account.token}`, origin: foreign, 'sec-fetch-site': 'cross-site' },
      payload: { name: 'Api Client' },
    });
    expect(bearer.statusCode).toBe(200);
    const read = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: account.cookies, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(read.statusCode).toBe(200);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: account.username, password: account.password },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(login.statusCode).toBe(200);
  });
});

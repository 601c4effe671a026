/**
 * Issue 27: sign in with an identity provider, against a real OpenID Connect provider (oidc-provider, started in
 * this process by test/oidc-provider.ts) and driven through its login page: sign-in, sign-up through 'complete your
 * account', linking an existing account with its password, a replayed code and a tampered state refused, an
 * unverified address refused, unlinking, the reauthentication window, account deletion and data export.
 */
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, PROVIDER_CONFIRMED_PASSWORD, oidcPendingResponseSchema, oidcSignedInResponseSchema, signInMethodsResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { userIdentities, users, vendors } from '../../src/db/schema.ts';
import { describeArchive } from '../../src/domains/exports/data-export.ts';
import { createDataExportsRepository } from '../../src/domains/exports/repository.ts';
import { startTestProvider, type TestProvider } from '../oidc-provider.ts';
import { bodyOf, createTestApp, createTestDatabase, registerBusiness, signUp, testConfig, type TestDatabase } from '../helpers.ts';

const REDIRECT_URI = `${testConfig().publicOrigin}/api/v1/auth/oidc/callback`;

let testDb: TestDatabase;
let provider: TestProvider;
let app: App;
let plain: App;

beforeAll(async () => {
  testDb = await createTestDatabase();
  provider = await startTestProvider(REDIRECT_URI);
  plain = await createTestApp(testDb.database);
});
afterAll(async () => {
  await plain.close();
  await provider.close();
  await testDb.drop();
});
beforeEach(async () => {
  app = await createTestApp(testDb.database, {
    oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, displayName: 'TestID' },
    // Every callback counts as a login from this one address, and the file makes more than the default allows in a
    // window (on PostgreSQL the shared counters outlive each test's app); the limiter is tested in auth.test.ts.
    loginAttemptsPerIp: 1000,
  });
  return () => app.close();
});

const db = () => testDb.database.db;
let logins = 0;
/** A provider account of its own for each test: its login name. */
function providerAccount(claims: { email?: string; email_verified?: boolean; name?: string }): string {
  logins += 1;
  const login = `person${process.pid}x${logins}`;
  provider.accounts.set(login, claims);
  return login;
}

function need<T>(value: T | undefined | null): T {
  if (value === undefined || value === null) throw new Error('expected a value');
  return value;
}

function cookieOf(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((cookie) => cookie.name === name && cookie.value !== '')?.value;
}

interface RoundTrip {
  callback: LightMyRequestResponse;
  state: string;
  back: URL;
  /** The provider's authorization URL the start redirected to. */
  authorization: URL;
}

/** Start, the provider's login page as `login`, and the callback, as a browser goes through them. */
async function providerSignIn(
  login: string,
  options: { returnTo?: string; intent?: 'login' | 'link' | 'reauth'; cookies?: Record<string, string>; deny?: boolean } = {},
): Promise<RoundTrip> {
  const query = new URLSearchParams();
  if (options.returnTo) query.set('returnTo', options.returnTo);
  if (options.intent) query.set('intent', options.intent);
  const start = await app.inject({ method: 'GET', url: `/api/v1/auth/oidc/start?${query}`, cookies: options.cookies });
  expect(start.statusCode, start.body).toBe(302);
  const stateCookie = start.cookies.find((cookie) => cookie.name === 'qrib_oidc_state');
  expect(stateCookie).toMatchObject({ httpOnly: true, path: '/api/v1/auth/oidc' });
  const location = String(start.headers.location);
  expect(location.startsWith(`${provider.issuer}/`)).toBe(true);
  const authorization = new URL(location);
  expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorization.searchParams.get('nonce')).toBeTruthy();
  const back = await provider.authorize(location, login, { deny: options.deny });
  const callback = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    cookies: { ...options.cookies, qrib_oidc_state: need(stateCookie).value },
  });
  return { callback, state: need(stateCookie).value, back, authorization };
}

async function identitiesOf(userId: number) {
  return db().select().from(userIdentities).where(eq(userIdentities.userId, userId));
}

/** Signs up through the provider and 'complete your account'; answers the new account. */
async function providerSignUp(name = 'Ana Vella') {
  const login = providerAccount({ email: `${(name.split(' ')[0] ?? 'person').toLowerCase()}${process.pid}x${logins + 1}@example.com`, email_verified: true, name });
  const { callback } = await providerSignIn(login, { returnTo: '/viewoffer/12' });
  const pending = need(cookieOf(callback, 'qrib_oidc_pending'));
  const details = bodyOf(await app.inject({ method: 'GET', url: '/api/v1/auth/oidc/pending', cookies: { qrib_oidc_pending: pending } }), oidcPendingResponseSchema);
  const complete = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/oidc/complete',
    cookies: { qrib_oidc_pending: pending },
    payload: { phone: '+356 7912 3456', username: details.data.suggestedUsername },
  });
  expect(complete.statusCode, complete.body).toBe(201);
  const signedIn = bodyOf(complete, oidcSignedInResponseSchema);
  const [user] = await db().select().from(users).where(eq(users.username, signedIn.username));
  return { login, user: need(user), cookies: { auth_token: need(cookieOf(complete, 'auth_token')) }, details: details.data, signedIn };
}

describe('without a provider', () => {
  it('keeps the spec: GET /config names none and the routes answer 404 oidcNotConfigured', async () => {
    expect((await plain.inject({ method: 'GET', url: '/api/v1/config' })).json().data.oidcProvider).toBeNull();
    const start = await plain.inject({ method: 'GET', url: '/api/v1/auth/oidc/start' });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toMatchObject({ code: 'oidcNotConfigured', message: MESSAGES.oidcNotConfigured });
  });
});

describe('sign-up and sign-in', () => {
  it('names the provider in GET /config', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/config' })).json().data.oidcProvider).toBe('TestID');
  });

  it('a new verified identity completes its account (phone, username) and comes back to the page it came for', async () => {
    const login = providerAccount({ email: `zaneta${process.pid}@example.com`, email_verified: true, name: 'Żaneta Caruana' });
    const { callback } = await providerSignIn(login, { returnTo: '/viewoffer/12' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('/oidc/complete?next=%2Fviewoffer%2F12');
    expect(cookieOf(callback, 'auth_token')).toBeUndefined();
    const pending = need(cookieOf(callback, 'qrib_oidc_pending'));
    const details = bodyOf(await app.inject({ method: 'GET', url: '/api/v1/auth/oidc/pending', cookies: { qrib_oidc_pending: pending } }), oidcPendingResponseSchema);
    expect(details.data).toEqual({
      kind: 'signup',
      provider: 'TestID',
      name: 'Żaneta Caruana',
      email: `zaneta${process.pid}@example.com`,
      suggestedUsername: `zaneta${process.pid}`,
      returnTo: '/viewoffer/12',
    });
    // Without the pending cookie, or with one altered, nothing is created.
    const forged = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/oidc/complete',
      cookies: { qrib_oidc_pending: `${pending.slice(0, -2)}xx` },
      payload: { phone: '+356 7912 3456', username: 'forged' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('oidcSignInExpired');
    const badPhone = await app.inject({ method: 'POST', url: '/api/v1/auth/oidc/complete', cookies: { qrib_oidc_pending: pending }, payload: { phone: 'x', username: 'zaneta' } });
    expect(badPhone.statusCode).toBe(400);

    const complete = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/oidc/complete',
      cookies: { qrib_oidc_pending: pending },
      payload: { phone: '+356 7912 3456', username: details.data.suggestedUsername },
    });
    expect(complete.statusCode, complete.body).toBe(201);
    expect(bodyOf(complete, oidcSignedInResponseSchema)).toMatchObject({ username: `zaneta${process.pid}`, returnTo: '/viewoffer/12' });
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: { auth_token: need(cookieOf(complete, 'auth_token')) } });
    expect(me.statusCode).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.username, `zaneta${process.pid}`));
    expect(row).toMatchObject({ name: 'Żaneta Caruana', passwordHash: null, phone: '+356 7912 3456' });
    expect(need(row).emailVerifiedAt).toBeInstanceOf(Date);
    expect(await identitiesOf(need(row).id)).toHaveLength(1);
    // No password: a password login is refused whatever is typed.
    const passwordLogin = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: need(row).username, password: 'secret123' } });
    expect(passwordLogin.statusCode).toBe(401);

    // The next provider sign-in signs straight in, as the same account, with the same kind of session cookie.
    const again = await providerSignIn(login, { returnTo: '/saved' });
    expect(again.callback.headers.location).toBe('/saved');
    const session = await app.inject({ method: 'GET', url: '/api/v1/auth/session', cookies: { auth_token: need(cookieOf(again.callback, 'auth_token')) } });
    expect(session.json().user.username).toBe(`zaneta${process.pid}`);
  });

  it('suggests a free username and refuses a taken one', async () => {
    const first = await providerSignUp('Karm Borg');
    const login = providerAccount({ email: `${first.user.username}@elsewhere.example`, email_verified: true, name: 'Karm Other' });
    const { callback } = await providerSignIn(login);
    const pending = need(cookieOf(callback, 'qrib_oidc_pending'));
    const details = bodyOf(await app.inject({ method: 'GET', url: '/api/v1/auth/oidc/pending', cookies: { qrib_oidc_pending: pending } }), oidcPendingResponseSchema);
    expect(details.data.suggestedUsername).toBe(`${first.user.username}2`);
    const taken = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/oidc/complete',
      cookies: { qrib_oidc_pending: pending },
      payload: { phone: '+356 7912 3456', username: first.user.username },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrorCodes).toMatchObject({ username: { code: 'usernameTaken' } });
  });

  it('an unverified address never makes an account', async () => {
    const email = `unverified${process.pid}@example.com`;
    const login = providerAccount({ email, email_verified: false, name: 'Not Verified' });
    const { callback } = await providerSignIn(login, { returnTo: '/viewoffer/3' });
    expect(callback.headers.location).toBe('/login?oidcError=unverified&next=%2Fviewoffer%2F3');
    expect(cookieOf(callback, 'qrib_oidc_pending')).toBeUndefined();
    expect(await db().select().from(users).where(sql`lower(${users.email}) = ${email}`)).toHaveLength(0);
  });
});

describe('refused round trips', () => {
  it('a replayed code is refused by the provider and signs nobody in', async () => {
    const { user, login } = await providerSignUp('Replay Test');
    const first = await providerSignIn(login);
    expect(cookieOf(first.callback, 'auth_token')).toBeTruthy();
    const replay = await app.inject({ method: 'GET', url: `${first.back.pathname}${first.back.search}`, cookies: { qrib_oidc_state: first.state } });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe('/login?oidcError=failed');
    expect(cookieOf(replay, 'auth_token')).toBeUndefined();
    expect(user.id).toBeGreaterThan(0);
  });

  it('a state that does not match the cookie, or no cookie at all, is refused', async () => {
    const { login } = await providerSignUp('State Test');
    const start = await app.inject({ method: 'GET', url: '/api/v1/auth/oidc/start' });
    const state = need(start.cookies.find((cookie) => cookie.name === 'qrib_oidc_state')).value;
    const back = await provider.authorize(String(start.headers.location), login);
    const tampered = new URL(back);
    tampered.searchParams.set('state', 'another-state');
    const refused = await app.inject({ method: 'GET', url: `${tampered.pathname}${tampered.search}`, cookies: { qrib_oidc_state: state } });
    expect(refused.headers.location).toBe('/login?oidcError=state');
    expect(cookieOf(refused, 'auth_token')).toBeUndefined();
    const noCookie = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(noCookie.headers.location).toBe('/login?oidcError=state');
    const forgedCookie = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, cookies: { qrib_oidc_state: `x${state}` } });
    expect(forgedCookie.headers.location).toBe('/login?oidcError=state');
  });

  it('denied consent comes back to /login with its reason, keeping the way back', async () => {
    const login = providerAccount({ email: `deny${process.pid}@example.com`, email_verified: true });
    const { callback } = await providerSignIn(login, { returnTo: '/viewoffer/9', deny: true });
    expect(callback.headers.location).toBe('/login?oidcError=denied&next=%2Fviewoffer%2F9');
  });

  it('a return path off the app is dropped', async () => {
    const start = await app.inject({ method: 'GET', url: `/api/v1/auth/oidc/start?returnTo=${encodeURIComponent('//evil.example/x')}` });
    const login = providerAccount({ email: `evil${process.pid}@example.com`, email_verified: false });
    const back = await provider.authorize(String(start.headers.location), login);
    const state = need(start.cookies.find((cookie) => cookie.name === 'qrib_oidc_state')).value;
    const callback = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, cookies: { qrib_oidc_state: state } });
    expect(callback.headers.location).toBe('/login?oidcError=unverified');
  });
});

describe('an address that has an account', () => {
  it('is linked only once that account’s password is given; a wrong one links nothing', async () => {
    const existing = await signUp(app);
    const login = providerAccount({ email: existing.email.toUpperCase(), email_verified: true, name: 'Maria at TestID' });
    const { callback } = await providerSignIn(login, { returnTo: '/viewoffer/5' });
    expect(callback.headers.location).toBe('/oidc/link?next=%2Fviewoffer%2F5');
    expect(cookieOf(callback, 'auth_token')).toBeUndefined();
    const pending = need(cookieOf(callback, 'qrib_oidc_pending'));
    const details = bodyOf(await app.inject({ method: 'GET', url: '/api/v1/auth/oidc/pending', cookies: { qrib_oidc_pending: pending } }), oidcPendingResponseSchema);
    expect(details.data).toMatchObject({ kind: 'link', suggestedUsername: null, provider: 'TestID' });
    // 'complete your account' is not the way for it.
    const complete = await app.inject({ method: 'POST', url: '/api/v1/auth/oidc/complete', cookies: { qrib_oidc_pending: pending }, payload: { phone: '+356 7912 3456', username: 'another1' } });
    expect(complete.statusCode).toBe(401);

    const wrong = await app.inject({ method: 'POST', url: '/api/v1/auth/oidc/link', cookies: { qrib_oidc_pending: pending }, payload: { password: 'wrong-password1' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'passwordIncorrect', fieldErrorCodes: { password: { code: 'passwordIncorrect' } } });
    expect(cookieOf(wrong, 'auth_token')).toBeUndefined();
    expect(await identitiesOf(existing.userId)).toHaveLength(0);

    const right = await app.inject({ method: 'POST', url: '/api/v1/auth/oidc/link', cookies: { qrib_oidc_pending: pending }, payload: { password: existing.password } });
    expect(right.statusCode, right.body).toBe(200);
    expect(bodyOf(right, oidcSignedInResponseSchema)).toMatchObject({ username: existing.username, returnTo: '/viewoffer/5' });
    expect(await identitiesOf(existing.userId)).toHaveLength(1);
    // From now on the provider signs in to that account directly.
    const again = await providerSignIn(login);
    expect(again.callback.headers.location).toBe('/');
    const session = await app.inject({ method: 'GET', url: '/api/v1/auth/session', cookies: { auth_token: need(cookieOf(again.callback, 'auth_token')) } });
    expect(session.json().user.username).toBe(existing.username);
  });

  it('a signed-in account links another identity from its profile, never one of another account', async () => {
    const account = await signUp(app);
    const login = providerAccount({ email: `other${process.pid}@example.com`, email_verified: true });
    const linked = await providerSignIn(login, { intent: 'link', returnTo: '/profile', cookies: account.cookies });
    expect(linked.callback.headers.location).toBe('/profile');
    const methods = bodyOf(await app.inject({ method: 'GET', url: '/api/v1/auth/oidc/identities', cookies: account.cookies }), signInMethodsResponseSchema);
    expect(methods.data).toMatchObject({ hasPassword: true, provider: 'TestID', identities: [{ email: `other${process.pid}@example.com` }] });

    const someoneElse = await signUp(app);
    const taken = await providerSignIn(login, { intent: 'link', returnTo: '/profile', cookies: someoneElse.cookies });
    expect(taken.callback.headers.location).toBe('/profile?oidcError=taken');
    expect(await identitiesOf(someoneElse.userId)).toHaveLength(0);
    // Linking needs a session.
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/oidc/start?intent=link' })).statusCode).toBe(401);
  });
});

describe('sign-in methods of an account without a password', () => {
  it('cannot remove its last way to sign in; a fresh provider sign-in lets it set a password, then unlink', async () => {
    const { user, cookies } = await providerSignUp('Unlink Test');
    const [identity] = await identitiesOf(user.id);
    const last = await app.inject({ method: 'DELETE', url: `/api/v1/auth/oidc/identities/${need(identity).id}`, cookies });
    expect(last.statusCode).toBe(409);
    expect(last.json()).toMatchObject({ code: 'lastSignInMethod', message: MESSAGES.lastSignInMethod });

    // Past five minutes the provider sign-in is too old to set a password.
    await db().update(userIdentities).set({ lastUsedAt: sql`now() - interval '6 minutes'` }).where(eq(userIdentities.userId, user.id));
    const stale = await app.inject({ method: 'POST', url: '/api/v1/auth/oidc/password', cookies, payload: { password: 'newsecret1' } });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().code).toBe('reauthRequired');
    await db().update(userIdentities).set({ lastUsedAt: sql`now()` }).where(eq(userIdentities.userId, user.id));
    const set = await app.inject({ method: 'POST', url: '/api/v1/auth/oidc/password', cookies, payload: { password: 'newsecret1' } });
    expect(set.statusCode).toBe(204);
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/oidc/password', cookies, payload: { password: 'newsecret2' } })).statusCode).toBe(409);
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: user.username, password: 'newsecret1' } })).statusCode).toBe(200);

    const unlinked = await app.inject({ method: 'DELETE', url: `/api/v1/auth/oidc/identities/${need(identity).id}`, cookies });
    expect(unlinked.statusCode).toBe(204);
    expect(await identitiesOf(user.id)).toHaveLength(0);
  });

  it('confirms deleting the account by a provider sign-in less than five minutes old; deletion removes its identities', async () => {
    const { user, cookies, login } = await providerSignUp('Delete Test');
    await db().update(userIdentities).set({ lastUsedAt: sql`now() - interval '6 minutes'` }).where(eq(userIdentities.userId, user.id));
    const refused = await app.inject({ method: 'DELETE', url: '/api/v1/me', cookies, payload: { password: 'anything' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'reauthRequired', fieldErrorCodes: { password: { code: 'reauthRequired' } } });
    const changeEmail = await app.inject({ method: 'POST', url: '/api/v1/me/email', cookies, payload: { email: `new${process.pid}@example.com`, password: 'x' } });
    expect([403, 404]).toContain(changeEmail.statusCode);

    const reauth = await providerSignIn(login, { intent: 'reauth', returnTo: '/profile', cookies });
    expect(reauth.callback.headers.location).toBe('/profile');
    // Confirming asks the provider for a new sign-in, not the session it remembers (and the token's auth_time is checked).
    expect(reauth.authorization.searchParams.get('prompt')).toBe('login');
    expect(reauth.authorization.searchParams.get('max_age')).toBe('0');
    expect((await providerSignIn(login, { cookies })).authorization.searchParams.get('prompt')).toBeNull();
    // Another account's session cannot confirm with this identity.
    const other = await signUp(app);
    const foreign = await providerSignIn(login, { intent: 'reauth', cookies: other.cookies });
    expect(foreign.callback.headers.location).toBe('/profile?oidcError=taken');

    const deleted = await app.inject({ method: 'DELETE', url: '/api/v1/me', cookies, payload: { password: 'confirmed-at-provider' } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await identitiesOf(user.id)).toHaveLength(0);
    // The identity is free again: it would make a new account.
    const after = await providerSignIn(login);
    expect(after.callback.headers.location).toBe('/oidc/complete');
  });

  it('confirms closing a business the same way; a stale sign-in closes nothing', async () => {
    const { user, cookies, login, signedIn } = await providerSignUp('Close Test');
    const vendorId = await registerBusiness(app, { email: need(user.email), phone: '+356 7912 3456', username: signedIn.username, cookies });
    await db().update(userIdentities).set({ lastUsedAt: sql`now() - interval '6 minutes'` }).where(eq(userIdentities.userId, user.id));
    const refused = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/close', cookies, payload: { password: PROVIDER_CONFIRMED_PASSWORD } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'reauthRequired', message: MESSAGES.reauthRequired });
    const [still] = await db().select({ status: vendors.status }).from(vendors).where(eq(vendors.id, vendorId));
    expect(still?.status).toBe('ACTIVE');

    await providerSignIn(login, { intent: 'reauth', returnTo: '/profile', cookies });
    const closed = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/close', cookies, payload: { password: PROVIDER_CONFIRMED_PASSWORD } });
    expect(closed.statusCode, closed.body).toBe(200);
    const [after] = await db().select({ status: vendors.status }).from(vendors).where(eq(vendors.id, vendorId));
    expect(after?.status).toBe('CLOSED');
  });

  it('logging out everywhere ends provider sessions too', async () => {
    const { cookies, login } = await providerSignUp('Logout Test');
    const second = await providerSignIn(login);
    const secondCookies = { auth_token: need(cookieOf(second.callback, 'auth_token')) };
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/logout-all', cookies })).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: secondCookies })).statusCode).toBe(401);
  });

  it("the data export lists the account's sign-in methods", async () => {
    const { user } = await providerSignUp('Export Test');
    const data = await createDataExportsRepository(db()).collectAccountData(user.id);
    const { json } = describeArchive(need(data), new Date());
    expect(json.signInMethods).toEqual([expect.objectContaining({ issuer: provider.issuer, subject: expect.any(String), email: user.email })]);
    expect(JSON.stringify(json.profile)).not.toContain('passwordHash');
  });
});

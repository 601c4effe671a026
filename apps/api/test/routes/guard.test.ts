/**
 * The one authentication guard of /api/v1 (issue 11, DESIGN.md §10): every operation of the OpenAPI document that
 * is not on the short public list answers 401 without a session, before its body is parsed or its params and query
 * validated; the public list is exactly the expected one; revoked sessions and cross-site cookie posts are refused
 * by the guard itself; a route added later is guarded without doing anything, and `request.user` outside the guard
 * answers 401 instead of acting as anyone.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { createTestApp, signUp, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
useTestApp({}, (made) => ({ testDb, app } = made));

/**
 * What may answer without a session (as the OpenAPI document spells it). A route makes itself public with
 * `config: { public: true }`; this second, deliberate list is where it is added on purpose, or this test fails.
 */
const EXPECTED_PUBLIC = [
  'GET /api/v1/auth/oidc/callback',
  'GET /api/v1/auth/oidc/pending',
  'GET /api/v1/auth/oidc/start',
  'GET /api/v1/auth/session',
  'GET /api/v1/auth/unsubscribe',
  'GET /api/v1/categories',
  'GET /api/v1/config',
  'GET /healthz',
  'GET /readyz',
  'POST /api/v1/auth/login',
  'POST /api/v1/auth/logout',
  'POST /api/v1/auth/oidc/complete',
  'POST /api/v1/auth/oidc/link',
  'POST /api/v1/auth/password-reset',
  'POST /api/v1/auth/password-reset/confirm',
  'POST /api/v1/auth/signup',
  'POST /api/v1/auth/unsubscribe',
  'POST /api/v1/auth/verify-email',
];

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
type HttpMethod = Uppercase<(typeof HTTP_METHODS)[number]>;

interface Operation {
  method: HttpMethod;
  /** The OpenAPI path, e.g. /api/v1/offers/{offerId}. */
  path: string;
  /** The key of the operation: "METHOD /path". */
  key: string;
  /** Whether the document says it needs a session. */
  needsSession: boolean;
}

const openApiPaths = z.record(z.string(), z.record(z.string(), z.unknown()));

async function operationsOf(on: App): Promise<Operation[]> {
  await on.ready();
  const document = on.swagger() as { paths?: unknown };
  const paths = openApiPaths.parse(document.paths);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      const upper = method.toUpperCase() as HttpMethod;
      const security = z.object({ security: z.array(z.unknown()).optional() }).parse(operation).security;
      operations.push({ method: upper, path, key: `${upper} ${path}`, needsSession: (security?.length ?? 0) > 0 });
    }
  }
  return operations;
}

/**
 * A request for an operation that no validation would let through: every path parameter, the query and the body
 * are garbage (and the body is not even JSON), so an answer other than the guard's shows that something ran first.
 */
function garbageRequest(operation: Operation, { method = operation.method, trailingSlash = false } = {}) {
  const path = operation.path.replace(/\{[^}]+\}/g, 'not-an-id') + (trailingSlash ? '/' : '');
  const url = `${path}?latitude=north&longitude=&radiusKm=-1&cursor=%25&period=never&q=`;
  const hasBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
  return {
    method,
    url,
    ...(hasBody ? { headers: { 'content-type': 'application/json' }, payload: '{"not": json' } : {}),
  };
}

describe('the guard', () => {
  it('answers 401 before any validation for every private operation, and only the expected ones are public', async () => {
    const operations = await operationsOf(app);
    // The document really lists the API (a broken walk would prove nothing).
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.map((operation) => operation.key)).toEqual(expect.arrayContaining(['GET /api/v1/auth/me', 'POST /api/v1/offers']));

    const publicOnes: string[] = [];
    const wrong: { key: string; status: number; message: unknown }[] = [];
    for (const operation of operations) {
      const response = await app.inject(garbageRequest(operation));
      const isPublic = EXPECTED_PUBLIC.includes(operation.key);
      if (response.statusCode !== 401) {
        publicOnes.push(operation.key);
        continue;
      }
      const message: unknown = response.json<{ message?: unknown }>().message;
      if (message !== MESSAGES.notSignedIn || isPublic) wrong.push({ key: operation.key, status: response.statusCode, message });
      // The same with a trailing slash (accepted everywhere), and HEAD for every private GET.
      const slashed = await app.inject(garbageRequest(operation, { trailingSlash: true }));
      if (slashed.statusCode !== 401) wrong.push({ key: `${operation.key}/`, status: slashed.statusCode, message: slashed.body });
      if (operation.method === 'GET') {
        const head = await app.inject(garbageRequest(operation, { method: 'HEAD' }));
        if (head.statusCode !== 401) wrong.push({ key: `HEAD ${operation.path}`, status: head.statusCode, message: head.body });
      }
    }
    expect(wrong).toEqual([]);
    expect(publicOnes.sort()).toEqual(EXPECTED_PUBLIC);
    // The document tells API clients which calls need a session: all but the public ones.
    const documentedPublic = operations.filter((operation) => !operation.needsSession).map((operation) => operation.key);
    expect(documentedPublic.sort()).toEqual(EXPECTED_PUBLIC);
  });

  it('lists as public, under /api/v1, exactly the expected calls: the routes that say config: { public: true }', () => {
    expect([...app.publicApiRoutes].sort()).toEqual(EXPECTED_PUBLIC.filter((key) => key.includes(' /api/v1/')));
  });

  it('takes a route under /api/v1 as public only when its own options say so (config.public), its HEAD twin too', async () => {
    const other = await createTestApp(testDb.database);
    try {
      other.get('/api/v1/says-public', { config: { public: true } }, async () => ({ isOpen: true }));
      other.get('/api/v1/says-nothing', async () => ({ isOpen: true }));
      other.get('/api/v1/says-not-public', { config: { public: false } }, async () => ({ isOpen: true }));
      await other.ready();

      const open = await other.inject({ method: 'GET', url: '/api/v1/says-public' });
      expect(open.json()).toEqual({ isOpen: true });
      expect((await other.inject({ method: 'HEAD', url: '/api/v1/says-public/' })).statusCode).toBe(200);
      for (const url of ['/api/v1/says-nothing', '/api/v1/says-not-public']) {
        const closed = await other.inject({ method: 'GET', url });
        expect(closed.statusCode).toBe(401);
        expect(closed.json()).toMatchObject({ message: MESSAGES.notSignedIn });
      }
    } finally {
      await other.close();
    }
  });

  it('lets a signed-in garbage request through to validation (the garbage would be refused there)', async () => {
    const account = await signUp(app);
    const operations = await operationsOf(app);
    const refusedByValidation = [];
    for (const operation of operations) {
      if (EXPECTED_PUBLIC.includes(operation.key) || operation.method !== 'POST') continue;
      const response = await app.inject({ ...garbageRequest(operation), headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` } });
      if (response.statusCode === 400) refusedByValidation.push(operation.key);
    }
    // The JSON calls with a body: the garbage is refused once the guard lets the request in.
    expect(refusedByValidation).toEqual(
      expect.arrayContaining(['POST /api/v1/visits/detect', 'POST /api/v1/events', 'POST /api/v1/receipts/{receiptId}/decision']),
    );
  });

  it('refuses a revoked session on a private call, before validation', async () => {
    const account = await signUp(app);
    const logout = await app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { authorization: `Bearer ${account.token}` } });
    expect(logout.statusCode).toBe(204);

    for (const request of [
      { method: 'GET' as const, url: '/api/v1/auth/me' },
      { method: 'POST' as const, url: '/api/v1/visits/detect', headers: { 'content-type': 'application/json' }, payload: '{"latitude": "north"}' },
    ]) {
      const byBearer = await app.inject({ ...request, headers: { ...request.headers, authorization: `Bearer ${account.token}` } });
      expect(byBearer.statusCode).toBe(401);
      expect(byBearer.json()).toMatchObject({ message: MESSAGES.invalidSession });
      const byCookie = await app.inject({ ...request, cookies: account.cookies });
      expect(byCookie.statusCode).toBe(401);
      expect(byCookie.json()).toMatchObject({ message: MESSAGES.invalidSession });
    }
  });

  it('refuses a cross-site post carrying the session cookie with 403, before validation; a Bearer call is not a browser’s', async () => {
    const account = await signUp(app);
    const request = { method: 'POST' as const, url: '/api/v1/visits/detect', payload: { latitude: 'north' } };

    const crossSite = await app.inject({ ...request, cookies: account.cookies, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ message: MESSAGES.crossSiteRequest });
    const otherOrigin = await app.inject({ ...request, cookies: account.cookies, headers: { origin: 'https://evil.example' } });
    expect(otherOrigin.statusCode).toBe(403);
    expect(otherOrigin.json()).toMatchObject({ message: MESSAGES.crossSiteRequest });

    // The same garbage from the app itself, or by Bearer from another site, reaches validation.
    const sameOrigin = await app.inject({ ...request, cookies: account.cookies, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(sameOrigin.statusCode).toBe(400);
    const bearer = await app.inject({ ...request, headers: { 'sec-fetch-site': 'cross-site', authorization: `Bearer ${account.token}` } });
    expect(bearer.statusCode).toBe(400);
  });

  it('guards a route added later under /api/v1 without the route asking, and request.user elsewhere answers 401', async () => {
    const other = await createTestApp(testDb.database);
    try {
      other.post('/api/v1/added-later', { schema: { body: z.object({ name: z.string() }) } }, async (request) => ({ id: request.user.id }));
      other.get('/added-outside', async (request) => ({ id: request.user.id }));
      await other.ready();
      const account = await signUp(other);

      const anonymous = await other.inject({ method: 'POST', url: '/api/v1/added-later', payload: { name: 42 } });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ message: MESSAGES.notSignedIn });
      const signedIn = await other.inject({ method: 'POST', url: '/api/v1/added-later', payload: { name: 'x' }, cookies: account.cookies });
      expect(signedIn.json()).toEqual({ id: account.userId });

      // Outside the guard there is no user: reading it refuses the request rather than acting as user 0.
      const outside = await other.inject({ method: 'GET', url: '/added-outside', cookies: account.cookies });
      expect(outside.statusCode).toBe(401);
      expect(outside.json()).toMatchObject({ message: MESSAGES.notSignedIn });
    } finally {
      await other.close();
    }
  });
});

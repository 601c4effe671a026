import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CATEGORY_NAMES, MESSAGES, categoriesResponseSchema, formatMessage } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { bodyOf, createTestApp, createTestDatabase, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
let webDir: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  webDir = mkdtempSync(path.join(tmpdir(), 'qrib-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Qrib SPA</title><div id="root"></div>');
  // The service worker and the manifest the web build writes next to index.html (ADR 014), and a hashed asset.
  writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Qrib"}');
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'export {};');
  // API_DOCS=public so the document is read without a session here (who may read it: api-docs.test.ts).
  app = await createTestApp(testDb.database, { webDistDir: webDir, apiDocs: 'public' });
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
  rmSync(webDir, { recursive: true, force: true });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    const live = await app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });
});

describe('GET /api/v1/categories/', () => {
  it('answers {data: [...]} from the seeded table with the spec four defaults', async () => {
    for (const url of ['/api/v1/categories/', '/api/v1/categories']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const { data } = bodyOf(response, categoriesResponseSchema);
      expect(data.map((category) => category.name)).toEqual(expect.arrayContaining([...DEFAULT_CATEGORY_NAMES]));
      for (const category of data) {
        expect(category).toEqual({
          categoryId: expect.any(Number),
          name: expect.any(String),
          description: expect.any(String),
          iconUrl: null,
        });
      }
    }
  });
});

describe('the HTTP surface', () => {
  it('keeps unknown API paths as JSON 404s in the one error shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/nothing-here?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: formatMessage(MESSAGES.routeNotFound, { method: 'GET', url: '/api/v1/nothing-here' }),
      code: 'routeNotFound',
      params: { method: 'GET', url: '/api/v1/nothing-here' },
    });
  });

  it('serves the SPA for page paths (history fallback) without caching index.html', async () => {
    for (const url of ['/', '/login', '/viewoffer/12', '/some/deep/path']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('Qrib SPA');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const post = await app.inject({ method: 'POST', url: '/login', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves the service worker and the manifest as themselves, always revalidated; hashed assets for a year', async () => {
    // A browser checks sw.js for a new version on its own; it must never get a cached copy (or the SPA page).
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('addEventListener');
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing file with 404 rather than the SPA page', async () => {
    for (const url of ['/assets/index-old.js', '/favicon.png']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('Qrib SPA');
    }
  });

  it('answers a malformed URL in the one error shape', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: MESSAGES.invalidUrl, code: 'invalidUrl', params: {} });
  });

  it('sends Helmet security headers and a request id on every answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-request-id']).toBe('trace-123');
    const generated = await app.inject({ method: 'GET', url: '/healthz' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the same security headers on errors, unknown paths and private calls refused', async () => {
    const expected = await app.inject({ method: 'GET', url: '/healthz' });
    const security = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy'];
    for (const url of ['/api/v1/does-not-exist', '/api/v1/offers/nearby-offers', '/api/v1/%E0%A4%A']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      for (const name of security) expect(response.headers[name], `${name} on ${url}`).toBe(expected.headers[name]);
    }
    // Helmet's own policy, with Qrib's two changes: images from data: and blob: URLs, no upgrade of plain http.
    expect(expected.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
    expect(expected.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('publishes OpenAPI generated from the route schemas at /api/docs', async () => {
    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const document = spec.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/v1/auth/signup', '/api/v1/auth/login', '/api/v1/auth/me', '/api/v1/categories']),
    );
    const signupBody = document.paths['/api/v1/auth/signup'].post.requestBody.content['application/json'].schema;
    expect(signupBody.required).toEqual(['name', 'email', 'phone', 'username', 'password']);
    const ui = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
  });
});

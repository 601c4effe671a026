/**
 * Who reads the API documentation (issue 25, finding 11): Swagger UI and the OpenAPI document answer signed-in admins
 * only (401 without a session, 403 for a shopper or an owner, never the app's page), and anyone with API_DOCS=public.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared';
import { users } from '../../src/db/schema.ts';
import { buildShop } from '../factories.ts';
import { createTestApp, signUp, type TestDatabase, useTestApp } from '../helpers.ts';
import type { App } from '../../src/app.ts';

let testDb: TestDatabase;
let app: App;
useTestApp({}, (made) => ({ testDb, app } = made));

/** Every kind of thing @fastify/swagger-ui serves: the page, the document in two formats, its own scripts. */
const DOC_URLS = ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/swagger-ui-bundle.js', '/api/docs/static/index.html'];

async function buildAdmin(on: App) {
  const admin = await signUp(on);
  await on.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
  return admin;
}

describe('the API documentation', () => {
  it('is closed to anonymous callers (401), shoppers and owners (403), and never answers with the app', async () => {
    const shopper = await signUp(app);
    const owner = await buildShop(app);
    for (const url of DOC_URLS) {
      const anonymous = await app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json(), url).toMatchObject({ statusCode: 401, code: 'notSignedIn', message: MESSAGES.notSignedIn });
      for (const account of [shopper, owner]) {
        const refused = await app.inject({ method: 'GET', url, cookies: account.cookies });
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json(), url).toMatchObject({ code: 'adminOnly' });
        const byBearer = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${account.token}` } });
        expect(byBearer.statusCode, url).toBe(403);
      }
    }
    const head = await app.inject({ method: 'HEAD', url: '/api/docs/json' });
    expect(head.statusCode).toBe(401);
  });

  it('answers a signed-in admin: the UI and the OpenAPI document', async () => {
    const admin = await buildAdmin(app);
    const document = await app.inject({ method: 'GET', url: '/api/docs/json', cookies: admin.cookies });
    expect(document.statusCode).toBe(200);
    expect(document.json<{ openapi: string; paths: Record<string, unknown> }>().openapi).toMatch(/^3\./);
    const ui = await app.inject({ method: 'GET', url: '/api/docs/', headers: { authorization: `Bearer ${admin.token}` } });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
  });

  it('answers anyone with API_DOCS=public', async () => {
    const open = await createTestApp(testDb.database, { apiDocs: 'public' });
    try {
      const document = await open.inject({ method: 'GET', url: '/api/docs/json' });
      expect(document.statusCode).toBe(200);
      expect(Object.keys(document.json<{ paths: Record<string, unknown> }>().paths)).toContain('/api/v1/auth/login');
      const ui = await open.inject({ method: 'GET', url: '/api/docs/' });
      expect(ui.statusCode).toBe(200);
      const shopper = await signUp(open);
      const asShopper = await open.inject({ method: 'GET', url: '/api/docs/yaml', cookies: shopper.cookies });
      expect(asShopper.statusCode).toBe(200);
    } finally {
      await open.close();
    }
  });
});

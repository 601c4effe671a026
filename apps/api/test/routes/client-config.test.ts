import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { createTestApp, createTestDatabase, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
let withTiles: App;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await createTestApp(testDb.database);
  withTiles = await createTestApp(testDb.database, { mapStyleUrl: 'https://tiles.example.com/styles/basic/style.json?key=k' });
});
afterAll(async () => {
  await app.close();
  await withTiles.close();
  await testDb.drop();
});

describe('GET /api/v1/config', () => {
  it('answers anyone, signed out, with no tile service by default', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { mapStyleUrl: null, oidcProvider: null, pushPublicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) } });
  });

  it('names MAP_STYLE_URL when a deployment has one', async () => {
    const response = await withTiles.inject({ method: 'GET', url: '/api/v1/config/' });
    expect(response.json()).toEqual({ data: { mapStyleUrl: 'https://tiles.example.com/styles/basic/style.json?key=k', oidcProvider: null, pushPublicKey: expect.any(String) } });
  });
});

describe('the content security policy and the map', () => {
  it("allows the map's workers and nothing outside the app by default", async () => {
    const policy = String((await app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(policy).toContain("worker-src 'self' blob:");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).toContain("img-src 'self' data: blob:;");
    expect(policy).not.toContain('example.com');
  });

  it("adds the tile service's origin (not its path or key) to connect-src and img-src", async () => {
    const policy = String((await withTiles.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(policy).toContain("connect-src 'self' https://tiles.example.com;");
    expect(policy).toContain("img-src 'self' data: blob: https://tiles.example.com;");
    expect(policy).not.toContain('key=k');
    const refused = await withTiles.inject({ method: 'GET', url: '/api/v1/offers/nearby-offers' });
    expect(refused.headers['content-security-policy']).toBe(policy);
  });
});

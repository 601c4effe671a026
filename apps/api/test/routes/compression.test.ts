/**
 * Compressed answers (issue 12): the nearby page in brotli or gzip from the copy the nearby cache keeps, other JSON
 * over 1 KB through @fastify/compress, the web build's precompressed files as they are, and small answers, request
 * bodies and clients that want no encoding left alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, maltaToday, nearbyResponseSchema, sessionResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { categories, offers } from '../../src/db/schema.ts';
import { chooseEncoding } from '../../src/kernel/answer-encoding.ts';
import { insertShop } from '../factories.ts';
import { bodyOf, createTestApp, createTestDatabase, signUp, type TestDatabase } from '../helpers.ts';

const HERE = { latitude: 35.8989, longitude: 14.5146 }; // Valletta
const NEARBY = `/api/v1/offers/nearby-offers?latitude=${HERE.latitude}&longitude=${HERE.longitude}&radiusKm=5`;
const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, index) => `word${index}`))};\n`;

let testDb: TestDatabase;
let app: App;
let uncachedApp: App;
let webDir: string;
let cookies: Record<string, string>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  webDir = mkdtempSync(path.join(tmpdir(), 'qrib-web-'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Qrib</title><div id="root"></div>');
  mkdirSync(path.join(webDir, 'assets'));
  // What apps/web/build/precompress.ts writes: the file and its two copies (marked, to see which one is sent).
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(`${SCRIPT}// br`));
  writeFileSync(path.join(webDir, 'assets', 'index-abc123.js.gz'), gzipSync(`${SCRIPT}// gz`));
  // API_DOCS=public: the OpenAPI document is one of the large JSON answers below (who may read it: api-docs.test.ts).
  app = await createTestApp(testDb.database, { webDistDir: webDir, nearbyCacheEntries: 100, apiDocs: 'public' });
  uncachedApp = await createTestApp(testDb.database, { webDistDir: webDir, nearbyCacheEntries: 0 });
  cookies = (await signUp(app)).cookies;

  const db = testDb.database.db;
  const [category] = await db.select().from(categories).limit(1);
  const today = maltaToday();
  for (let index = 0; index < 6; index += 1) {
    const { vendorId } = await insertShop(db, {
      businessName: `Compressed shop ${index}`,
      locationLatitude: HERE.latitude + index * 0.001,
      locationLongitude: HERE.longitude + index * 0.001,
    });
    await db.insert(offers).values({
      vendorId,
      categoryId: category?.categoryId ?? 0,
      title: `Offer ${index} with a title long enough to make a page over a kilobyte`,
      description: 'Fresh bread and pastizzi every morning, two for the price of one before ten.',
      discountType: 'PERCENTAGE',
      discountValue: '20',
      startDate: addDays(today, -1),
      endDate: addDays(today, 7),
      status: 'ACTIVE',
      locationLatitude: HERE.latitude + index * 0.001,
      locationLongitude: HERE.longitude + index * 0.001,
    });
  }
});

afterAll(async () => {
  await app.close();
  await uncachedApp.close();
  await testDb.drop();
  rmSync(webDir, { recursive: true, force: true });
});

const get = (target: App, url: string, acceptEncoding?: string) =>
  target.inject({ method: 'GET', url, cookies, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('chooseEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;Q=0.5', 'br'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['br;q=0, *', 'gzip'],
    ['deflate', undefined],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('nearby answers', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('are sent in %s when accepted, decoding to the plain answer', async (encoding, decode) => {
    const plain = await get(app, NEARBY);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(bodyOf(plain, nearbyResponseSchema).data).toHaveLength(6);

    for (const target of [app, uncachedApp]) {
      const encoded = await get(target, NEARBY, `${encoding}, deflate`);
      expect(encoded.statusCode).toBe(200);
      expect(encoded.headers['content-encoding']).toBe(encoding);
      expect(encoded.headers.vary).toContain('accept-encoding');
      expect(encoded.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(encoded.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decode(encoded.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
  });

  it('reuse the compressed copy for the same answer and compress again when the answer changed', async () => {
    const cache = app.nearbyCache;
    const first = await get(app, NEARBY, 'br');
    const again = await get(app, NEARBY, 'br');
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    const answer = Buffer.from(JSON.stringify({ data: ['x'.repeat(2000)], nextCursor: null }));
    const copy = cache.encode('/same', answer, 'gzip');
    // The copy is kept once the answer has left.
    await cache.settled();
    expect(cache.encode('/same', Buffer.from(answer), 'gzip')).toBe(copy);
    const changed = Buffer.from(JSON.stringify({ data: ['y'.repeat(2000)], nextCursor: null }));
    const recompressed = cache.encode('/same', changed, 'gzip');
    expect(recompressed).not.toBe(copy);
    expect(gunzipSync(recompressed).equals(changed)).toBe(true);
  });

  it('stay plain when small, even for a client that accepts brotli', async () => {
    const far = await get(app, '/api/v1/offers/nearby-offers?latitude=36.5&longitude=15.5&radiusKm=1', 'br');
    expect(far.statusCode).toBe(200);
    expect(far.headers['content-encoding']).toBeUndefined();
    expect(far.json()).toEqual({ data: [], nextCursor: null });
  });
});

describe('other answers', () => {
  it('JSON over 1 KB goes through @fastify/compress; small JSON is sent as it is', async () => {
    const docs = await get(app, '/api/docs/json', 'br');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(docs.rawPayload).toString()).openapi).toMatch(/^3\./);

    const session = await get(app, '/api/v1/auth/session', 'br, gzip');
    expect(session.statusCode).toBe(200);
    expect(session.headers['content-encoding']).toBeUndefined();
    expect(bodyOf(session, sessionResponseSchema).user?.username).toEqual(expect.any(String));
  });

  it('errors keep the error shape, compressed or not', async () => {
    const response = await get(app, '/api/v1/offers/nearby-offers?latitude=abc&longitude=14.5', 'gzip');
    expect(response.statusCode).toBe(400);
    const body = response.headers['content-encoding'] === 'gzip' ? gunzipSync(response.rawPayload) : response.rawPayload;
    expect(JSON.parse(body.toString())).toMatchObject({ statusCode: 400, code: expect.any(String) });
  });

  it('a compressed request body is refused, never unpacked', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'someone', password: 'password123' })),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the web build', () => {
  it.each([
    ['br', 'br', '// br'],
    ['gzip', 'gzip', '// gz'],
  ] as const)('sends the precompressed %s copy of a script as it is', async (accept, encoding, marker) => {
    const response = await get(app, '/assets/index-abc123.js', accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
    expect(decode(response.rawPayload).toString()).toBe(`${SCRIPT}${marker}`);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const response = await get(app, '/assets/index-abc123.js');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });
});

import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { multipartBody } from '../fixtures.ts';
import { createTestApp, createTestDatabase, registerBusiness, signUp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let replica: Awaited<ReturnType<TestDatabase['openReplica']>>;
let streaming: App;
let publishing: App;
let base: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  replica = await testDb.openReplica();
  // Two API processes on one database: shoppers stream from one, shops publish through the other.
  streaming = await createTestApp(testDb.database);
  publishing = await createTestApp(replica.database);
  await streaming.listen({ host: '127.0.0.1', port: 0 });
  await publishing.ready();
  base = `http://127.0.0.1:${(streaming.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await streaming.close();
  await publishing.close();
  await replica.close();
  await testDb.drop();
});

async function businessAt(latitude: number, longitude: number) {
  const owner = await signUp(publishing);
  await registerBusiness(publishing, owner, { locationLatitude: latitude, locationLongitude: longitude });
  return owner;
}

function publish(owner: { cookies: Record<string, string> }, title: string) {
  const body = multipartBody({ title, description: 'Live', categoryId: 1, discountValue: 5, startDate: '2026-11-01', endDate: '2027-01-31' });
  return publishing.inject({ method: 'POST', url: '/api/v1/offers/', ...body, cookies: owner.cookies });
}

/** Reads server-sent events until one named `offer` arrives (or the time runs out). */
async function nextOfferEvent(reader: ReadableStreamDefaultReader<Uint8Array>, timeoutMs = 8_000) {
  const decoder = new TextDecoder();
  let buffer = '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const chunk = await Promise.race([
      reader.read(),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()))),
    ]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    const match = /event: offer\ndata: (.+)\n\n/.exec(buffer);
    if (match?.[1]) return JSON.parse(match[1]) as { offerId: number; vendorId: number; distance: number };
  }
  return undefined;
}

describe('GET /api/v1/offers/stream', () => {
  it('pushes an offer published nearby through another replica, and not one published far away', async () => {
    const shopper = await signUp(streaming);
    const controller = new AbortController();
    const response = await fetch(`${base}/api/v1/offers/stream?latitude=35.8989&longitude=14.5146&radiusKm=10`, {
      headers: { authorization: `Bearer ${shopper.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    try {
      const gozo = await businessAt(36.0443, 14.2398);
      const valletta = await businessAt(35.899, 14.515);
      expect((await publish(gozo, 'Far away offer')).statusCode).toBe(201);
      const near = await publish(valletta, 'Live nearby offer');
      expect(near.statusCode).toBe(201);
      const event = await nextOfferEvent(reader);
      expect(event).toMatchObject({ offerId: near.json().data.offerId });
      expect(event?.distance).toBeLessThan(0.2);

      // Resuming a paused offer announces it again.
      const offerId = near.json().data.offerId as number;
      await publishing.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/pause`, cookies: valletta.cookies });
      await publishing.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/resume`, cookies: valletta.cookies });
      expect(await nextOfferEvent(reader)).toMatchObject({ offerId });
    } finally {
      controller.abort();
    }
  });

  it('answers 401 without a session and 400 for a bad position', async () => {
    expect((await fetch(`${base}/api/v1/offers/stream?latitude=35.9&longitude=14.5`)).status).toBe(401);
    const shopper = await signUp(streaming);
    const bad = await fetch(`${base}/api/v1/offers/stream?latitude=95&longitude=14.5`, { headers: { authorization: `Bearer ${shopper.token}` } });
    expect(bad.status).toBe(400);
  });
});

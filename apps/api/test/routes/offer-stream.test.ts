import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { buildShop, createOffer } from '../factories.ts';
import { createTestApp, createTestDatabase, signUp, type TestDatabase } from '../helpers.ts';

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

const businessAt = (latitude: number, longitude: number) =>
  buildShop(publishing, { business: { locationLatitude: latitude, locationLongitude: longitude } });

interface OfferEvent {
  offerId: number;
  vendorId: number;
  distance: number;
}

/** Collects the stream's `offer` events in the background, in the order they arrive, until the stream ends. */
function collectOfferEvents(reader: ReadableStreamDefaultReader<Uint8Array>): OfferEvent[] {
  const events: OfferEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const readAll = async () => {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      buffer += decoder.decode(chunk.value, { stream: true });
      for (let match = /event: offer\ndata: (.+)\n\n/.exec(buffer); match; match = /event: offer\ndata: (.+)\n\n/.exec(buffer)) {
        events.push(JSON.parse(match[1] ?? '') as OfferEvent);
        buffer = buffer.slice(match.index + match[0].length);
      }
    }
  };
  // The test ends the stream by aborting it, which rejects the pending read: that is the end, not a failure.
  readAll().catch(() => undefined);
  return events;
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
    const events = collectOfferEvents(reader);
    try {
      const gozo = await businessAt(36.0443, 14.2398);
      const valletta = await businessAt(35.899, 14.515);
      await createOffer(publishing, gozo, { title: 'Far away offer' });
      const offerId = await createOffer(publishing, valletta, { title: 'Live nearby offer' });
      // Events arrive in commit order: the far-away offer, published first, would come before this one.
      await expect.poll(() => events.map((event) => event.offerId), { timeout: 8_000 }).toEqual([offerId]);
      expect(events[0]?.distance).toBeLessThan(0.2);

      // Resuming a paused offer announces it again.
      await publishing.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/pause`, cookies: valletta.cookies });
      await publishing.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/resume`, cookies: valletta.cookies });
      await expect.poll(() => events.map((event) => event.offerId), { timeout: 8_000 }).toEqual([offerId, offerId]);
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

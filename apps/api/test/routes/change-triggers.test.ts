/**
 * Invalidation by trigger (issue 11, migration 0010): a change made with plain SQL, through no route, empties
 * the nearby cache of this app and of another replica's, and an offer that becomes visible reaches an open
 * offer stream; a rolled-back change sends nothing, and one statement sends one 'changed' however many rows.
 */
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { offerImages, offers, vendors } from '../../src/db/schema.ts';
import { OFFER_CHANNEL } from '../../src/plugins/offer-feed.ts';
import { buildOffer, insertShop } from '../factories.ts';
import { bodyOf, createTestApp, createTestDatabase, nearbyBusinessesResponseSchema, signUp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let replica: Awaited<ReturnType<TestDatabase['openReplica']>>;
let here: App;
let other: App;
let base: string;
let cookies: Record<string, string>;
let counter = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  replica = await testDb.openReplica();
  here = await createTestApp(testDb.database, { nearbyCacheEntries: 500 });
  other = await createTestApp(replica.database, { nearbyCacheEntries: 500 });
  await here.listen({ host: '127.0.0.1', port: 0 });
  await other.ready();
  base = `http://127.0.0.1:${(here.server.address() as AddressInfo).port}`;
  cookies = (await signUp(here)).cookies;
});
afterAll(async () => {
  await here.close();
  await other.close();
  await replica.close();
  await testDb.drop();
});

/** A business with offers, written straight into the database (no route). */
async function shopWithOffers(spot: { latitude: number; longitude: number }, statuses: ('ACTIVE' | 'PAUSED')[]) {
  counter += 1;
  const { vendorId } = await insertShop(testDb.database.db, {
    businessName: `Trigger shop ${counter}`,
    businessAddress: 'Triq il-Kbira',
    locationLatitude: spot.latitude,
    locationLongitude: spot.longitude,
  });
  const rows = await insertOffers(vendorId, spot, statuses);
  return { vendorId, offerIds: rows };
}

async function insertOffers(vendorId: number, spot: { latitude: number; longitude: number }, statuses: ('ACTIVE' | 'PAUSED')[]) {
  const { startDate, endDate } = buildOffer();
  const rows = await testDb.database.db
    .insert(offers)
    .values(
      statuses.map((status, index) => ({
        vendorId,
        categoryId: 1,
        title: `Trigger offer ${counter}-${index}`,
        description: 'Plain SQL',
        discountType: 'PERCENTAGE' as const,
        discountValue: '10',
        startDate,
        endDate,
        status,
        locationLatitude: spot.latitude,
        locationLongitude: spot.longitude,
      })),
    )
    .returning({ offerId: offers.offerId });
  return rows.map((row) => row.offerId);
}

type Business = { vendorId: number; businessName: string; offers: { offerId: number; title: string; imageUrl: string | null }[] };

async function businessAt(app: App, spot: { latitude: number; longitude: number }, vendorId: number) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/offers/nearby-offers?latitude=${spot.latitude}&longitude=${spot.longitude}&radiusKm=1`,
    cookies,
  });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, nearbyBusinessesResponseSchema).data.find((business) => business.vendorId === vendorId);
}

/**
 * Asks twice and proves the second answer came from the app's cache, with the same content. On PostgreSQL a
 * notification of an earlier change may still be on its way and empty the cache between the two asks, so the
 * pair is asked again until the second is a hit.
 */
async function cachedBusinessAt(app: App, spot: { latitude: number; longitude: number }, vendorId: number) {
  let first: Business | undefined;
  await expect
    .poll(async () => {
      first = await businessAt(app, spot, vendorId);
      const hits = app.nearbyCache.stats().hits;
      const second = await businessAt(app, spot, vendorId);
      return { hit: app.nearbyCache.stats().hits === hits + 1, same: JSON.stringify(second) === JSON.stringify(first) };
    })
    .toEqual({ hit: true, same: true });
  return first;
}

/** Every payload sent on the offer channel, heard by a listener of the test's own. */
async function recordNotifications() {
  const heard: string[] = [];
  const stop = await testDb.database.listen(OFFER_CHANNEL, (payload) => heard.push(payload));
  let markers = 0;
  return {
    heard,
    stop,
    /**
     * Notifications arrive in commit order: once a marker committed after the change has arrived, whatever the
     * change sent has arrived too. Answers what came before the marker, and forgets it.
     */
    async sinceLastCheck() {
      markers += 1;
      const marker = `marker-${markers}`;
      await testDb.database.db.execute(sql`SELECT pg_notify(${OFFER_CHANNEL}, ${marker})`);
      await expect.poll(() => heard.includes(marker)).toBe(true);
      return heard.splice(0, heard.indexOf(marker) + 1).slice(0, -1);
    },
  };
}

describe('changes made with plain SQL', () => {
  it('empty the nearby cache of this app and of another replica', async () => {
    const spot = { latitude: 35.8337, longitude: 14.4869 }; // Birżebbuġa
    const { vendorId, offerIds } = await shopWithOffers(spot, ['ACTIVE', 'ACTIVE']);
    const [offerId, secondId] = offerIds;
    if (offerId === undefined || secondId === undefined) throw new Error('no offers');
    for (const app of [here, other]) {
      await expect.poll(async () => (await businessAt(app, spot, vendorId))?.offers.length).toBe(2);
      await cachedBusinessAt(app, spot, vendorId);
    }

    // An offer edited and another paused.
    await testDb.database.db.update(offers).set({ title: 'Renamed by SQL' }).where(eq(offers.offerId, offerId));
    await testDb.database.db.update(offers).set({ status: 'PAUSED' }).where(eq(offers.offerId, secondId));
    for (const app of [here, other]) {
      await expect.poll(async () => (await businessAt(app, spot, vendorId))?.offers.map((offer) => offer.title)).toEqual(['Renamed by SQL']);
      await cachedBusinessAt(app, spot, vendorId);
    }

    // A photo added.
    await testDb.database.db
      .insert(offerImages)
      .values({ offerId, position: 0, cardKey: `public/offers/${'a'.repeat(64)}-card.webp`, detailKey: `public/offers/${'a'.repeat(64)}-detail.webp`, width: 10, height: 10 });
    for (const app of [here, other]) {
      await expect.poll(async () => (await businessAt(app, spot, vendorId))?.offers[0]?.imageUrl).toContain('a'.repeat(64));
      await cachedBusinessAt(app, spot, vendorId);
    }

    // The business renamed.
    await testDb.database.db.update(vendors).set({ businessName: 'Shop renamed by SQL' }).where(eq(vendors.id, vendorId));
    for (const app of [here, other]) {
      await expect.poll(async () => (await businessAt(app, spot, vendorId))?.businessName).toBe('Shop renamed by SQL');
      await cachedBusinessAt(app, spot, vendorId);
    }

    // The offer deleted: the business has nothing left to show.
    await testDb.database.db.delete(offers).where(eq(offers.offerId, offerId));
    for (const app of [here, other]) await expect.poll(() => businessAt(app, spot, vendorId)).toBeUndefined();
  });
});

/** Reads server-sent events until one named `offer` arrives (or the stream ends). */
async function nextOfferEvent(reader: ReadableStreamDefaultReader<Uint8Array>, buffered: { text: string }) {
  const decoder = new TextDecoder();
  for (;;) {
    const match = /event: offer\ndata: (.+)\n\n/.exec(buffered.text);
    if (match?.[1]) {
      buffered.text = buffered.text.slice((match.index ?? 0) + match[0].length);
      return JSON.parse(match[1]) as { offerId: number; vendorId: number; distance: number };
    }
    const chunk = await reader.read();
    if (chunk.done) return undefined;
    buffered.text += decoder.decode(chunk.value, { stream: true });
  }
}

describe('the offer stream', () => {
  it('receives an offer inserted ACTIVE or made ACTIVE with plain SQL, and not one inserted paused', { timeout: 20_000 }, async () => {
    const shopper = await signUp(here);
    const spot = { latitude: 35.9375, longitude: 14.3754 }; // Mellieħa
    const controller = new AbortController();
    const response = await fetch(`${base}/api/v1/offers/stream?latitude=${spot.latitude}&longitude=${spot.longitude}&radiusKm=2`, {
      headers: { authorization: `Bearer ${shopper.token}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    const buffered = { text: '' };
    try {
      // Paused first: the first event must be the active one.
      const { vendorId, offerIds } = await shopWithOffers(spot, ['PAUSED', 'ACTIVE']);
      const [pausedId, activeId] = offerIds;
      expect(await nextOfferEvent(reader, buffered)).toMatchObject({ offerId: activeId, vendorId, distance: 0 });

      // Edited while active, then the paused one resumed: only the resumed one is announced.
      if (activeId === undefined || pausedId === undefined) throw new Error('no offers');
      await testDb.database.db.update(offers).set({ title: 'Still active' }).where(eq(offers.offerId, activeId));
      await testDb.database.db.update(offers).set({ status: 'ACTIVE' }).where(eq(offers.offerId, pausedId));
      expect(await nextOfferEvent(reader, buffered)).toMatchObject({ offerId: pausedId, vendorId });
    } finally {
      controller.abort();
    }
  });
});

describe('notifications', () => {
  it('are sent only when the change commits, once per statement and transaction however many rows', async () => {
    const spot = { latitude: 36.0443, longitude: 14.2398 }; // Victoria, Gozo
    const { vendorId } = await shopWithOffers(spot, Array.from({ length: 40 }, (_, index) => (index < 30 ? 'ACTIVE' : 'PAUSED')));
    const listener = await recordNotifications();
    try {
      // A change rolled back sends nothing.
      await expect(
        testDb.database.db.transaction(async (tx) => {
          await tx.update(offers).set({ status: 'ACTIVE' }).where(eq(offers.vendorId, vendorId));
          await tx.update(vendors).set({ businessName: 'Never' }).where(eq(vendors.id, vendorId));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await listener.sinceLastCheck()).toEqual([]);

      // One statement changing 40 rows: one 'changed'.
      await testDb.database.db.update(offers).set({ title: sql`${offers.title} || '!'` }).where(eq(offers.vendorId, vendorId));
      expect(await listener.sinceLastCheck()).toEqual(['changed']);

      // A transaction of several statements on several tables: one 'changed' too.
      await testDb.database.db.transaction(async (tx) => {
        await tx.update(offers).set({ description: 'Again' }).where(eq(offers.vendorId, vendorId));
        await tx.update(vendors).set({ businessAddress: 'Triq ir-Repubblika' }).where(eq(vendors.id, vendorId));
      });
      expect(await listener.sinceLastCheck()).toEqual(['changed']);

      // Ten paused offers made active: each is announced once, with where it is, and one 'changed'.
      await testDb.database.db.update(offers).set({ status: 'ACTIVE' }).where(eq(offers.vendorId, vendorId));
      const sent = await listener.sinceLastCheck();
      expect(sent.filter((payload) => payload === 'changed')).toHaveLength(1);
      const visible = sent.filter((payload) => payload !== 'changed').map((payload) => JSON.parse(payload) as Record<string, unknown>);
      expect(visible).toHaveLength(10);
      expect(visible[0]).toEqual({ offerId: expect.any(Number), vendorId, latitude: spot.latitude, longitude: spot.longitude });
      expect(new Set(visible.map((offer) => offer.offerId)).size).toBe(10);

      // Made active again (already active): no offer is announced.
      await testDb.database.db.update(offers).set({ status: 'ACTIVE' }).where(eq(offers.vendorId, vendorId));
      expect(await listener.sinceLastCheck()).toEqual(['changed']);
    } finally {
      await listener.stop();
    }
  });
});

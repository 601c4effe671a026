/**
 * The nearby response cache (domains/nearby/cache.ts): its answers are byte for byte the database's for many
 * points (cell edges, ties, later pages, small radii, the category form), and every change drops it, on this
 * replica and on another, through the triggers' NOTIFY (change-triggers.test.ts changes rows with plain SQL);
 * the day and the TTL end entries too; memory stays bounded.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { categories, offers, users, vendors } from '../../src/db/schema.ts';
import { maltaToday, nearbyResponseSchema, offerResponseSchema } from '@qrib/shared';
import { NEARBY_CACHE_TTL_MS, NEARBY_CELL_DEGREES, NearbyCache } from '../../src/domains/nearby/cache.ts';
import { maltaDay } from '../factories.ts';
import { multipartBody } from '../fixtures.ts';
import { bodyOf, createTestApp, createTestDatabase, nearbyBusinessesResponseSchema, registerBusiness, signUp, type TestDatabase } from '../helpers.ts';

/** A small seeded generator, so a failure can be replayed. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Valletta, Floriana, Sliema and Gżira: about 3 × 3 km.
const AREA = { south: 35.888, north: 35.915, west: 14.485, east: 14.52 };

let testDb: TestDatabase;
let cached: App;
let uncached: App;
let cookies: Record<string, string>;
let categoryIds: number[] = [];

/** 700 businesses: most at random points, 25 sharing one spot and pairs sharing others (ties), some not shown. */
async function generateShops() {
  const random = seeded(20260704);
  const db = testDb.database.db;
  categoryIds = (await db.select().from(categories)).map((row) => row.categoryId);
  const total = 700;
  const owners = await db
    .insert(users)
    .values(
      Array.from({ length: total }, (_, index) => ({
        name: `Cache owner ${index}`,
        email: `cache-owner-${index}@example.com`,
        phone: '+356 2100 0000',
        username: `cache-owner-${index}`,
        passwordHash: 'x',
      })),
    )
    .returning({ id: users.id });
  const spots: { latitude: number; longitude: number }[] = [];
  for (let index = 0; index < total; index += 1) {
    if (index < 25) spots.push({ latitude: 35.8975, longitude: 14.5121 });
    else if (index < 60 && index % 2 === 1) spots.push(spots[index - 1] ?? { latitude: 35.9, longitude: 14.5 });
    else {
      spots.push({
        latitude: AREA.south + random() * (AREA.north - AREA.south),
        longitude: AREA.west + random() * (AREA.east - AREA.west),
      });
    }
  }
  const vendorRows = await db
    .insert(vendors)
    .values(
      owners.map((owner, index) => ({
        ownerUserId: owner.id,
        businessName: `Cache shop ${index} "quoted" \u00e9`,
        businessType: 'OTHER' as const,
        businessAddress: `Triq ${index}`,
        locationLatitude: spots[index]?.latitude ?? 35.9,
        locationLongitude: spots[index]?.longitude ?? 14.5,
        primaryContactName: 'Owner',
        contactEmail: 'shop@example.com',
        contactPhone: '+356 2100 0000',
        logoKey: index % 7 === 0 ? `public/logos/${index.toString(16).padStart(64, '0')}-logo.webp` : null,
        status: index % 31 === 5 ? ('PENDING' as const) : ('ACTIVE' as const),
      })),
    )
    .returning({ id: vendors.id, latitude: vendors.locationLatitude, longitude: vendors.locationLongitude });
  const offerValues = vendorRows.flatMap((vendor, index) =>
    Array.from({ length: 1 + (index % 3) }, (_, n) => {
      const roll = random();
      return {
        vendorId: vendor.id,
        categoryId: categoryIds[Math.floor(random() * 3)] ?? 1,
        title: `Offer ${index}-${n}`,
        description: 'Cache test offer',
        discountType: 'PERCENTAGE' as const,
        discountValue: String(5 + n),
        startDate: maltaDay(-3),
        endDate: maltaDay(roll < 0.1 ? -1 : Math.floor(random() * 20)),
        status: roll > 0.85 ? ('PAUSED' as const) : ('ACTIVE' as const),
        featuredOffer: n === 1,
        locationLatitude: vendor.latitude,
        locationLongitude: vendor.longitude,
      };
    }),
  );
  await db.insert(offers).values(offerValues);
}

function pageUrl(query: Record<string, string | number | undefined>) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  return `/api/v1/offers/nearby-offers?${search.toString()}`;
}

async function getPage(app: App, query: Record<string, string | number | undefined>, withCookies = cookies) {
  const response = await app.inject({ method: 'GET', url: pageUrl(query), cookies: withCookies });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/**
 * Asks both apps, the cached one twice (a cell is filled the second time it is asked); the bodies must be the
 * same bytes. Answers the uncached JSON.
 */
async function expectSameAnswer(query: Record<string, string | number | undefined>) {
  const fromDatabase = await getPage(uncached, query);
  for (let ask = 0; ask < 2; ask += 1) {
    const fromCache = await getPage(cached, query);
    expect(fromCache.body, JSON.stringify(query)).toBe(fromDatabase.body);
    expect(fromCache.headers['content-type']).toBe(fromDatabase.headers['content-type']);
  }
  return bodyOf(fromDatabase, nearbyResponseSchema);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  await generateShops();
  cached = await createTestApp(testDb.database, { nearbyCacheEntries: 500 });
  uncached = await createTestApp(testDb.database, { nearbyCacheEntries: 0 });
  cookies = (await signUp(uncached)).cookies;
});
afterAll(async () => {
  await cached.close();
  await uncached.close();
  await testDb.drop();
});

describe('nearby cache: the same answer as the database', () => {
  it('for random points, their later pages and smaller radii', { timeout: 120_000 }, async () => {
    const random = seeded(7);
    let pages = 0;
    for (let sample = 0; sample < 120; sample += 1) {
      const latitude = AREA.south - 0.005 + random() * (AREA.north - AREA.south + 0.01);
      const longitude = AREA.west - 0.005 + random() * (AREA.east - AREA.west + 0.01);
      const radiusKm = [10, 10, 1, 0.35, 0.08][sample % 5];
      let cursor: string | undefined;
      for (let page = 0; page < 3; page += 1) {
        const answer = await expectSameAnswer({ latitude, longitude, radiusKm, cursor });
        pages += 1;
        if (!answer.nextCursor) break;
        cursor = answer.nextCursor;
      }
    }
    const stats = cached.nearbyCache.stats();
    // The cache must really have answered the second asking (not handed nearly everything back to the database).
    expect(stats.hits + stats.fills).toBeGreaterThan(pages * 0.8);
    expect(stats.direct).toBeGreaterThan(0);
    expect(stats.hits).toBeGreaterThan(0);
  });

  it('for many shoppers asking at once while cells and cards are still loading', { timeout: 120_000 }, async () => {
    // Requests that wait for the database interleave with ones answered from memory; each must keep its own page.
    cached.nearbyCache.invalidate();
    const random = seeded(23);
    const points = Array.from({ length: 60 }, (_, index) => ({
      latitude: AREA.south + random() * (AREA.north - AREA.south),
      longitude: AREA.west + random() * (AREA.east - AREA.west),
      radiusKm: index % 3 === 0 ? 0.5 : 10,
    }));
    const expected = [];
    for (const point of points) expected.push((await getPage(uncached, point)).body);
    // The first round asks each point twice at once (cells are filled after those answers); the second comes
    // straight after, while cells and cards are still loading.
    const firstRound = await Promise.all([...points, ...points].map((point) => getPage(cached, point)));
    expect(firstRound.map((answer) => answer.body)).toEqual([...expected, ...expected]);
    const before = cached.nearbyCache.stats();
    const answers = await Promise.all([...points, ...points].map((point) => getPage(cached, point)));
    expect(answers.map((answer) => answer.body)).toEqual([...expected, ...expected]);
    const after = cached.nearbyCache.stats();
    expect(after.fills - before.fills).toBeGreaterThan(0);
    expect(after.hits + after.fills - before.hits - before.fills).toBeGreaterThan(points.length);
  });

  it('for points on and next to cell edges and corners, and at the shops themselves', { timeout: 120_000 }, async () => {
    const random = seeded(11);
    const tiny = 1e-9;
    for (let sample = 0; sample < 40; sample += 1) {
      const latitudeEdge = Math.round((AREA.south + random() * (AREA.north - AREA.south)) / NEARBY_CELL_DEGREES) * NEARBY_CELL_DEGREES;
      const longitudeEdge = Math.round((AREA.west + random() * (AREA.east - AREA.west)) / NEARBY_CELL_DEGREES) * NEARBY_CELL_DEGREES;
      for (const [dLat, dLng] of [[-tiny, -tiny], [tiny, tiny], [0, 0], [-tiny, 0.0004]]) {
        const first = await expectSameAnswer({ latitude: latitudeEdge + (dLat ?? 0), longitude: longitudeEdge + (dLng ?? 0) });
        if (sample % 4 === 0 && first.nextCursor) {
          await expectSameAnswer({ latitude: latitudeEdge + (dLat ?? 0), longitude: longitudeEdge + (dLng ?? 0), cursor: first.nextCursor });
        }
      }
    }
    // Standing at the spot 25 shops share: the page boundary falls inside the tie, ordered by id.
    let cursor: string | undefined;
    for (let page = 0; page < 3; page += 1) {
      const answer = await expectSameAnswer({ latitude: 35.8975, longitude: 14.5121, cursor });
      if (!answer.nextCursor) break;
      cursor = answer.nextCursor;
    }
  });

  it('for the category form', { timeout: 120_000 }, async () => {
    const random = seeded(13);
    for (let sample = 0; sample < 60; sample += 1) {
      const latitude = AREA.south + random() * (AREA.north - AREA.south);
      const longitude = AREA.west + random() * (AREA.east - AREA.west);
      const categoryId = categoryIds[sample % 4];
      const first = await expectSameAnswer({ latitude, longitude, categoryId, radiusKm: sample % 3 === 0 ? 0.5 : 10 });
      if (first.nextCursor) await expectSameAnswer({ latitude, longitude, categoryId, cursor: first.nextCursor });
    }
  });

  it('still answers 400 for a forged cursor and 401 without a session', async () => {
    const forged = Buffer.from(JSON.stringify({ d: -1, id: 1 })).toString('base64url');
    const bad = await cached.inject({ method: 'GET', url: pageUrl({ latitude: 35.9, longitude: 14.5, cursor: forged }), cookies });
    expect(bad.statusCode).toBe(400);
    const anonymous = await cached.inject({ method: 'GET', url: pageUrl({ latitude: 35.9, longitude: 14.5 }) });
    expect(anonymous.statusCode).toBe(401);
  });
});

type Business = { vendorId: number; offers: { offerId: number; title: string }[] };

describe('nearby cache: invalidation', () => {
  // Far from the generated shops (Marsaxlokk), so these shops lead the page.
  const HERE = { latitude: 35.8419, longitude: 14.5431 };

  async function publishedOffer(app: App, owner: { cookies: Record<string, string> }, title: string) {
    const body = multipartBody({ title, description: 'Cache', categoryId: 1, discountValue: 5, startDate: maltaDay(-1), endDate: maltaDay(30) });
    const response = await app.inject({ method: 'POST', url: '/api/v1/offers/', ...body, cookies: owner.cookies });
    expect(response.statusCode, response.body).toBe(201);
    return bodyOf(response, offerResponseSchema).data.offerId;
  }

  const titles = (answer: { data: Business[] }) => answer.data.flatMap((business) => business.offers.map((offer) => offer.title));

  // The writing process hears its own change when it commits: on PGlite before the query returns, on PostgreSQL
  // through its listening connection moments later, hence the polls.
  it('drops an offer paused, edited, resumed or published through this replica', async () => {
    const owner = await signUp(cached);
    await registerBusiness(cached, owner, { locationLatitude: HERE.latitude, locationLongitude: HERE.longitude });
    const offerId = await publishedOffer(cached, owner, 'Marsaxlokk fish');
    const before = (await getPage(cached, HERE)).json();
    expect(titles(before)).toContain('Marsaxlokk fish');
    // The second asking fills the cell after its answer; the third is answered from memory.
    expect((await getPage(cached, HERE)).body).toBe(JSON.stringify(before));
    await cached.nearbyCache.settled();
    const hits = cached.nearbyCache.stats().hits;
    expect((await getPage(cached, HERE)).body).toBe(JSON.stringify(before));
    expect(cached.nearbyCache.stats().hits).toBe(hits + 1);

    const titlesHere = async () => titles((await getPage(cached, HERE)).json());
    await cached.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/pause`, cookies: owner.cookies });
    await expect.poll(titlesHere).not.toContain('Marsaxlokk fish');

    await cached.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/resume`, cookies: owner.cookies });
    await expect.poll(titlesHere).toContain('Marsaxlokk fish');

    const edit = await cached.inject({
      method: 'PATCH',
      url: `/api/v1/offers/${offerId}`,
      payload: { title: 'Marsaxlokk lampuki', description: 'Cache', categoryId: 1, discountType: 'PERCENTAGE', discountValue: 5, startDate: maltaDay(-1), endDate: maltaDay(30) },
      cookies: owner.cookies,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await expect.poll(titlesHere).toContain('Marsaxlokk lampuki');
    expect(await titlesHere()).not.toContain('Marsaxlokk fish');

    // The category form is cached before the next offer is published.
    const categoryTitles = async () => titles({ data: [{ vendorId: 0, offers: (await getPage(cached, { ...HERE, categoryId: 1 })).json().data }] });
    expect(await categoryTitles()).toContain('Marsaxlokk lampuki');
    await publishedOffer(cached, owner, 'Marsaxlokk octopus');
    await expect.poll(titlesHere).toContain('Marsaxlokk octopus');
    await expect.poll(categoryTitles).toContain('Marsaxlokk octopus');
  });

  it('drops an offer that sells out at the till, and shows the units left as they go (issue 13)', async () => {
    const owner = await signUp(cached);
    await registerBusiness(cached, owner, { locationLatitude: HERE.latitude, locationLongitude: HERE.longitude });
    const body = multipartBody({ title: 'Last two ftiras', description: 'Cache', categoryId: 1, discountValue: 5, startDate: maltaDay(-1), endDate: maltaDay(30), redemptionLimit: 'LIMITED', maxRedemptions: 2 });
    const published = await cached.inject({ method: 'POST', url: '/api/v1/offers/', ...body, cookies: owner.cookies });
    expect(published.statusCode, published.body).toBe(201);
    const offerId = bodyOf(published, offerResponseSchema).data.offerId;
    const remainingHere = async () => {
      const answer = bodyOf(await getPage(cached, HERE), nearbyBusinessesResponseSchema);
      return answer.data.flatMap((business) => business.offers).find((offer) => offer.offerId === offerId)?.remaining ?? 'gone';
    };
    // Asked twice: the cell is filled and answers from memory.
    expect(await remainingHere()).toBe(2);
    expect(await remainingHere()).toBe(2);
    await cached.nearbyCache.settled();
    const redeemOne = async () => {
      const shopper = await signUp(cached);
      const claimed = await cached.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/claims`, cookies: shopper.cookies });
      const redeemed = await cached.inject({ method: 'POST', url: '/api/v1/vendors/me/redemptions', payload: { code: claimed.json().data.code }, cookies: owner.cookies });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
    };
    await redeemOne();
    await expect.poll(remainingHere).toBe(1);
    await redeemOne();
    await expect.poll(remainingHere).toBe('gone');
  });

  it('drops what another replica cached when an offer changes (NOTIFY), well before the TTL', async () => {
    const replica = await testDb.openReplica();
    const other = await createTestApp(replica.database, { nearbyCacheEntries: 500 });
    await other.ready();
    try {
      const spot = { latitude: 35.8272, longitude: 14.4431 }; // Żurrieq, away from everything else
      const owner = await signUp(other);
      await registerBusiness(other, owner, { locationLatitude: spot.latitude, locationLongitude: spot.longitude });
      // Resolves when the shoppers' replica hears a change from elsewhere (or fails after 5 s, far below the TTL).
      const heard = () =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no change heard')), 5_000);
          const stop = cached.offerFeed.subscribeToChanges(() => {
            clearTimeout(timer);
            stop();
            resolve();
          });
        });
      const idsAt = async () => bodyOf(await getPage(cached, spot), nearbyBusinessesResponseSchema);
      expect(titles(await idsAt())).not.toContain('Zurrieq honey');
      let change = heard();
      const offerId = await publishedOffer(other, owner, 'Zurrieq honey');
      await change;
      expect(titles(await idsAt())).toContain('Zurrieq honey');
      expect(titles(await idsAt())).toContain('Zurrieq honey');
      await cached.nearbyCache.settled();
      const hits = cached.nearbyCache.stats().hits;
      expect(titles(await idsAt())).toContain('Zurrieq honey');
      expect(cached.nearbyCache.stats().hits).toBe(hits + 1);

      change = heard();
      await other.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/pause`, cookies: owner.cookies });
      await change;
      expect(titles(await idsAt())).not.toContain('Zurrieq honey');
      change = heard();
      await other.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/resume`, cookies: owner.cookies });
      await change;
      expect(titles(await idsAt())).toContain('Zurrieq honey');
    } finally {
      await other.close();
      await replica.close();
    }
  });

  it('starts afresh on a new day and after the TTL, even when it hears no change', async () => {
    let now = 1_000_000;
    const cache = new NearbyCache(uncached.nearby, 10, () => now);
    const spot = { latitude: 35.8851, longitude: 14.5461 }; // Żabbar
    const owner = await signUp(uncached);
    const vendorId = await registerBusiness(uncached, owner, { locationLatitude: spot.latitude, locationLongitude: spot.longitude });
    await publishedOffer(uncached, owner, 'Zabbar bread');
    const today = maltaToday();
    const request = (day: string) => ({ ...spot, radiusKm: 1, cursor: undefined, pageSize: 20, today: day, now: new Date() });
    const ids = async (day: string) => {
      const page = await cache.findPage(request(day));
      return nearbyBusinessesResponseSchema.parse(JSON.parse(page.toString('utf8'))).data.map((business) => business.vendorId);
    };
    // Asked once (the page query), then again (the cell is filled after the answer): held in memory from here.
    expect(await ids(today)).toContain(vendorId);
    expect(await ids(today)).toContain(vendorId);
    await cache.settled();
    expect(cache.stats().cells).toBe(1);

    // A cache of its own, which no notification reaches: it keeps its answer until the TTL has passed...
    await testDb.database.db.update(offers).set({ status: 'PAUSED' }).where(eq(offers.vendorId, vendorId));
    now += NEARBY_CACHE_TTL_MS - 1;
    expect(await ids(today)).toContain(vendorId);
    now += 2;
    expect(await ids(today)).not.toContain(vendorId);
    expect(await ids(today)).not.toContain(vendorId);

    // ...and a new day asks the database again (an offer ending today is gone tomorrow).
    await testDb.database.db.update(offers).set({ status: 'ACTIVE', endDate: today }).where(eq(offers.vendorId, vendorId));
    cache.invalidate();
    expect(await ids(today)).toContain(vendorId);
    expect(await ids(today)).toContain(vendorId);
    expect(await ids(maltaDay(1))).not.toContain(vendorId);
  });

  it('keeps at most the configured number of cells, and 0 turns it off', async () => {
    const small = new NearbyCache(uncached.nearby, 3);
    for (let step = 0; step < 8; step += 1) {
      for (let ask = 0; ask < 2; ask += 1) {
        await small.findPage({ latitude: 35.89 + step * 0.003, longitude: 14.5, radiusKm: 10, cursor: undefined, pageSize: 20, today: maltaToday(), now: new Date() });
      }
    }
    await small.settled();
    expect(small.stats().cells).toBe(3);
    expect(small.stats().cards).toBeLessThanOrEqual(3 * 25);

    // Cells nobody asks about again leave once expired when another cell is made (with the cards only they held).
    let now = 1_000_000;
    const roomy = new NearbyCache(uncached.nearby, 100, () => now);
    const ask = (step: number) =>
      roomy.findPage({ latitude: 35.89 + step * 0.003, longitude: 14.5, radiusKm: 10, cursor: undefined, pageSize: 20, today: maltaToday(), now: new Date() });
    for (let step = 0; step < 3; step += 1) {
      await ask(step);
      await ask(step);
    }
    await roomy.settled();
    expect(roomy.stats().cells).toBe(3);
    now += NEARBY_CACHE_TTL_MS + 1;
    await ask(3);
    await ask(3);
    await roomy.settled();
    expect(roomy.stats().cells).toBe(1);

    // A position asked once is answered by the page query and fills no cell (the page's cards are kept after it).
    const once = new NearbyCache(uncached.nearby, 100);
    await once.findPage({ latitude: 35.9, longitude: 14.5, radiusKm: 10, cursor: undefined, pageSize: 20, today: maltaToday(), now: new Date() });
    await once.settled();
    expect(once.stats()).toMatchObject({ cells: 0, cards: 20, direct: 1, hits: 0, fills: 0, cardsFromMemory: 0 });

    // No answer waits for a cell: the second ask is answered from the database (the nearest scan, with the cards the
    // first kept) and the cell is filled after it. A cell in use that expires, or that a change empties, is filled
    // again after its next ask's answer; the ask after that is answered from memory.
    const again = new NearbyCache(uncached.nearby, 100, () => now);
    const spotHere = { latitude: 35.91, longitude: 14.49, radiusKm: 10, cursor: undefined, pageSize: 20, today: maltaToday(), now: new Date() };
    await again.findPage(spotHere);
    await again.settled();
    await again.findPage(spotHere);
    await again.settled();
    expect(again.stats()).toMatchObject({ cells: 1, direct: 2, fills: 0, cardsFromMemory: 1, cardsAllMissing: 0 });
    await again.findPage(spotHere);
    expect(again.stats()).toMatchObject({ cells: 1, direct: 2, hits: 1 });
    now += NEARBY_CACHE_TTL_MS + 1;
    await again.findPage(spotHere);
    await again.settled();
    expect(again.stats()).toMatchObject({ cells: 1, direct: 3, hits: 1 });
    again.invalidate();
    await again.findPage(spotHere);
    await again.settled();
    expect(again.stats()).toMatchObject({ cells: 1, direct: 4, hits: 1 });
    await again.findPage(spotHere);
    expect(again.stats()).toMatchObject({ cells: 1, direct: 4, hits: 2 });

    // Cards a cell took from a neighbour's loading grow old before the cell does: they are all loaded again
    // (a fill), not handed to the database.
    const shared = new NearbyCache(uncached.nearby, 100, () => now);
    const first = { latitude: 35.8985, longitude: 14.5105, radiusKm: 10, cursor: undefined, pageSize: 20, today: maltaToday(), now: new Date() };
    const neighbour = { ...first, longitude: first.longitude + NEARBY_CELL_DEGREES };
    await shared.findPage(first);
    await shared.findPage(first);
    await shared.settled();
    now += NEARBY_CACHE_TTL_MS / 2;
    await shared.findPage(neighbour);
    await shared.findPage(neighbour);
    await shared.settled();
    now += NEARBY_CACHE_TTL_MS / 2 + 1;
    const later = await shared.findPage(neighbour);
    expect(later.toString('utf8')).toBe((await getPage(uncached, { latitude: neighbour.latitude, longitude: neighbour.longitude, radiusKm: 10 })).body);
    expect(shared.stats()).toMatchObject({ direct: 4, fills: 1, fallbacks: 0 });

    // Off: every page comes from the page query, the same bytes, and nothing is kept.
    const off = new NearbyCache(uncached.nearby, 0);
    const spot = { latitude: 35.9, longitude: 14.5, radiusKm: 10, cursor: undefined, pageSize: 20, today: maltaToday(), now: new Date() };
    const answers = [await off.findPage(spot), await off.findPage(spot), await once.findPage(spot)];
    expect(answers[1]?.equals(answers[0] ?? Buffer.alloc(0))).toBe(true);
    expect(answers[2]?.equals(answers[0] ?? Buffer.alloc(0))).toBe(true);
    expect(off.stats()).toMatchObject({ cells: 0, cards: 0, direct: 2 });
  });
});

describe('NEARBY_CACHE_ENTRIES', () => {
  it('defaults to 2000 cells, accepts 0 and refuses anything else with a message naming it', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/qrib-config-cache', JWT_SECRET: 'x'.repeat(32) }).nearbyCacheEntries).toBe(2000);
    expect(loadConfig({ DATA_DIR: '/tmp/qrib-config-cache', NEARBY_CACHE_ENTRIES: '0', JWT_SECRET: 'x'.repeat(32) }).nearbyCacheEntries).toBe(0);
    for (const value of ['-1', 'lots', '2.5', '5000000']) {
      expect(() => loadConfig({ DATA_DIR: '/tmp/qrib-config-cache', NEARBY_CACHE_ENTRIES: value, JWT_SECRET: 'x'.repeat(32) })).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: '/tmp/qrib-config-cache', NEARBY_CACHE_ENTRIES: value, JWT_SECRET: 'x'.repeat(32) })).toThrow(/NEARBY_CACHE_ENTRIES:/);
    }
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, haversineKm } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { categories, offers } from '../../src/db/schema.ts';
import { insertShop, maltaDay } from '../factories.ts';
import { signUp, type TestDatabase, useTestApp } from '../helpers.ts';

const VALLETTA = { latitude: 35.8989, longitude: 14.5146 };
let testDb: TestDatabase;
let app: App;
let cookies: Record<string, string>;
let food: number;
let retail: number;

/** A business at a point with the given offers, straight into the database (the API is tested elsewhere). */
async function shop(
  name: string,
  latitude: number,
  longitude: number,
  offerList: { title?: string; status?: 'ACTIVE' | 'PAUSED'; endInDays?: number; categoryId?: number }[] = [{}],
  status: 'ACTIVE' | 'PENDING' = 'ACTIVE',
) {
  const db = testDb.database.db;
  const { vendorId } = await insertShop(db, { businessName: name, locationLatitude: latitude, locationLongitude: longitude, status });
  for (const [index, offer] of offerList.entries()) {
    await db.insert(offers).values({
      vendorId,
      categoryId: offer.categoryId ?? food,
      title: offer.title ?? `${name} offer ${index + 1}`,
      description: 'Nearby test offer',
      discountType: 'PERCENTAGE',
      discountValue: '10',
      startDate: maltaDay(-5),
      endDate: maltaDay(offer.endInDays ?? 10),
      status: offer.status ?? 'ACTIVE',
      locationLatitude: latitude,
      locationLongitude: longitude,
    });
  }
  return vendorId;
}

function nearby(query: Record<string, string | number>, withCookies = true) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  return app.inject({ method: 'GET', url: `/api/v1/offers/nearby-offers?${search.toString()}`, cookies: withCookies ? cookies : {} });
}

useTestApp({}, (made) => ({ testDb, app } = made));
beforeAll(async () => {
  const rows = await testDb.database.db.select().from(categories);
  food = rows.find((row) => row.name === 'Food & Dining')?.categoryId ?? 0;
  retail = rows.find((row) => row.name === 'Retail Shopping')?.categoryId ?? 0;
  await shop('Floriana Bakery', 35.8958, 14.5078);
  await shop('Sliema Books', 35.9122, 14.5019, [{ categoryId: retail }, { categoryId: food, title: 'Sliema coffee' }]);
  await shop('Mosta Pharmacy', 35.9097, 14.4256);
  await shop('Victoria Gozo Bakery', 36.0443, 14.2398);
  await shop('Paused Only', 35.899, 14.5147, [{ status: 'PAUSED' }]);
  await shop('Expired Only', 35.8991, 14.5148, [{ endInDays: -1 }]);
  await shop('Pending Business', 35.8992, 14.5149, [{}], 'PENDING');
  await shop('Ends Today', 35.897, 14.512, [{ endInDays: 0 }]);
});
beforeEach(async () => {
  cookies = (await signUp(app)).cookies;
});

describe('GET /api/v1/offers/nearby-offers', () => {
  it('answers businesses nearest first within 10 km, with haversine distances and current offers only', async () => {
    const response = await nearby({ ...VALLETTA, radiusKm: 10 });
    expect(response.statusCode, response.body).toBe(200);
    const { data, nextCursor } = response.json();
    expect(nextCursor).toBeNull();
    expect(data.map((business: { businessName: string }) => business.businessName)).toEqual([
      'Ends Today',
      'Floriana Bakery',
      'Sliema Books',
      'Mosta Pharmacy',
    ]);
    const sliema = data[2];
    // Valletta to Sliema is about 1.7 km on the spec's 6371 km sphere.
    expect(sliema.distance).toBeCloseTo(haversineKm(VALLETTA.latitude, VALLETTA.longitude, 35.9122, 14.5019), 2);
    expect(sliema.distance).toBeGreaterThan(1.6);
    expect(sliema.distance).toBeLessThan(1.9);
    expect(sliema).toMatchObject({ businessAddress: 'Sliema Books street', logoUrl: null });
    // Its position, for its marker on the map view.
    expect(sliema).toMatchObject({ latitude: 35.9122, longitude: 14.5019 });
    expect(sliema.offers).toHaveLength(2);
    expect(sliema.offers[0]).toEqual({
      offerId: expect.any(Number),
      imageUrl: null,
      title: expect.any(String),
      description: 'Nearby test offer',
      discountType: 'PERCENTAGE',
      discountValue: 10,
      startDate: maltaDay(-5),
      endDate: expect.any(String),
      termsAndConditions: null,
      status: 'ACTIVE',
      remaining: null,
      featuredOffer: false,
      regularPrice: null,
      offerPrice: null,
      buyQuantity: null,
      getQuantity: null,
      // Issue 28 §3: no happy hour: it holds all day.
      schedule: null,
      activeNow: null,
      windowOpensAt: null,
      windowClosesAt: null,
    });
  });

  it('reaches Gozo with a 50 km radius and defaults to 10 km', async () => {
    const wide = await nearby({ ...VALLETTA, radiusKm: 50 });
    expect(wide.json().data.at(-1).businessName).toBe('Victoria Gozo Bakery');
    const byDefault = await nearby(VALLETTA);
    expect(byDefault.json().data.map((business: { businessName: string }) => business.businessName)).not.toContain('Victoria Gozo Bakery');
  });

  it('answers the category screen with offers of that category, nearest first', async () => {
    const response = await nearby({ ...VALLETTA, radiusKm: 10, categoryId: retail });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      title: 'Sliema Books offer 1',
      category: { categoryId: retail, name: 'Retail Shopping' },
      vendor: { businessName: 'Sliema Books' },
    });
    expect(data[0].distance).toBeGreaterThan(1.6);
    const foodOffers = (await nearby({ ...VALLETTA, categoryId: food })).json().data;
    expect(foodOffers.map((offer: { title: string }) => offer.title)).toContain('Sliema coffee');
    expect(foodOffers.map((offer: { vendor: { businessName: string } }) => offer.vendor.businessName)).not.toContain('Paused Only');
  });

  it.each([
    ['latitude 91', { latitude: 91, longitude: 14.5 }, MESSAGES.coordinatesInvalid],
    ["longitude 'abc'", { latitude: 35.9, longitude: 'abc' }, MESSAGES.coordinatesInvalid],
    ['no latitude', { longitude: 14.5 }, MESSAGES.coordinatesInvalid],
    ['radius 0', { ...VALLETTA, radiusKm: 0 }, MESSAGES.radiusInvalid],
    ['radius 500', { ...VALLETTA, radiusKm: 500 }, MESSAGES.radiusInvalid],
    ['a cursor that is not base64 JSON', { ...VALLETTA, cursor: 'not-a-cursor!' }, MESSAGES.cursorInvalid],
    ['a forged cursor', { ...VALLETTA, cursor: Buffer.from(JSON.stringify({ d: -1, id: "1; DROP TABLE offers" })).toString('base64url') }, MESSAGES.cursorInvalid],
  ])('refuses %s with 400', async (_case, query, message) => {
    const response = await nearby(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 401 without a session', async () => {
    expect((await nearby(VALLETTA, false)).statusCode).toBe(401);
  });
});

describe('paging', () => {
  it('pages 20 businesses at a time with a cursor, in distance order, without repeats', async () => {
    // 24 more shops in a line north of Valletta, 200 m apart.
    const lineIds: number[] = [];
    for (let step = 1; step <= 24; step += 1) lineIds.push(await shop(`Line ${step}`, 35.9 + step * 0.0018, 14.53));
    const first = (await nearby({ ...VALLETTA, radiusKm: 10 })).json();
    expect(first.data).toHaveLength(20);
    expect(typeof first.nextCursor).toBe('string');
    const second = (await nearby({ ...VALLETTA, radiusKm: 10, cursor: first.nextCursor })).json();
    const all = [...first.data, ...second.data];
    const ids = all.map((business: { vendorId: number }) => business.vendorId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.nextCursor).toBeNull();
    expect(all).toHaveLength(4 + 24);
    const distances = all.map((business: { distance: number }) => business.distance);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining(lineIds));

    // Pausing a shop's only offer takes it off the list.
    await testDb.database.db.update(offers).set({ status: 'PAUSED' }).where(eq(offers.vendorId, lineIds[0] ?? 0));
    const after = (await nearby({ ...VALLETTA, radiusKm: 10 })).json();
    expect(after.data.map((business: { vendorId: number }) => business.vendorId)).not.toContain(lineIds[0]);
  });
});

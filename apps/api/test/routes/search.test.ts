import { count } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { categories, offers } from '../../src/db/schema.ts';
import { buildOffer, insertShop } from '../factories.ts';
import { signUp, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
let cookies: Record<string, string>;
let food: number;
let retail: number;

async function shop(name: string, latitude: number, longitude: number, list: { title: string; description: string; categoryId: number; discountType?: 'PERCENTAGE' | 'FIXED' | 'BUYXGETY'; discountValue?: string }[]) {
  const db = testDb.database.db;
  const { vendorId } = await insertShop(db, { businessName: name, locationLatitude: latitude, locationLongitude: longitude });
  const { startDate, endDate } = buildOffer();
  for (const offer of list) {
    await db.insert(offers).values({
      vendorId,
      categoryId: offer.categoryId,
      title: offer.title,
      description: offer.description,
      discountType: offer.discountType ?? 'PERCENTAGE',
      discountValue: offer.discountValue ?? '10',
      startDate,
      endDate,
      locationLatitude: latitude,
      locationLongitude: longitude,
    });
  }
}

function search(query: Record<string, string | number>) {
  const params = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  return app.inject({ method: 'GET', url: `/api/v1/offers/search?${params.toString()}`, cookies });
}
const titles = (response: { body: string; json(): { data: { title: string }[] } }) => {
  if (!Array.isArray(response.json().data)) throw new Error(response.body);
  return response.json().data.map((result) => result.title);
};

useTestApp({}, (made) => ({ testDb, app } = made));
beforeAll(async () => {
  const rows = await testDb.database.db.select().from(categories);
  food = rows.find((row) => row.name === 'Food & Dining')?.categoryId ?? 0;
  retail = rows.find((row) => row.name === 'Retail Shopping')?.categoryId ?? 0;
  await shop('Napoli Pizzeria', 35.9122, 14.5019, [
    { title: 'Pizza Margherita for two', description: 'Wood-fired, every evening', categoryId: food, discountValue: '20' },
    { title: 'Lunch menu', description: 'Pasta and a drink', categoryId: food, discountType: 'FIXED', discountValue: '3' },
  ]);
  await shop('Valletta Books', 35.8989, 14.5146, [{ title: 'Second paperback free', description: 'Any novel', categoryId: retail, discountType: 'BUYXGETY', discountValue: '1' }]);
  await shop('Gozo Pizza Oven', 36.0443, 14.2398, [{ title: 'Gozitan pizza night', description: 'Ftira pizza with local cheese', categoryId: food, discountValue: '15' }]);
});
beforeEach(async () => {
  cookies = (await signUp(app)).cookies;
});

describe('GET /api/v1/offers/search', () => {
  it('finds text in titles, descriptions, categories and business names, forgiving a typo', async () => {
    expect(titles(await search({ q: 'pizza' }))).toEqual(expect.arrayContaining(['Pizza Margherita for two', 'Gozitan pizza night']));
    expect(titles(await search({ q: 'pizzza' }))).toEqual(expect.arrayContaining(['Pizza Margherita for two', 'Gozitan pizza night']));
    expect(titles(await search({ q: 'novel' }))).toEqual(['Second paperback free']);
    expect(titles(await search({ q: 'Napoli' }))).toEqual(expect.arrayContaining(['Pizza Margherita for two', 'Lunch menu']));
    expect(titles(await search({ q: 'shopping' }))).toEqual(['Second paperback free']);
    expect((await search({ q: 'submarine' })).json()).toEqual({ data: [], nextCursor: null });
  });

  it('filters by category, discount type, minimum discount and distance, and sorts nearest or newest first', async () => {
    expect(titles(await search({ categoryId: retail }))).toEqual(['Second paperback free']);
    // The pizzeria's lunch menu matches by the business name; it is the only FIXED discount.
    expect(titles(await search({ q: 'pizza', discountType: 'fixed' }))).toEqual(['Lunch menu']);
    expect(titles(await search({ categoryId: food, minDiscount: 16 }))).toEqual(['Pizza Margherita for two']);
    const near = await search({ q: 'pizza', latitude: 35.8989, longitude: 14.5146, maxDistanceKm: 10 });
    // Within 10 km of Valletta: the Sliema pizzeria's offers (the title match ranks first), not Gozo's.
    expect(titles(near)).toEqual(['Pizza Margherita for two', 'Lunch menu']);
    expect(near.json().data[0].distance).toBeGreaterThan(1.8);
    // With the shop's position, for its marker on the map view.
    expect(near.json().data[0].vendor).toMatchObject({ businessName: 'Napoli Pizzeria', latitude: 35.9122, longitude: 14.5019 });
    const nearest = await search({ latitude: 35.8989, longitude: 14.5146, sort: 'nearest' });
    expect(titles(nearest)[0]).toBe('Second paperback free');
    expect(titles(nearest).at(-1)).toBe('Gozitan pizza night');
    // Newest first even with text: the lunch menu (a match by business name only) ranks last by relevance.
    expect(titles(await search({ q: 'pizza' }))).toEqual(['Gozitan pizza night', 'Pizza Margherita for two', 'Lunch menu']);
    expect(titles(await search({ q: 'pizza', sort: 'newest' }))).toEqual(['Gozitan pizza night', 'Lunch menu', 'Pizza Margherita for two']);
  });

  it('treats SQL-looking text as text', async () => {
    const before = await testDb.database.db.select({ total: count() }).from(offers);
    const response = await search({ q: "'; DROP TABLE offers; --" });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual([]);
    expect(await testDb.database.db.select({ total: count() }).from(offers)).toEqual(before);
  });

  it.each([
    ['text over 100 characters', { q: 'x'.repeat(101) }, MESSAGES.searchTooLong],
    ['an unknown sort', { sort: 'cheapest' }, MESSAGES.sortInvalid],
    ['nearest without a position', { sort: 'nearest' }, MESSAGES.locationNeeded],
    ['a distance filter without a position', { maxDistanceKm: 5 }, MESSAGES.locationNeeded],
    ['a forged cursor', { cursor: 'bm90LWEtY3Vyc29y' }, MESSAGES.cursorInvalid],
    ['latitude 91', { latitude: 91, longitude: 14.5 }, MESSAGES.coordinatesInvalid],
  ])('refuses %s with 400', async (_case, query, message) => {
    const response = await search(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('pages with a cursor and answers 401 without a session', async () => {
    for (let index = 0; index < 22; index += 1) {
      await shop(`Paging shop ${index}`, 35.9, 14.5, [{ title: `Paging offer ${index}`, description: 'Paging', categoryId: retail }]);
    }
    const first = await search({ q: 'paging' });
    expect(first.json().data).toHaveLength(20);
    const second = await search({ q: 'paging', cursor: first.json().nextCursor });
    expect(second.json().data).toHaveLength(2);
    expect(second.json().nextCursor).toBeNull();
    const all = [...titles(first), ...titles(second)];
    expect(new Set(all).size).toBe(22);
    expect((await app.inject({ method: 'GET', url: '/api/v1/offers/search?q=pizza' })).statusCode).toBe(401);
  });
});

/**
 * The nearby answers are JSON the database writes (domains/nearby/repository/queries.ts) and the route sends as it is,
 * past the serializer. These tests prove the bytes are the ones the serializer would write for the same
 * values (key order, escaping, numbers, dates, nulls), and that the values are the rows' own, for awkward
 * texts and numbers, on both screens and whether the page came from the database or the cache.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, haversineKm, maltaTimeOfDay, maltaToday, nearbyResponseSchema, type DiscountType } from '@qrib/shared';
import { offerPrice } from '@qrib/shared/offer-price';
import { z } from 'zod';
import type { App } from '../../src/app.ts';
import { categories, offerImages, offers, vendors } from '../../src/db/schema.ts';
import { presentOfferSummary } from '../../src/db/offer-summary.ts';
import { publicUrl } from '../../src/storage/public-url.ts';
import { selectRows } from '../../src/db/client.ts';
import { OFFER_PRICE } from '../../src/domains/nearby/repository/queries.ts';
import { openStateOf } from '../../src/kernel/opening-hours.ts';
import { intervalRows, readHours, replaceScheduleIntervals } from '../../src/domains/businesses/index.ts';
import { insertShop } from '../factories.ts';
import { createTestApp, createTestDatabase, signUp, type TestDatabase } from '../helpers.ts';

const HERE = { latitude: 35.9375, longitude: 14.3754 }; // Mellieħa
const NAMES = [
  'Il-Ħanut ta\' "Ġużè"',
  'Back\\slash / and \u2028 line separator',
  'Emoji 🍕 and ẞ, مرحبا',
  'Tab\tand newline\nin a name',
  'Plain',
];
const VALUES = ['10', '12.5', '0.01', '99999999.99', '33.33'];
/** Issue 27: prices before whose price after rounds at awkward places (x.xx5 cents), none, the smallest and the largest. */
const PRICES = [null, '4.35', '0.01', '1005.55', '99999.99', '12.34', '7.77', '19.99', '0.15', '2.5'];

/**
 * Issue 28 §2: hours of each shop: none, open around the clock, closed on every day, open from two hours ago to three
 * hours ahead (Malta's clock, a span past midnight when it falls so), and opening in two hours. The cards' openNow and
 * nextChange, read from vendor_open_intervals in SQL, must be what the opening_hours library says at the same moment.
 */
const clock = (hoursAhead: number) => maltaTimeOfDay(Date.now() + hoursAhead * 3_600_000);
const HOURS = [null, '24/7', 'off', `Mo-Su ${clock(-2)}-${clock(3)}`, `Mo-Su ${clock(2)}-${clock(4)}`];
const SCHEDULES = [null, `Mo-Su ${clock(-1)}-${clock(2)}`, `Mo-Su ${clock(3)}-${clock(5)} "after \\work"`];

let testDb: TestDatabase;
let cachedApp: App;
let cookies: Record<string, string>;
let categoryId = 0;

afterAll(async () => {
  await cachedApp.close();
  await testDb.drop();
});

beforeAll(async () => {
  testDb = await createTestDatabase();
  cachedApp = await createTestApp(testDb.database, { nearbyCacheEntries: 100 });
  const db = testDb.database.db;
  const [category] = await db.select().from(categories).orderBy(asc(categories.categoryId)).limit(1);
  categoryId = category?.categoryId ?? 0;
  cookies = (await signUp(cachedApp)).cookies;
  const today = maltaToday();
  for (const [index, name] of NAMES.entries()) {
    const { vendorId } = await insertShop(db, {
      businessName: name,
      businessAddress: `${name} street, Mellieħa`,
      locationLatitude: HERE.latitude + index * 0.0007,
      locationLongitude: HERE.longitude - index * 0.0009,
      logoKey: index % 2 === 0 ? `public/logos/${String(index).padStart(64, 'a')}-logo.webp` : null,
      openingHours: HOURS[index] ?? null,
    });
    for (const [n, value] of VALUES.entries()) {
      const [offer] = await db
        .insert(offers)
        .values({
          vendorId,
          categoryId,
          title: `${name} — offer ${n} "${value}"`,
          description: n % 2 === 0 ? 'Line one\nline two\\' : 'Ħobż biż-żejt',
          discountType: n === 4 ? 'BUYXGETY' : n % 3 === 0 ? 'FIXED' : 'PERCENTAGE',
          discountValue: value,
          regularPrice: PRICES[(index * VALUES.length + n) % PRICES.length] ?? null,
          buyQuantity: n === 4 && index % 2 === 0 ? index + 2 : null,
          getQuantity: n === 4 && index % 2 === 0 ? 1 : null,
          startDate: addDays(today, -n),
          endDate: addDays(today, n),
          termsAndConditions: n % 2 === 1 ? null : 'Terms: "one" per person',
          featuredOffer: n === 3,
          // Issue 28 §3: happy hours on now, later (with a quoted comment, as OSM allows), and none.
          schedule: SCHEDULES[(index + n) % SCHEDULES.length] ?? null,
          status: 'ACTIVE',
          locationLatitude: HERE.latitude + index * 0.0007,
          locationLongitude: HERE.longitude - index * 0.0009,
        })
        .returning();
      if (offer?.schedule) await replaceScheduleIntervals(db, offer.offerId, intervalRows(readHours(offer.schedule), Date.now()));
      if (n % 2 === 0) {
        await db.insert(offerImages).values({
          offerId: offer?.offerId ?? 0,
          position: 0,
          cardKey: `public/offers/${String(offer?.offerId ?? 0).padStart(64, 'b')}-card.webp`,
          detailKey: `public/offers/${String(offer?.offerId ?? 0).padStart(64, 'b')}-detail.webp`,
          width: 10,
          height: 10,
        });
      }
    }
  }
});

const round = (km: number) => Math.round(km * 1000) / 1000;

/** The answers the route's serializer would give, built from the rows with the JavaScript presenters. */
async function expectedPages() {
  const db = testDb.database.db;
  const rows = await db.select().from(offers).innerJoin(vendors, eq(vendors.id, offers.vendorId)).orderBy(desc(offers.featuredOffer), asc(offers.endDate), asc(offers.offerId));
  const images = new Map((await db.select().from(offerImages)).map((image) => [image.offerId, publicUrl(image.cardKey)]));
  const [category] = await db.select().from(categories).where(eq(categories.categoryId, categoryId));
  const distance = (vendor: typeof vendors.$inferSelect) => round(haversineKm(HERE.latitude, HERE.longitude, vendor.locationLatitude, vendor.locationLongitude));
  const businesses = new Map<
    number,
    {
      vendorId: number;
      businessName: string;
      logoUrl: string | null;
      distance: number;
      businessAddress: string;
      latitude: number;
      longitude: number;
      offers: unknown[];
      openNow: boolean | null;
      nextChange: string | null;
    }
  >();
  for (const { offers: offer, vendors: vendor } of rows) {
    const business = businesses.get(vendor.id) ?? {
      vendorId: vendor.id,
      businessName: vendor.businessName,
      logoUrl: vendor.logoKey ? publicUrl(vendor.logoKey) : null,
      distance: distance(vendor),
      businessAddress: vendor.businessAddress,
      latitude: vendor.locationLatitude,
      longitude: vendor.locationLongitude,
      offers: [],
      ...openStateOf(vendor.openingHours),
    };
    business.offers.push(presentOfferSummary(offer, images.get(offer.offerId) ?? null));
    businesses.set(vendor.id, business);
  }
  const home = [...businesses.values()].sort((a, b) => a.distance - b.distance);
  const categoryOffers = rows
    .map(({ offers: offer, vendors: vendor }) => ({
      ...presentOfferSummary(offer, images.get(offer.offerId) ?? null),
      distance: distance(vendor),
      category: category ?? null,
      vendor: {
        vendorId: vendor.id,
        businessName: vendor.businessName,
        businessAddress: vendor.businessAddress,
        logoUrl: vendor.logoKey ? publicUrl(vendor.logoKey) : null,
        ...openStateOf(vendor.openingHours),
      },
    }))
    .sort((a, b) => a.distance - b.distance || a.offerId - b.offerId);
  return { home, categoryOffers };
}

/** What Fastify's serializer writes for a value of the nearby answer. */
const serialize = (value: unknown) => JSON.stringify(z.encode(nearbyResponseSchema, nearbyResponseSchema.parse(value)));

describe('nearby answers as JSON', () => {
  it('are byte for byte what the serializer writes, with the rows\' own values, on both screens and from the cache', async () => {
    const expected = await expectedPages();
    expect(expected.home).toHaveLength(NAMES.length);
    // The hours say what they should (the library's reading, checked here against the clock by hand).
    const byName = new Map(expected.home.map((business) => [business.businessName, business]));
    const states = NAMES.map((name) => byName.get(name));
    expect(states.map((state) => state?.openNow)).toEqual([null, true, false, true, false]);
    expect(states.map((state) => state?.nextChange === null)).toEqual([true, true, true, false, false]);
    const minutesAhead = (iso: string | null | undefined) => Math.round((Date.parse(iso ?? '') - Date.now()) / 60_000 / 60);
    expect(minutesAhead(states[3]?.nextChange)).toBe(3);
    expect(minutesAhead(states[4]?.nextChange)).toBe(2);
    for (const query of [`radiusKm=1`, `radiusKm=1&categoryId=${categoryId}`]) {
      const bodies: string[] = [];
      // The first asking comes from the page query, the second from the nearest scan and the first's cards (the cell
      // is filled after it), the third is a hit.
      for (let ask = 0; ask < 3; ask += 1) {
        await cachedApp.nearbyCache.settled();
        const response = await cachedApp.inject({ method: 'GET', url: `/api/v1/offers/nearby-offers?latitude=${HERE.latitude}&longitude=${HERE.longitude}&${query}`, cookies });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        bodies.push(response.body);
      }
      expect(bodies[1]).toBe(bodies[0]);
      expect(bodies[2]).toBe(bodies[0]);
      const body = bodies[0] ?? '';
      expect(body).toBe(serialize(JSON.parse(body)));
      const data = query.includes('categoryId') ? expected.categoryOffers.slice(0, 20) : expected.home;
      const { nextCursor } = nearbyResponseSchema.parse(JSON.parse(body));
      expect(body).toBe(serialize({ data, nextCursor }));
    }
    const stats = cachedApp.nearbyCache.stats();
    expect(stats.direct).toBeGreaterThanOrEqual(2);
    expect(stats.hits).toBeGreaterThanOrEqual(2);
  });
});

describe('the price after in SQL (issue 27)', () => {
  it('is offerPrice() of packages/shared for every discount type, awkward cents, large values and none', async () => {
    // A fixed pseudo-random walk (no Math.random: a failure repeats), plus the edges.
    const cases: [DiscountType, string, string | null][] = [
      ['PERCENTAGE', '100', '4.35'],
      ['PERCENTAGE', '150', '4.35'],
      ['FIXED', '5', '4.00'],
      ['FIXED', '99999999.99', '99999.99'],
      ['BUYXGETY', '1', '3.00'],
      ['PERCENTAGE', '20', null],
    ];
    let seed = 27;
    const next = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % max;
    };
    for (let i = 0; i < 3000; i += 1) {
      const type = (['PERCENTAGE', 'FIXED', 'BUYXGETY'] as const)[i % 3] ?? 'PERCENTAGE';
      const value = type === 'PERCENTAGE' ? `${next(100)}.${String(next(100)).padStart(2, '0')}` : `${next(50)}.${String(next(100)).padStart(2, '0')}`;
      const price = `${next(i % 2 === 0 ? 100 : 100000)}.${String(next(100)).padStart(2, '0')}`;
      cases.push([type, value === '0.00' ? '0.01' : value, price === '0.00' ? '0.05' : price]);
    }
    const values = sql.join(
      cases.map(([type, value, price]) => sql`(${type}::text, ${value}::numeric(10,2), ${price}::numeric(10,2))`),
      sql`, `,
    );
    const rows = await selectRows<{ n: string; price: number | null }>(
      testDb.database.db,
      sql`SELECT (row_number() OVER ())::text AS n, ${OFFER_PRICE} AS price FROM (VALUES ${values}) AS o (discount_type, discount_value, regular_price)`,
    );
    const fromSql = rows.map((row) => (row.price === null ? null : Number(row.price)));
    const fromJs = cases.map(([type, value, price]) => offerPrice(type, Number(value), price === null ? null : Number(price)));
    expect(fromSql).toEqual(fromJs);
  });
});

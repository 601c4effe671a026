/**
 * Issue 28 §2: a shop sets its hours (PATCH /vendors/me openingHours, OSM syntax); hours that do not read are refused
 * with the problem named and nothing written; the shop page, the offer page, the nearby cards and search answer
 * openNow and nextChange; `openNow=true` keeps only shops open now (never a shop without hours); the nearby cache
 * never serves a card past the moment its shop opens or closes; the daily pass renews the intervals before their
 * fortnight runs out.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  MESSAGES,
  formatMessage,
  maltaTimeOfDay,
  maltaToday,
  nearbyResponseSchema,
  offerResponseSchema,
  searchResponseSchema,
  shopResponseSchema,
  vendorResponseSchema,
  type NearbyBusiness,
} from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { vendorChanges, vendorOpenIntervals, vendors } from '../../src/db/schema.ts';
import { buildShop, createOffer } from '../factories.ts';
import { bodyOf, createTestApp, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
useTestApp({ uploadsPrefix: 'qrib-hours-' }, (made) => ({ testDb, app } = made));

const HOUR = 3_600_000;
/** Malta's clock `hours` from now ('HH:MM'). */
const clock = (hours: number) => maltaTimeOfDay(Date.now() + hours * HOUR);

let shops = 0;
/** An ACTIVE shop with one current offer, at its own spot around `near`. */
async function shop(near: { latitude: number; longitude: number }, name = 'Hours shop') {
  shops += 1;
  const owner = await buildShop(app, {
    business: { businessName: `${name} ${process.pid}-${shops}`, locationLatitude: near.latitude + shops * 0.0001, locationLongitude: near.longitude },
  });
  const offerId = await createOffer(app, owner, { title: `Hours offer ${shops}` });
  return { ...owner, offerId };
}

function patch(cookies: Record<string, string>, payload: Record<string, unknown>) {
  return app.inject({ method: 'PATCH', url: '/api/v1/vendors/me', cookies, payload });
}

/** A shopper's cookies (the shop page, nearby and search are for signed-in people). */
let shopperCookies: Record<string, string> | undefined;
async function asShopper() {
  shopperCookies ??= (await signUp(app)).cookies;
  return shopperCookies;
}

async function get(url: string) {
  return app.inject({ method: 'GET', url, cookies: await asShopper() });
}

async function nearby(near: { latitude: number; longitude: number }, query = ''): Promise<NearbyBusiness[]> {
  const response = await get(`/api/v1/offers/nearby-offers?latitude=${near.latitude}&longitude=${near.longitude}&radiusKm=1${query}`);
  const data = bodyOf(response, nearbyResponseSchema).data as NearbyBusiness[];
  return data;
}

describe('opening hours', () => {
  it('are set, shown, cleared and kept in the history; the shop page and the offer say open or closed', async () => {
    const near = { latitude: 35.95, longitude: 14.41 };
    const owner = await shop(near);
    const hours = `Mo-Su ${clock(-2)}-${clock(3)}`;
    const set = await patch(owner.cookies, { openingHours: `  ${hours}  ` });
    expect(set.statusCode, set.body).toBe(200);
    expect(bodyOf(set, vendorResponseSchema).data.openingHours).toBe(hours);
    expect(bodyOf(await app.inject({ method: 'GET', url: '/api/v1/vendors/me', cookies: owner.cookies }), vendorResponseSchema).data.openingHours).toBe(hours);

    const page = bodyOf(await get(`/api/v1/vendors/${owner.vendorId}`), shopResponseSchema).data;
    expect(page.openingHours).toBe(hours);
    expect(page.openNow).toBe(true);
    expect(Math.round((Date.parse(page.nextChange ?? '') - Date.now()) / HOUR)).toBe(3);
    const offer = bodyOf(await get(`/api/v1/offers/${owner.offerId}`), offerResponseSchema).data;
    expect(offer.vendor).toMatchObject({ openingHours: hours, openNow: true, nextChange: page.nextChange });

    // Closed now, opening in two hours.
    await patch(owner.cookies, { openingHours: `Mo-Su ${clock(2)}-${clock(4)}` });
    const closed = bodyOf(await get(`/api/v1/vendors/${owner.vendorId}`), shopResponseSchema).data;
    expect(closed.openNow).toBe(false);
    expect(Math.round((Date.parse(closed.nextChange ?? '') - Date.now()) / HOUR)).toBe(2);

    // '' clears: hours not given (null), never closed; the intervals go with them.
    const cleared = await patch(owner.cookies, { openingHours: '' });
    expect(bodyOf(cleared, vendorResponseSchema).data.openingHours).toBeNull();
    const unknown = bodyOf(await get(`/api/v1/vendors/${owner.vendorId}`), shopResponseSchema).data;
    expect([unknown.openNow, unknown.nextChange]).toEqual([null, null]);
    expect(await testDb.database.db.select().from(vendorOpenIntervals).where(eq(vendorOpenIntervals.vendorId, owner.vendorId))).toEqual([]);

    const history = await testDb.database.db.select().from(vendorChanges).where(eq(vendorChanges.vendorId, owner.vendorId));
    expect(history.filter((change) => change.field === 'openingHours').map((change) => change.after)).toEqual([hours, `Mo-Su ${clock(2)}-${clock(4)}`, null]);
  });

  it('that do not read are refused with the problem named, and nothing is written', async () => {
    const owner = await shop({ latitude: 35.96, longitude: 14.42 });
    await patch(owner.cookies, { openingHours: 'Mo-Fr 08:00-19:00' });
    const [before] = await testDb.database.db.select().from(vendors).where(eq(vendors.id, owner.vendorId));
    for (const text of ['Mo-Fr 25:00-19:00', 'Mo-Xx 08:00-19:00', 'whenever we feel like it']) {
      const refused = await patch(owner.cookies, { openingHours: text, contactPhone: '+356 2999 9999' });
      expect(refused.statusCode, text).toBe(400);
      const body = refused.json() as { code: string; message: string; params: { problem: string }; fieldErrors: Record<string, string> };
      expect(body.code).toBe('openingHoursInvalid');
      expect(body.params.problem.length).toBeGreaterThan(5);
      expect(body.message).toBe(formatMessage(MESSAGES.openingHoursInvalid, { problem: body.params.problem }));
      expect(body.fieldErrors.openingHours).toBe(body.message);
    }
    for (const payload of [{ openingHours: 42 }, { openingHours: 'Mo-Fr 08:00-19:00\nSa 09:00-12:00' }, { openingHours: `Mo-Fr 08:00-19:00; ${'Sa 09:00-12:00; '.repeat(20)}` }]) {
      const refused = await patch(owner.cookies, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect((refused.json() as { fieldErrors: Record<string, string> }).fieldErrors.openingHours).toBe(MESSAGES.openingHoursTooLong);
    }
    const [row] = await testDb.database.db.select().from(vendors).where(eq(vendors.id, owner.vendorId));
    expect([row?.openingHours, row?.contactPhone]).toEqual(['Mo-Fr 08:00-19:00', before?.contactPhone]);
  });

  it('filter nearby and search with openNow=true, and every card says open, closed or not given', async () => {
    const near = { latitude: 35.97, longitude: 14.43 };
    const open = await shop(near, 'Open café');
    const shut = await shop(near, 'Shut café');
    const silent = await shop(near, 'Silent café');
    await patch(open.cookies, { openingHours: `Mo-Su ${clock(-1)}-${clock(2)}` });
    await patch(shut.cookies, { openingHours: `Mo-Su ${clock(3)}-${clock(5)}` });
    const all = await nearby(near);
    const byId = new Map(all.map((card) => [card.vendorId, card]));
    expect(byId.get(open.vendorId)).toMatchObject({ openNow: true });
    expect(byId.get(shut.vendorId)).toMatchObject({ openNow: false });
    expect(byId.get(silent.vendorId)).toMatchObject({ openNow: null, nextChange: null });
    const openOnly = await nearby(near, '&openNow=true');
    expect(openOnly.map((card) => card.vendorId)).toEqual([open.vendorId]);
    // The filtered scan stops at the radius (a box the index answers): a shop open 2.2 km away is outside 1 km, inside 5.
    const far = await shop({ latitude: near.latitude + 0.02, longitude: near.longitude }, 'Far café');
    await patch(far.cookies, { openingHours: '24/7' });
    expect((await nearby(near, '&openNow=true')).map((card) => card.vendorId)).toEqual([open.vendorId]);
    const wide = await get(`/api/v1/offers/nearby-offers?latitude=${near.latitude}&longitude=${near.longitude}&radiusKm=5&openNow=true`);
    expect((bodyOf(wide, nearbyResponseSchema).data as NearbyBusiness[]).map((card) => card.vendorId)).toEqual([open.vendorId, far.vendorId]);
    // The category screen: the offer's shop says the same.
    const [first] = await nearby(near, '&openNow=true');
    expect(first?.offers.length).toBeGreaterThan(0);

    const search = async (query: string) =>
      bodyOf(await get(`/api/v1/offers/search?q=caf%C3%A9&latitude=${near.latitude}&longitude=${near.longitude}&maxDistanceKm=1${query}`), searchResponseSchema).data;
    const everyone = await search('');
    expect(new Set(everyone.map((result) => result.vendor.vendorId))).toEqual(new Set([open.vendorId, shut.vendorId, silent.vendorId]));
    expect(everyone.find((result) => result.vendor.vendorId === shut.vendorId)?.vendor.openNow).toBe(false);
    expect((await search('&openNow=true')).map((result) => result.vendor.vendorId)).toEqual([open.vendorId]);
    // Anything but true or 1 is no filter.
    expect(await search('&openNow=false')).toHaveLength(3);
  });

  it('never let the nearby cache serve a card past the moment its shop opens or closes', async () => {
    const near = { latitude: 35.98, longitude: 14.44 };
    const owner = await shop(near, 'Closing soon');
    await patch(owner.cookies, { openingHours: `Mo-Su ${clock(-1)}-${clock(1)}` });
    const cached = await createTestApp(testDb.database, { nearbyCacheEntries: 100 });
    onTestFinished(() => cached.close());
    const ask = async (now: Date) => {
      await cached.nearbyCache.settled();
      const page = await cached.nearbyCache.findPage({ ...near, radiusKm: 1, cursor: undefined, pageSize: 20, today: maltaToday(now), now });
      return (JSON.parse(page.toString()) as { data: NearbyBusiness[] }).data.find((card) => card.vendorId === owner.vendorId);
    };
    const now = new Date();
    // Asked three times, the cell is filled and the card is held.
    for (let time = 0; time < 3; time += 1) expect((await ask(now))?.openNow).toBe(true);
    expect(cached.nearbyCache.stats().hits).toBeGreaterThan(0);
    // Within the cache's lifetime but past the closing: closed, from the database.
    const later = new Date(Date.parse((await ask(now))?.nextChange ?? '') + 1000);
    expect((await ask(later))?.openNow).toBe(false);
  });

  it('are renewed before their fortnight runs out, by a pass that only renews what is due', async () => {
    const owner = await shop({ latitude: 35.99, longitude: 14.45 });
    await patch(owner.cookies, { openingHours: 'Mo-Su 08:00-19:00' });
    const horizonOf = async () => {
      const rows = await testDb.database.db.select().from(vendorOpenIntervals).where(eq(vendorOpenIntervals.vendorId, owner.vendorId));
      return Math.max(...rows.map((row) => row.horizon.getTime()));
    };
    const first = await horizonOf();
    // Now: nothing of this shop is due (others' may be).
    await app.refreshOpenIntervals(Date.now());
    expect(await horizonOf()).toBe(first);
    // Two days on, its horizon is within the renewal window: renewed to a fortnight from then.
    const later = Date.now() + 2 * 24 * HOUR;
    expect(await app.refreshOpenIntervals(later)).toBeGreaterThanOrEqual(1);
    expect(await horizonOf()).toBe(later + 14 * 24 * HOUR);
  });
});

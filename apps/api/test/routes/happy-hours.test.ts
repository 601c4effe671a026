/**
 * Issue 28 §3: an offer may have a happy-hour `schedule` (OSM syntax). It is checked when the offer is written (400
 * scheduleInvalid, 400 scheduleNeverMet for one that never falls between the offer's dates, nothing written); every
 * answer says whether it holds now and its window; `activeNow=true` keeps only offers that hold now on the nearby
 * screens and search; a code is claimed at any time but redeemed only inside a window (409 offerOutsideSchedule with
 * the next window), read on an injected clock; the nearby cache never serves a card past a window's start or end.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  MESSAGES,
  addDays,
  claimResponseSchema,
  formatMessage,
  maltaMidnight,
  maltaTimeOfDay,
  maltaToday,
  nearbyResponseSchema,
  offerResponseSchema,
  searchResponseSchema,
  type NearbyBusiness,
  type NearbyCategoryOffer,
} from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { offerScheduleIntervals, offers } from '../../src/db/schema.ts';
import { checkSchedule } from '../../src/domains/offers/offer-checks.ts';
import { buildOffer, buildShop, createOffer } from '../factories.ts';
import { multipartBody } from '../fixtures.ts';
import { bodyOf, createTestApp, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
useTestApp({}, (made) => ({ testDb, app } = made));

afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3_600_000;
/** Malta's clock `hours` from now ('HH:MM'). */
const clock = (hours: number) => maltaTimeOfDay(Date.now() + hours * HOUR);

let shopper: { cookies: Record<string, string>; userId: number } | undefined;
async function asShopper() {
  shopper ??= await signUp(app);
  return shopper;
}
const get = async (url: string) => app.inject({ method: 'GET', url, cookies: (await asShopper()).cookies });

let shops = 0;
async function shop(near: { latitude: number; longitude: number }) {
  shops += 1;
  return buildShop(app, { business: { businessName: `Happy shop ${process.pid}-${shops}`, locationLatitude: near.latitude + shops * 0.0001, locationLongitude: near.longitude } });
}

const offerRows = async () => (await testDb.database.db.select({ id: offers.offerId }).from(offers)).length;

describe('happy-hour schedules', () => {
  it('are written with the offer, answered with it, changed and removed by an edit', async () => {
    const owner = await shop({ latitude: 35.91, longitude: 14.41 });
    const offerId = await createOffer(app, owner, { title: 'Happy pints', schedule: 'Mo-Th 17:00-19:00' });
    const offer = bodyOf(await get(`/api/v1/offers/${offerId}`), offerResponseSchema).data;
    expect(offer.schedule).toBe('Mo-Th 17:00-19:00');
    expect(typeof offer.activeNow).toBe('boolean');
    // The window answered is open now or the next one: a Monday to Thursday, 17:00 to 19:00 in Malta.
    expect([maltaTimeOfDay(offer.windowOpensAt ?? ''), maltaTimeOfDay(offer.windowClosesAt ?? '')]).toEqual(['17:00', '19:00']);
    const windows = await testDb.database.db.select().from(offerScheduleIntervals).where(eq(offerScheduleIntervals.offerId, offerId));
    expect(windows.length).toBeGreaterThanOrEqual(7);

    const url = `/api/v1/offers/${offerId}`;
    const edited = await app.inject({ method: 'PATCH', url, cookies: owner.cookies, payload: buildOffer({ title: 'Happy pints', schedule: 'Fr 18:00-20:00' }) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(bodyOf(edited, offerResponseSchema).data.schedule).toBe('Fr 18:00-20:00');
    const removed = bodyOf(await app.inject({ method: 'PATCH', url, cookies: owner.cookies, payload: buildOffer({ title: 'Happy pints', schedule: '' }) }), offerResponseSchema).data;
    expect([removed.schedule, removed.activeNow, removed.windowOpensAt]).toEqual([null, null, null]);
    expect(await testDb.database.db.select().from(offerScheduleIntervals).where(eq(offerScheduleIntervals.offerId, offerId))).toEqual([]);
  });

  it('that do not read, or never fall between the dates, are refused and nothing is written', async () => {
    const owner = await shop({ latitude: 35.92, longitude: 14.42 });
    const before = await offerRows();
    const post = (fields: Record<string, string>) => app.inject({ method: 'POST', url: '/api/v1/offers/', ...multipartBody(buildOffer(fields), []), cookies: owner.cookies });
    const unreadable = await post({ schedule: 'Mo-Th 17:00-25:61' });
    expect(unreadable.statusCode).toBe(400);
    const body = unreadable.json() as { code: string; params: { problem: string }; fieldErrors: Record<string, string> };
    expect(body.code).toBe('scheduleInvalid');
    expect(body.fieldErrors.schedule).toBe(formatMessage(MESSAGES.scheduleInvalid, { problem: body.params.problem }));
    // One day only, a Friday, and a schedule of Mondays to Thursdays: it never holds.
    let friday = maltaToday();
    while (maltaMidnight(friday).getUTCDay() !== 4) friday = addDays(friday, 1);
    const never = await post({ schedule: 'Mo-Th 17:00-19:00', startDate: friday, endDate: friday });
    expect(never.statusCode).toBe(400);
    expect(never.json()).toMatchObject({ code: 'scheduleNeverMet', fieldErrors: { schedule: MESSAGES.scheduleNeverMet } });
    const tooLong = await post({ schedule: `Mo 17:00-19:00${'; Tu 17:00-19:00'.repeat(20)}` });
    expect((tooLong.json() as { fieldErrors: Record<string, string> }).fieldErrors.schedule).toBe(MESSAGES.scheduleTooLong);
    expect(await offerRows()).toBe(before);
    // Windows already past do not count: on its last day, after its last window, an offer's schedule never holds again.
    const lastDay = { schedule: 'Mo-Su 17:00-19:00', startDate: '2026-12-01', endDate: '2026-12-09' };
    expect(checkSchedule(lastDay, Date.parse('2026-12-09T15:00:00Z'))?.length).toBeGreaterThan(0);
    expect(() => checkSchedule(lastDay, Date.parse('2026-12-09T19:30:00Z'))).toThrow(expect.objectContaining({ code: 'scheduleNeverMet' }));
  });

  it('say on now or when the next window starts, and activeNow=true keeps only offers that hold now', async () => {
    const near = { latitude: 35.93, longitude: 14.43 };
    const owner = await shop(near);
    const onNow = await createOffer(app, owner, { title: 'Cafe happy now', schedule: `Mo-Su ${clock(-1)}-${clock(2)}` });
    const later = await createOffer(app, owner, { title: 'Cafe happy later', schedule: `Mo-Su ${clock(3)}-${clock(5)}` });
    const allDay = await createOffer(app, owner, { title: 'Cafe all day' });
    const laterOnly = await shop(near);
    await createOffer(app, laterOnly, { title: 'Cafe only later', schedule: `Mo-Su ${clock(3)}-${clock(5)}` });

    const home = async (query = '') =>
      bodyOf(await get(`/api/v1/offers/nearby-offers?latitude=${near.latitude}&longitude=${near.longitude}&radiusKm=1${query}`), nearbyResponseSchema).data as NearbyBusiness[];
    const card = (await home()).find((business) => business.vendorId === owner.vendorId);
    const byId = new Map(card?.offers.map((offer) => [offer.offerId, offer]));
    expect(byId.get(onNow)).toMatchObject({ activeNow: true });
    expect(maltaTimeOfDay(byId.get(onNow)?.windowClosesAt ?? '')).toBe(clock(2));
    expect(byId.get(later)).toMatchObject({ activeNow: false });
    expect(maltaTimeOfDay(byId.get(later)?.windowOpensAt ?? '')).toBe(clock(3));
    expect(byId.get(allDay)).toMatchObject({ schedule: null, activeNow: null });

    const filtered = await home('&activeNow=true');
    expect(filtered.map((business) => business.vendorId)).toEqual([owner.vendorId]);
    expect(new Set(filtered[0]?.offers.map((offer) => offer.offerId))).toEqual(new Set([onNow, allDay]));
    // The same card without the filter is whole again (the filtered one was not kept for others).
    expect((await home()).find((business) => business.vendorId === owner.vendorId)?.offers).toHaveLength(3);

    const category = bodyOf(await get(`/api/v1/offers/nearby-offers?latitude=${near.latitude}&longitude=${near.longitude}&radiusKm=1&categoryId=1&activeNow=true`), nearbyResponseSchema)
      .data as NearbyCategoryOffer[];
    expect(new Set(category.map((offer) => offer.offerId))).toEqual(new Set([onNow, allDay]));
    const search = bodyOf(await get(`/api/v1/offers/search?q=cafe&latitude=${near.latitude}&longitude=${near.longitude}&maxDistanceKm=1&activeNow=true`), searchResponseSchema).data;
    expect(new Set(search.map((offer) => offer.offerId))).toEqual(new Set([onNow, allDay]));
    expect(search.find((offer) => offer.offerId === onNow)).toMatchObject({ activeNow: true, schedule: `Mo-Su ${clock(-1)}-${clock(2)}` });
  });

  it('let a code be claimed at any time but redeemed only inside a window, on the till clock', async () => {
    const owner = await shop({ latitude: 35.94, longitude: 14.44 });
    const offerId = await createOffer(app, owner, { title: 'Evening happy hour', schedule: 'Mo-Su 17:00-19:00' });
    const buyer = await signUp(app);
    const claimed = await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/claims`, cookies: buyer.cookies });
    expect(claimed.statusCode, claimed.body).toBe(201);
    const { code } = bodyOf(claimed, claimResponseSchema).data;
    const redeem = () => app.inject({ method: 'POST', url: '/api/v1/vendors/me/redemptions', cookies: owner.cookies, payload: { code } });
    // Tomorrow in Malta, at noon and then at half past five.
    const tomorrow = maltaMidnight(addDays(maltaToday(), 1)).getTime();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(tomorrow + 12 * HOUR);
    const refused = await redeem();
    expect(refused.statusCode).toBe(409);
    const today = maltaToday();
    const next = `${today.slice(8, 10)}/${today.slice(5, 7)} 17:00`;
    expect(refused.json()).toMatchObject({ code: 'offerOutsideSchedule', message: formatMessage(MESSAGES.offerOutsideSchedule, { schedule: 'Mo-Su 17:00-19:00', next }) });
    vi.setSystemTime(tomorrow + 17.5 * HOUR);
    const accepted = await redeem();
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('never let the nearby cache serve a card past a window starting or ending', async () => {
    const near = { latitude: 35.95, longitude: 14.45 };
    const owner = await shop(near);
    await createOffer(app, owner, { title: 'Soon over', schedule: `Mo-Su ${clock(-1)}-${clock(1)}` });
    const cached = await createTestApp(testDb.database, { nearbyCacheEntries: 100 });
    onTestFinished(() => cached.close());
    const ask = async (now: Date) => {
      await cached.nearbyCache.settled();
      const page = await cached.nearbyCache.findPage({ ...near, radiusKm: 1, cursor: undefined, pageSize: 20, today: maltaToday(now), now });
      return (JSON.parse(page.toString()) as { data: NearbyBusiness[] }).data.find((business) => business.vendorId === owner.vendorId)?.offers[0];
    };
    const now = new Date();
    for (let time = 0; time < 3; time += 1) expect((await ask(now))?.activeNow).toBe(true);
    expect(cached.nearbyCache.stats().hits).toBeGreaterThan(0);
    const end = Date.parse((await ask(now))?.windowClosesAt ?? '');
    expect((await ask(new Date(end + 1000)))?.activeNow).toBe(false);
  });
});

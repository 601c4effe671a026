import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, SHOP_ENTRY_DETECTIONS_PER_MINUTE, formatMessage, shopVisitResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { offerEvents, shopVisits, vendors } from '../../src/db/schema.ts';
import { buildShop, createOffer } from '../factories.ts';
import { bodyOf, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({}, (made) => ({ testDb, app } = made));

/** Metres northwards as degrees of latitude on the spec's 6371 km sphere. */
const METRES_PER_DEGREE = (Math.PI * 6_371_000) / 180;
const north = (latitude: number, metres: number) => latitude + metres / METRES_PER_DEGREE;

type Account = Awaited<ReturnType<typeof signUp>>;

let nextSpot = 0;
/** A shop with one offer, each test's shop in its own spot (about 1 km apart) so tests never see each other's. */
async function shopWithOffer(title = 'Visit offer') {
  nextSpot += 1;
  const latitude = 35.85 + nextSpot * 0.01;
  const longitude = 14.45;
  const owner = await buildShop(app, {
    business: { businessName: `Visited Shop ${nextSpot}`, businessAddress: 'Triq il-Kbira, Mosta', locationLatitude: latitude, locationLongitude: longitude },
  });
  return { owner, vendorId: owner.vendorId, offerId: await createOffer(app, owner, { title }), latitude, longitude };
}

async function optIn(account: Account, on = true) {
  const response = await app.inject({
    method: 'PATCH',
    url: '/api/v1/me',
    cookies: account.cookies,
    payload: { preferences: { shopEntryDetection: on } },
  });
  expect(response.statusCode).toBe(200);
}

async function recordEvent(account: Account, offerId: number, kind: 'VIEW' | 'SAVE' | 'IMPRESSION') {
  const response = await app.inject({ method: 'POST', url: '/api/v1/events', cookies: account.cookies, payload: { events: [{ offerId, kind }] } });
  expect(response.json()).toEqual({ accepted: 1 });
  // The answer says how many were sent, not kept: look for the event itself.
  const stored = await testDb.database.db
    .select({ id: offerEvents.id })
    .from(offerEvents)
    .where(sql`${offerEvents.offerId} = ${offerId} AND ${offerEvents.userId} = ${account.userId} AND ${offerEvents.kind} = ${kind}`);
  expect(stored.length).toBeGreaterThan(0);
}

/** A shopper who opted in and viewed the shop's offer. */
async function interestedShopper(offerId: number) {
  const shopper = await signUp(app);
  await optIn(shopper);
  await recordEvent(shopper, offerId, 'VIEW');
  return shopper;
}

function detect(account: Account | undefined, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/visits/detect', cookies: account?.cookies, payload });
}

function answer(account: Account | undefined, visitId: number | string, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: `/api/v1/visits/${visitId}`, cookies: account?.cookies, payload });
}

async function visitsOf(userId: number) {
  return testDb.database.db.select().from(shopVisits).where(eq(shopVisits.userId, userId));
}

describe('PATCH /me preferences', () => {
  it('keeps shop entry detection off until the user turns it on, and changes only what is sent', async () => {
    const user = await signUp(app);
    const me = async () => (await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: user.cookies })).json().user.preferences;
    expect(await me()).toEqual({ emailNotifications: true, darkMode: null, language: 'en', shopEntryDetection: false });

    const on = await app.inject({ method: 'PATCH', url: '/api/v1/me', cookies: user.cookies, payload: { preferences: { shopEntryDetection: true } } });
    expect(on.statusCode).toBe(200);
    expect(on.json().user.preferences).toEqual({ emailNotifications: true, darkMode: null, language: 'en', shopEntryDetection: true });
    expect(on.json().user.id).toBe(user.userId);
    expect(await me()).toMatchObject({ shopEntryDetection: true, emailNotifications: true });

    // An empty change changes nothing; turning it off sticks.
    expect((await app.inject({ method: 'PATCH', url: '/api/v1/me', cookies: user.cookies, payload: {} })).json().user.preferences.shopEntryDetection).toBe(true);
    await optIn(user, false);
    expect((await me()).shopEntryDetection).toBe(false);
  });

  it('refuses a preference that is not a boolean (400 naming the field) and no session (401)', async () => {
    const user = await signUp(app);
    const bad = await app.inject({ method: 'PATCH', url: '/api/v1/me', cookies: user.cookies, payload: { preferences: { shopEntryDetection: 'yes' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.shopEntryDetectionInvalid);
    expect(bad.json().fieldErrors).toEqual({ preferences: MESSAGES.shopEntryDetectionInvalid });
    const notObject = await app.inject({ method: 'PATCH', url: '/api/v1/me', cookies: user.cookies, payload: { preferences: true } });
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().message).toBe(MESSAGES.preferencesInvalid);
    expect((await app.inject({ method: 'PATCH', url: '/api/v1/me', payload: { preferences: { shopEntryDetection: true } } })).statusCode).toBe(401);
  });
});

describe('POST /visits/detect', () => {
  it('creates a visit near a shop whose offer the shopper viewed, and answers the same visit again instead of a new one', async () => {
    const shop = await shopWithOffer('Pastizzi for two');
    const shopper = await interestedShopper(shop.offerId);

    const first = await detect(shopper, { latitude: north(shop.latitude, 40), longitude: shop.longitude });
    expect(first.statusCode).toBe(201);
    const visit = first.json().data;
    expect(visit).toMatchObject({
      vendorId: shop.vendorId,
      businessName: expect.stringMatching(/^Visited Shop \d+$/),
      businessAddress: 'Triq il-Kbira, Mosta',
      logoUrl: null,
      offer: { offerId: shop.offerId, title: 'Pastizzi for two' },
      answer: null,
      answeredAt: null,
    });
    expect(visit.distance).toBeCloseTo(0.04, 3);
    expect(Number.isNaN(Date.parse(visit.detectedAt))).toBe(false);

    // A reload (or the next position) shows the same card, not a new one.
    const again = await detect(shopper, { latitude: shop.latitude, longitude: shop.longitude });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ visitId: visit.visitId, distance: 0 });
    expect(await visitsOf(shopper.userId)).toHaveLength(1);
  });

  it('recognises a shop within 75 m (70 m) but not beyond (80 m)', async () => {
    const shop = await shopWithOffer();
    const shopper = await interestedShopper(shop.offerId);
    const far = await detect(shopper, { latitude: north(shop.latitude, 80), longitude: shop.longitude });
    expect(far.statusCode).toBe(200);
    expect(far.json()).toEqual({ data: null });
    expect(await visitsOf(shopper.userId)).toHaveLength(0);
    const near = await detect(shopper, { latitude: north(shop.latitude, 70), longitude: shop.longitude });
    expect(near.statusCode).toBe(201);
    expect(near.json().data.distance).toBeCloseTo(0.07, 3);
  });

  it('refuses a shopper who has not opted in (403) and records nothing', async () => {
    const shop = await shopWithOffer();
    const shopper = await signUp(app);
    await recordEvent(shopper, shop.offerId, 'VIEW');
    const response = await detect(shopper, { latitude: shop.latitude, longitude: shop.longitude });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.shopEntryOff);
    expect(await visitsOf(shopper.userId)).toHaveLength(0);

    // Turned on and off again: still refused.
    await optIn(shopper);
    await optIn(shopper, false);
    expect((await detect(shopper, { latitude: shop.latitude, longitude: shop.longitude })).statusCode).toBe(403);
  });

  it('ignores shops the shopper showed no interest in, or only longer than 7 days ago, or only saw in a list', async () => {
    const shop = await shopWithOffer();
    const shopper = await signUp(app);
    await optIn(shopper);
    const here = { latitude: shop.latitude, longitude: shop.longitude };
    expect((await detect(shopper, here)).json()).toEqual({ data: null });

    // An impression (the card scrolled past) is not interest.
    await recordEvent(shopper, shop.offerId, 'IMPRESSION');
    expect((await detect(shopper, here)).json()).toEqual({ data: null });

    // A view eight days ago is too old.
    await recordEvent(shopper, shop.offerId, 'VIEW');
    await testDb.database.db
      .update(offerEvents)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(offerEvents.userId, shopper.userId));
    expect((await detect(shopper, here)).json()).toEqual({ data: null });
    expect(await visitsOf(shopper.userId)).toHaveLength(0);

    // A view six days ago counts.
    await testDb.database.db
      .update(offerEvents)
      .set({ createdAt: sql`now() - interval '6 days'` })
      .where(eq(offerEvents.userId, shopper.userId));
    expect((await detect(shopper, here)).statusCode).toBe(201);
  });

  it('counts an offer the shopper keeps saved however long ago, and a view recorded by opening the offer', async () => {
    const saved = await shopWithOffer('Saved long ago');
    const shopper = await signUp(app);
    await optIn(shopper);
    expect((await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${saved.offerId}`, cookies: shopper.cookies })).statusCode).toBe(204);
    await testDb.database.db
      .update(offerEvents)
      .set({ createdAt: sql`now() - interval '30 days'` })
      .where(eq(offerEvents.userId, shopper.userId));
    const bySaved = await detect(shopper, { latitude: saved.latitude, longitude: saved.longitude });
    expect(bySaved.statusCode).toBe(201);
    expect(bySaved.json().data.offer).toEqual({ offerId: saved.offerId, title: 'Saved long ago' });

    const opened = await shopWithOffer('Opened offer');
    expect((await app.inject({ method: 'GET', url: `/api/v1/offers/${opened.offerId}`, cookies: shopper.cookies })).statusCode).toBe(200);
    // The view is recorded without holding up the offer's answer.
    await expect
      .poll(async () => (await detect(shopper, { latitude: opened.latitude, longitude: opened.longitude })).json().data?.vendorId ?? null)
      .toBe(opened.vendorId);
  });

  it('never recognises the shop owner at their own shop', async () => {
    const shop = await shopWithOffer();
    await optIn(shop.owner);
    // The API no longer records an owner's looks at their own offers; one stored before (or by other means) must not count either.
    await testDb.database.db.insert(offerEvents).values({ offerId: shop.offerId, vendorId: shop.vendorId, userId: shop.owner.userId, kind: 'VIEW' });
    const response = await detect(shop.owner, { latitude: shop.latitude, longitude: shop.longitude });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: null });
    expect(await visitsOf(shop.owner.userId)).toHaveLength(0);
  });

  it('ignores a business that is not active', async () => {
    const shop = await shopWithOffer();
    const shopper = await interestedShopper(shop.offerId);
    await testDb.database.db.update(vendors).set({ status: 'PENDING' }).where(eq(vendors.id, shop.vendorId));
    expect((await detect(shopper, { latitude: shop.latitude, longitude: shop.longitude })).json()).toEqual({ data: null });
  });

  it('picks the nearest of two shops the shopper is interested in', async () => {
    const first = await shopWithOffer('First shop offer');
    const nextDoor = await buildShop(app, { business: { businessName: 'Next door', locationLatitude: north(first.latitude, 50), locationLongitude: first.longitude } });
    const secondVendorId = nextDoor.vendorId;
    const secondOfferId = await createOffer(app, nextDoor, { title: 'Next door offer' });
    const shopper = await interestedShopper(first.offerId);
    await recordEvent(shopper, secondOfferId, 'VIEW');
    const response = await detect(shopper, { latitude: north(first.latitude, 40), longitude: first.longitude });
    expect(response.json().data).toMatchObject({ vendorId: secondVendorId, businessName: 'Next door', offer: { title: 'Next door offer' } });

    // Once that visit is answered, the other shop (still within 75 m) is the one to ask about.
    await answer(shopper, response.json().data.visitId, { answer: 'NOT_PURCHASED' });
    expect((await detect(shopper, { latitude: north(first.latitude, 40), longitude: first.longitude })).json().data).toMatchObject({ vendorId: first.vendorId });
  });

  it('does not ask again about an answered visit, but does about a visit after the 12-hour window', async () => {
    const shop = await shopWithOffer();
    const shopper = await interestedShopper(shop.offerId);
    const here = { latitude: shop.latitude, longitude: shop.longitude };
    const visitId = bodyOf(await detect(shopper, here), shopVisitResponseSchema).data.visitId;
    expect((await answer(shopper, visitId, { answer: 'NOT_PURCHASED' })).statusCode).toBe(200);
    const after = await detect(shopper, here);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ data: null });
    expect(await visitsOf(shopper.userId)).toHaveLength(1);

    await testDb.database.db
      .update(shopVisits)
      .set({ detectedAt: sql`now() - interval '13 hours'` })
      .where(eq(shopVisits.id, visitId));
    const nextDay = await detect(shopper, here);
    expect(nextDay.statusCode).toBe(201);
    expect(nextDay.json().data.visitId).not.toBe(visitId);
  });

  it.each([
    ['latitude 91', { latitude: 91, longitude: 14.5 }, 'latitude'],
    ['longitude abc', { latitude: 35.9, longitude: 'abc' }, 'longitude'],
    ['longitude -181', { latitude: 35.9, longitude: -181 }, 'longitude'],
    ['no latitude', { longitude: 14.5 }, 'latitude'],
  ])('refuses %s with 400 naming the field', async (_case, payload, field) => {
    const shopper = await signUp(app);
    await optIn(shopper);
    const response = await detect(shopper, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.coordinatesInvalid);
    expect(response.json().fieldErrors).toEqual({ [field]: MESSAGES.coordinatesInvalid });
  });

  it('needs a session (401)', async () => {
    expect((await detect(undefined, { latitude: 35.9, longitude: 14.5 })).statusCode).toBe(401);
  });

  it(`allows ${SHOP_ENTRY_DETECTIONS_PER_MINUTE} detections a minute per account, then answers 429`, async () => {
    const shopper = await signUp(app);
    for (let index = 0; index < SHOP_ENTRY_DETECTIONS_PER_MINUTE; index += 1) {
      expect((await detect(shopper, { latitude: 35.9, longitude: 14.5 })).statusCode).toBe(403);
    }
    const limited = await detect(shopper, { latitude: 35.9, longitude: 14.5 });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(formatMessage(MESSAGES.tooManyRequests, { minutes: 1 }));
    expect(limited.headers['retry-after']).toBeDefined();
    // Another account is not held up.
    expect((await detect(await signUp(app), { latitude: 35.9, longitude: 14.5 })).statusCode).toBe(403);
  });
});

describe('POST /visits/:visitId', () => {
  async function detectedVisit() {
    const shop = await shopWithOffer();
    const shopper = await interestedShopper(shop.offerId);
    const visitId = bodyOf(await detect(shopper, { latitude: shop.latitude, longitude: shop.longitude }), shopVisitResponseSchema).data.visitId;
    return { shop, shopper, visitId };
  }

  it('records the answer once; a second answer is a conflict (409)', async () => {
    const { shop, shopper, visitId } = await detectedVisit();
    const first = await answer(shopper, visitId, { answer: 'PURCHASED' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ visitId, vendorId: shop.vendorId, answer: 'PURCHASED', distance: null, offer: { offerId: shop.offerId } });
    expect(Number.isNaN(Date.parse(first.json().data.answeredAt))).toBe(false);

    const second = await answer(shopper, visitId, { answer: 'NOT_PURCHASED' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(MESSAGES.visitAlreadyAnswered);
    const [stored] = await visitsOf(shopper.userId);
    expect(stored?.answer).toBe('PURCHASED');
  });

  it("refuses another shopper's visit (403), an unknown visit (404) and ids that cannot be visits (400)", async () => {
    const { shopper, visitId } = await detectedVisit();
    const other = await signUp(app);
    const foreign = await answer(other, visitId, { answer: 'PURCHASED' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(MESSAGES.visitNotYours);

    const unknown = await answer(shopper, 987654, { answer: 'PURCHASED' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.visitNotFound);
    for (const id of ['2147483648', 'abc', '0', '-1', '1.5']) {
      const invalid = await answer(shopper, id, { answer: 'PURCHASED' });
      expect(invalid.statusCode, id).toBe(400);
      expect(invalid.json().message, id).toBe(MESSAGES.visitNotFound);
    }
    expect((await visitsOf(shopper.userId))[0]?.answer).toBeNull();
    expect((await answer(undefined, visitId, { answer: 'PURCHASED' })).statusCode).toBe(401);
  });

  it.each([['MAYBE'], ['purchased'], [true]])('refuses the answer %s with 400 naming the field', async (value) => {
    const { shopper, visitId } = await detectedVisit();
    const response = await answer(shopper, visitId, { answer: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.visitAnswerInvalid);
    expect(response.json().fieldErrors).toEqual({ answer: MESSAGES.visitAnswerInvalid });
    expect((await visitsOf(shopper.userId))[0]?.answer).toBeNull();
  });
});

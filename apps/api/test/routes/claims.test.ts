import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  CLAIM_CODE_ALPHABET,
  MESSAGES,
  PREMIUM_VERIFIED_PURCHASES,
  REDEMPTION_FAILURES_PER_SESSION,
  REDEMPTION_WAIT_SECONDS,
  apiErrorSchema,
  claimResponseSchema,
  claimsResponseSchema,
  formatMessage,
  loginResponseSchema,
  maltaMidnight,
  notificationsResponseSchema,
  offerResponseSchema,
  offersResponseSchema,
  receiptResponseSchema,
  receiptShopsResponseSchema,
  redemptionResponseSchema,
  redemptionsResponseSchema,
  searchResponseSchema,
  vendorInsightsResponseSchema,
} from '@qrib/shared';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { drawClaimCode } from '../../src/domains/claims/claim-codes.ts';
import { buildShop, createOffer, makeEstablished, maltaDay, type Shop } from '../factories.ts';
import { makePng, multipartBody } from '../fixtures.ts';
import { api, bodyOf, nearbyBusinessesResponseSchema, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let app: App;
let testDb: TestDatabase;

useTestApp({}, (made) => ({ app, testDb } = made));

type Account = { cookies: Record<string, string>; userId: number };

const claim = (account: Account, offerId: number) => app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/claims`, cookies: account.cookies });
const redeem = (shop: Account, code: unknown) => app.inject({ method: 'POST', url: '/api/v1/vendors/me/redemptions', cookies: shop.cookies, payload: { code } });
const claimOf = (response: LightMyRequestResponse) => bodyOf(response, claimResponseSchema).data;
const redemptionOf = (response: LightMyRequestResponse) => bodyOf(response, redemptionResponseSchema).data;

async function limitedOffer(shop: Shop, max: number, overrides: Record<string, string | number> = {}) {
  return createOffer(app, shop, { title: `Limited to ${max}`, redemptionLimit: 'LIMITED', maxRedemptions: String(max), ...overrides });
}

async function offerState(offerId: number) {
  const [row] = await selectRows<{ redeemed_count: number; redeemed: number }>(
    testDb.database.db,
    sql`SELECT o.redeemed_count, (SELECT count(*)::integer FROM offer_claims c WHERE c.offer_id = o.offer_id AND c.status = 'REDEEMED') AS redeemed
        FROM offers o WHERE o.offer_id = ${offerId}`,
  );
  return { redeemedCount: Number(row?.redeemed_count), redeemedClaims: Number(row?.redeemed) };
}

/** `count` shoppers written straight into the database, each with a claim on the offer. */
async function claimsFor(offerId: number, vendorId: number, count: number): Promise<string[]> {
  const db = testDb.database.db;
  const stamp = `${process.pid}-${Date.now()}`;
  const rows = await db
    .insert(users)
    .values(Array.from({ length: count }, (_, index) => ({ name: `Shopper ${index}`, email: `c-${stamp}-${index}@example.com`, phone: '+356 7900 0000', username: `c-${stamp}-${index}`, passwordHash: 'x' })))
    .returning({ id: users.id });
  const codes = new Set<string>();
  while (codes.size < count) codes.add(drawClaimCode());
  const list = [...codes];
  for (const [index, row] of rows.entries()) {
    await db.execute(sql`INSERT INTO offer_claims (offer_id, vendor_id, user_id, code) VALUES (${offerId}, ${vendorId}, ${row.id}, ${list[index]})`);
  }
  return list;
}

describe('claiming a code', () => {
  it('answers 201 with a new code, then 200 with the same one; lists it under /me/claims', async () => {
    const shop = await buildShop(app, { business: { businessName: 'Code Bakery' } });
    const offerId = await limitedOffer(shop, 5);
    const shopper = await signUp(app);

    const first = await claim(shopper, offerId);
    expect(first.statusCode).toBe(201);
    const made = claimOf(first);
    expect(made).toMatchObject({ offerId, vendorId: shop.vendorId, status: 'ACTIVE', redeemedAt: null });
    expect(made.code).toMatch(new RegExp(`^[${CLAIM_CODE_ALPHABET}]{8}$`));
    expect(made.offer).toMatchObject({ title: 'Limited to 5', businessName: 'Code Bakery', remaining: 5, endDate: maltaDay(30) });
    expect(new Date(made.expiresAt).getTime()).toBeGreaterThan(Date.now());

    const again = await claim(shopper, offerId);
    expect(again.statusCode).toBe(200);
    expect(claimOf(again)).toEqual(made);

    const mine = await app.inject({ method: 'GET', url: '/api/v1/me/claims', cookies: shopper.cookies });
    expect(mine.statusCode).toBe(200);
    // Each listed code says whether it may be reviewed (issue 14): not before it is redeemed.
    expect(bodyOf(mine, claimsResponseSchema).data).toEqual([{ ...made, review: { reviewId: null, canReview: false, reviewableUntil: null } }]);
    // Another shopper gets their own code and does not see this one.
    const other = await signUp(app);
    const theirs = claimOf(await claim(other, offerId));
    expect(theirs.code).not.toBe(made.code);
    const otherList = (await api(app).get('/api/v1/me/claims', { cookies: other.cookies, expect: claimsResponseSchema })).body;
    expect(otherList.data.map((each) => each.claimId)).toEqual([theirs.claimId]);
  });

  it('refuses the owner (403), unknown offers (404), and offers paused, ended, not started or sold out (409)', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    const offerId = await limitedOffer(shop, 1);

    const own = await claim(shop, offerId);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'claimOwnOffer', message: MESSAGES.claimOwnOffer });
    expect((await claim(shopper, 999_999)).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/v1/offers/abc/claims', cookies: shopper.cookies })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/claims` })).statusCode).toBe(401);

    const later = await createOffer(app, shop, { startDate: maltaDay(2), endDate: maltaDay(9) });
    const notStarted = await claim(shopper, later);
    expect(notStarted.statusCode).toBe(409);
    expect(notStarted.json()).toMatchObject({ code: 'offerNotStarted', message: formatMessage(MESSAGES.offerNotStarted, { startDate: maltaDay(2) }) });

    const paused = await createOffer(app, shop);
    expect((await app.inject({ method: 'POST', url: `/api/v1/offers/${paused}/pause`, cookies: shop.cookies })).statusCode).toBe(200);
    expect((await claim(shopper, paused)).json()).toMatchObject({ statusCode: 409, code: 'offerPaused', message: MESSAGES.offerPaused });

    const ended = await createOffer(app, shop);
    await testDb.database.db.execute(sql`UPDATE offers SET start_date = ${maltaDay(-9)}::date, end_date = ${maltaDay(-1)}::date WHERE offer_id = ${ended}`);
    expect((await claim(shopper, ended)).json()).toMatchObject({ statusCode: 409, code: 'offerEnded' });

    // The one unit goes to a first shopper; the offer is then sold out for everyone without a code.
    const first = await signUp(app);
    expect(redemptionOf(await redeem(shop, claimOf(await claim(first, offerId)).code)).remaining).toBe(0);
    const soldOut = await claim(shopper, offerId);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({ code: 'offerSoldOut', message: 'This offer is sold out.' });
    // Nothing was written by the refusals.
    const [count] = await selectRows<{ n: number }>(testDb.database.db, sql`SELECT count(*)::integer AS n FROM offer_claims WHERE user_id = ${shopper.userId}`);
    expect(count?.n).toBe(0);
  });

  it('holds the audiences: new customers once, premium from the shared number of verified purchases', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    // Issue 24: PREMIUM counts an established account's purchases only (new accounts: evidence.test.ts).
    await makeEstablished(testDb.database.db, shopper.userId);
    const newOnly = await createOffer(app, shop, { targetAudience: 'NEW_CUSTOMERS', title: 'First visit' });
    const premium = await createOffer(app, shop, { targetAudience: 'PREMIUM_CUSTOMERS', title: 'For regulars' });
    const everyone = await createOffer(app, shop, { title: 'For all' });

    const refusedPremium = await claim(shopper, premium);
    expect(refusedPremium.statusCode).toBe(403);
    expect(refusedPremium.json()).toMatchObject({
      code: 'audiencePremium',
      params: { count: PREMIUM_VERIFIED_PURCHASES, have: 0 },
      message: formatMessage(MESSAGES.audiencePremium, { count: PREMIUM_VERIFIED_PURCHASES, have: 0 }),
    });

    // A new customer may claim; once they have bought here (a redemption), the next NEW_CUSTOMERS offer is not for them.
    expect((await claim(shopper, newOnly)).statusCode).toBe(201);
    expect((await redeem(shop, claimOf(await claim(shopper, everyone)).code)).statusCode).toBe(200);
    const secondNewOnly = await createOffer(app, shop, { targetAudience: 'NEW_CUSTOMERS', title: 'Another first visit' });
    const refusedNew = await claim(shopper, secondNewOnly);
    expect(refusedNew.statusCode).toBe(403);
    expect(refusedNew.json()).toMatchObject({ code: 'audienceNewCustomers', message: MESSAGES.audienceNewCustomers });
    // ...while their code from before stays theirs.
    expect((await claim(shopper, newOnly)).statusCode).toBe(200);

    // Premium: verified purchases anywhere on Qrib, redemptions and verified receipts alike.
    for (let index = 1; index < PREMIUM_VERIFIED_PURCHASES; index += 1) {
      const elsewhere = await buildShop(app);
      const offerId = await createOffer(app, elsewhere);
      expect((await redeem(elsewhere, claimOf(await claim(shopper, offerId)).code)).statusCode).toBe(200);
    }
    expect((await claim(shopper, premium)).statusCode).toBe(201);
  });
});

describe('redeeming at the till', () => {
  it('redeems once: the claim turns REDEEMED, the unit is counted, the shopper is told; a second scan is 409 with the time', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    const offerId = await limitedOffer(shop, 3);
    const { code, claimId } = claimOf(await claim(shopper, offerId));

    // Typed loosely at the till: lower case, spaces and a hyphen.
    const typed = `${code.slice(0, 4).toLowerCase()} - ${code.slice(4)}`;
    const response = await redeem(shop, typed);
    expect(response.statusCode).toBe(200);
    const redemption = redemptionOf(response);
    expect(redemption).toMatchObject({ claimId, code, offerId, offerTitle: 'Limited to 3', remaining: 2 });
    expect(new Date(redemption.undoUntil).getTime() - new Date(redemption.redeemedAt).getTime()).toBe(10 * 60_000);

    const again = await redeem(shop, code);
    expect(again.statusCode).toBe(409);
    const body = bodyOf(again, apiErrorSchema);
    expect(body.code).toBe('codeAlreadyRedeemed');
    expect(body.params.redeemedAt).toBe(redemption.redeemedAt);
    expect(body.params.time).toMatch(/^\d\d:\d\d$/);
    expect(body.message).toBe(formatMessage(MESSAGES.codeAlreadyRedeemed, { time: String(body.params.time) }));

    const mine = (await api(app).get('/api/v1/me/claims', { cookies: shopper.cookies, expect: claimsResponseSchema })).body;
    expect(mine.data[0]).toMatchObject({ claimId, status: 'REDEEMED', redeemedAt: redemption.redeemedAt, offer: { remaining: 2 } });
    const bell = (await api(app).get('/api/v1/me/notifications', { cookies: shopper.cookies, expect: notificationsResponseSchema })).body;
    expect(bell.data[0]).toMatchObject({ kind: 'CLAIM_REDEEMED', payload: { claimId, offerId, title: 'Limited to 3' } });
    expect(await offerState(offerId)).toEqual({ redeemedCount: 1, redeemedClaims: 1 });

    const today = (await api(app).get('/api/v1/vendors/me/redemptions', { cookies: shop.cookies, expect: redemptionsResponseSchema })).body;
    expect(today.data).toEqual([{ ...redemption, remaining: 2 }]);
    const yesterday = await app.inject({ method: 'GET', url: `/api/v1/vendors/me/redemptions?date=${maltaDay(-1)}`, cookies: shop.cookies });
    expect(yesterday.json()).toEqual({ data: [] });
    const badDate = await app.inject({ method: 'GET', url: '/api/v1/vendors/me/redemptions?date=2026-02-30', cookies: shop.cookies });
    expect(badDate.statusCode).toBe(400);
  });

  it('refuses malformed codes (400 fieldErrors.code), unknown and other shops’ codes alike (404), and non-owners (403)', async () => {
    const shop = await buildShop(app);
    const otherShop = await buildShop(app);
    const shopper = await signUp(app);
    const theirCode = claimOf(await claim(shopper, await createOffer(app, otherShop))).code;

    for (const bad of ['ABC', 'ABCDEFGH1', 'ABCDEFG0', 'ABCD-EFGI', 12345678, null]) {
      const response = await redeem(shop, bad);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(bodyOf(response, apiErrorSchema).fieldErrors?.code, String(bad)).toBe(MESSAGES.claimCodeInvalid);
    }
    const unknown = await redeem(shop, drawClaimCode());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'claimCodeUnknown', message: MESSAGES.claimCodeUnknown });
    const elsewhere = await redeem(shop, theirCode);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual(unknown.json());
    // The other shop's code is still usable there.
    expect((await redeem(otherShop, theirCode)).statusCode).toBe(200);

    const notOwner = await redeem(shopper, theirCode);
    expect(notOwner.statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/v1/vendors/me/redemptions', payload: { code: theirCode } })).statusCode).toBe(401);
  });

  it('past the limit of wrong codes, a genuine code still redeems (after the wait), and the owner’s other session is not held up', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    const { code } = claimOf(await claim(shopper, await createOffer(app, shop)));
    for (let attempt = 0; attempt <= REDEMPTION_FAILURES_PER_SESSION; attempt += 1) {
      const wrong = await redeem(shop, drawClaimCode());
      expect(wrong.statusCode).toBe(404);
      expect(wrong.json()).toMatchObject({ code: 'claimCodeUnknown' });
    }
    const genuine = await redeem(shop, code);
    expect(genuine.statusCode).toBe(200);
    expect(redemptionOf(genuine).code).toBe(code);
    // The owner signed in at another till: its typos are its own.
    const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: shop.username, password: shop.password } });
    const otherTill = { ...shop, cookies: { auth_token: bodyOf(login, loginResponseSchema).token } };
    expect((await redeem(otherTill, drawClaimCode())).statusCode).toBe(404);
    // Another shop's till is not held up either.
    const otherShop = await buildShop(app);
    expect((await redeem(otherShop, drawClaimCode())).statusCode).toBe(404);
  });

  it('answers 409 with the reason for a code of an offer paused or ended since it was claimed', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    const offerId = await createOffer(app, shop);
    const { code } = claimOf(await claim(shopper, offerId));
    await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/pause`, cookies: shop.cookies });
    expect((await redeem(shop, code)).json()).toMatchObject({ statusCode: 409, code: 'offerPaused' });
    await testDb.database.db.execute(sql`UPDATE offers SET status = 'ACTIVE', end_date = ${maltaDay(-1)}::date, start_date = ${maltaDay(-5)}::date WHERE offer_id = ${offerId}`);
    expect((await redeem(shop, code)).json()).toMatchObject({ statusCode: 409, code: 'offerEnded' });
    // The claim reads as EXPIRED once its offer has ended.
    const mine = (await api(app).get('/api/v1/me/claims', { cookies: shopper.cookies, expect: claimsResponseSchema })).body;
    expect(mine.data[0]?.status).toBe('EXPIRED');
    expect(await offerState(offerId)).toEqual({ redeemedCount: 0, redeemedClaims: 0 });
  });

  it('a shop shoppers do not see redeems nothing: 409 businessSuspended with the reason, businessPending while pending', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    const offerId = await createOffer(app, shop);
    const { code, claimId } = claimOf(await claim(shopper, offerId));
    const reason = 'Offers that were never honoured.';
    await testDb.database.db.execute(sql`UPDATE vendors SET status = 'SUSPENDED', status_reason = ${reason} WHERE id = ${shop.vendorId}`);
    const suspended = await redeem(shop, code);
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json()).toMatchObject({ code: 'businessSuspended', params: { reason }, message: formatMessage(MESSAGES.businessSuspended, { reason }) });

    await testDb.database.db.execute(sql`UPDATE vendors SET status = 'PENDING', status_reason = NULL WHERE id = ${shop.vendorId}`);
    expect((await redeem(shop, code)).json()).toMatchObject({ statusCode: 409, code: 'businessPending', message: MESSAGES.businessPending });
    expect(await offerState(offerId)).toEqual({ redeemedCount: 0, redeemedClaims: 0 });
    const mine = (await api(app).get('/api/v1/me/claims', { cookies: shopper.cookies, expect: claimsResponseSchema })).body;
    expect(mine.data.find((each) => each.claimId === claimId)?.status).toBe('ACTIVE');

    // Approved again: the same code redeems.
    await testDb.database.db.execute(sql`UPDATE vendors SET status = 'ACTIVE' WHERE id = ${shop.vendorId}`);
    expect((await redeem(shop, code)).statusCode).toBe(200);
  });

  it('undoes a redemption within 10 minutes (the claim ACTIVE again, the unit back), not after (409), not another shop’s (404)', async () => {
    const shop = await buildShop(app);
    const otherShop = await buildShop(app);
    const shopper = await signUp(app);
    const offerId = await limitedOffer(shop, 1);
    const { code, claimId } = claimOf(await claim(shopper, offerId));
    expect(redemptionOf(await redeem(shop, code)).remaining).toBe(0);
    const owner = (await api(app).get('/api/v1/me/notifications', { cookies: shop.cookies, expect: notificationsResponseSchema })).body;
    expect(owner.data[0]).toMatchObject({ kind: 'OFFER_SOLD_OUT', payload: { offerId, title: 'Limited to 1' } });

    const undo = (account: Account, id: number | string) => app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/redemptions/${id}`, cookies: account.cookies });
    expect((await undo(otherShop, claimId)).statusCode).toBe(404);
    expect((await undo(shop, 'x')).statusCode).toBe(400);
    expect((await undo(shop, claimId)).statusCode).toBe(204);
    expect(await offerState(offerId)).toEqual({ redeemedCount: 0, redeemedClaims: 0 });
    const mine = (await api(app).get('/api/v1/me/claims', { cookies: shopper.cookies, expect: claimsResponseSchema })).body;
    expect(mine.data[0]).toMatchObject({ status: 'ACTIVE', redeemedAt: null, offer: { remaining: 1 } });
    const bell = (await api(app).get('/api/v1/me/notifications', { cookies: shopper.cookies, expect: notificationsResponseSchema })).body;
    expect(bell.data.filter((each) => each.kind === 'CLAIM_REDEEMED')).toEqual([]);
    expect((await undo(shop, claimId)).statusCode).toBe(404);

    // Redeemed again, then 11 minutes pass: too late to undo.
    expect((await redeem(shop, code)).statusCode).toBe(200);
    await testDb.database.db.execute(sql`UPDATE offer_claims SET redeemed_at = now() - interval '11 minutes' WHERE id = ${claimId}`);
    const late = await undo(shop, claimId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'redemptionUndoExpired', message: formatMessage(MESSAGES.redemptionUndoExpired, { minutes: 10 }) });
    expect(await offerState(offerId)).toEqual({ redeemedCount: 1, redeemedClaims: 1 });
  });
});

describe('limits that hold under concurrency', () => {
  it('100 concurrent redemptions of 100 codes against maxRedemptions 10: exactly 10 succeed, and the rows agree', async () => {
    const shop = await buildShop(app);
    const offerId = await limitedOffer(shop, 10);
    const codes = await claimsFor(offerId, shop.vendorId, 100);
    const answers = await Promise.all(codes.map((code) => redeem(shop, code)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(90);
    for (const answer of answers.filter((each) => each.statusCode === 409)) expect(answer.json()).toMatchObject({ code: 'offerSoldOut' });
    expect(await offerState(offerId)).toEqual({ redeemedCount: 10, redeemedClaims: 10 });
    const remaining = answers.filter((each) => each.statusCode === 200).map((each) => redemptionOf(each).remaining).sort((a, b) => Number(a) - Number(b));
    expect(remaining).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // Sold out: the owner was told once.
    const [soldOut] = await selectRows<{ n: number }>(testDb.database.db, sql`SELECT count(*)::integer AS n FROM notifications WHERE kind = 'OFFER_SOLD_OUT' AND (payload->>'offerId')::integer = ${offerId}`);
    expect(soldOut?.n).toBe(1);
  });

  it('the same code scanned twice at once: one 200, one 409, one redemption', async () => {
    const shop = await buildShop(app);
    const offerId = await limitedOffer(shop, 10);
    const [code] = await claimsFor(offerId, shop.vendorId, 1);
    const answers = await Promise.all([redeem(shop, code), redeem(shop, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toMatchObject({ code: 'codeAlreadyRedeemed' });
    expect(await offerState(offerId)).toEqual({ redeemedCount: 1, redeemedClaims: 1 });
  });
});

describe('sold out offers leave the shoppers’ lists', () => {
  it('carries remaining on offers and cards, and drops a sold-out offer from nearby and search', async () => {
    const shop = await buildShop(app, { business: { businessName: 'Last Unit Deli', locationLatitude: 35.9, locationLongitude: 14.51 } });
    const shopper = await signUp(app);
    const offerId = await limitedOffer(shop, 1, { title: 'Only one ftira' });
    const nearby = async () =>
      (await api(app).get('/api/v1/offers/nearby-offers?latitude=35.9&longitude=14.51', { cookies: shopper.cookies, expect: nearbyBusinessesResponseSchema })).body;
    const search = async () => (await api(app).get('/api/v1/offers/search?q=ftira', { cookies: shopper.cookies, expect: searchResponseSchema })).body;

    const card = (await nearby()).data.find((business) => business.vendorId === shop.vendorId)?.offers.find((offer) => offer.offerId === offerId);
    expect(card?.remaining).toBe(1);
    expect((await search()).data.find((offer) => offer.offerId === offerId)?.remaining).toBe(1);
    const detail = (await api(app).get(`/api/v1/offers/${offerId}`, { cookies: shopper.cookies, expect: offerResponseSchema })).body;
    // Units left for everyone; the count itself (a shop's sales) for its owner only.
    expect(detail.data).toMatchObject({ remaining: 1, redeemedCount: null });
    const asOwner = (await api(app).get(`/api/v1/offers/${offerId}`, { cookies: shop.cookies, expect: offerResponseSchema })).body;
    expect(asOwner.data.redeemedCount).toBe(0);

    expect((await redeem(shop, claimOf(await claim(shopper, offerId)).code)).statusCode).toBe(200);
    expect((await nearby()).data.find((business) => business.vendorId === shop.vendorId)).toBeUndefined();
    expect((await search()).data.find((offer) => offer.offerId === offerId)).toBeUndefined();
    const list = (await api(app).get('/api/v1/vendors/me/offers', { cookies: shop.cookies, expect: offersResponseSchema })).body;
    expect(list.data.find((offer) => offer.offerId === offerId)).toMatchObject({ redeemedCount: 1, maxRedemptions: 1, remaining: 0 });
  });
});

describe('a redemption is a purchase, counted once', () => {
  const uploadReceipt = async (account: Account, fields: Record<string, string | number>) => {
    const { payload, headers } = multipartBody(fields, [{ field: 'files', filename: 'receipt.png', contentType: 'image/png', content: await makePng(64, 48, Math.random()) }]);
    return app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies: account.cookies });
  };
  const insights = async (shop: Account) =>
    (await api(app).get('/api/v1/vendors/me/insights?period=weekly', { cookies: shop.cookies, expect: vendorInsightsResponseSchema })).body.data;

  it('a receipt may name the shopper’s own redeemed code, once; others’ codes are 404, unredeemed ones 409', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    const stranger = await signUp(app);
    const offerId = await createOffer(app, shop);
    const { claimId, code } = claimOf(await claim(shopper, offerId));

    const early = await uploadReceipt(shopper, { vendorId: shop.vendorId, claimId });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'claimNotRedeemed', fieldErrors: { claimId: MESSAGES.claimNotRedeemed } });
    expect((await redeem(shop, code)).statusCode).toBe(200);
    const notTheirs = await uploadReceipt(stranger, { vendorId: shop.vendorId, claimId });
    expect(notTheirs.statusCode).toBe(404);
    expect(notTheirs.json()).toMatchObject({ code: 'claimNotYours' });
    expect((await uploadReceipt(shopper, { vendorId: shop.vendorId, claimId: 'x' })).statusCode).toBe(400);

    // The shop is offered on the receipt screen because a code was redeemed there.
    const shops = (await api(app).get('/api/v1/me/receipt-shops', { cookies: shopper.cookies, expect: receiptShopsResponseSchema })).body;
    expect(shops.data).toEqual([expect.objectContaining({ vendorId: shop.vendorId, reason: 'REDEEMED' })]);

    const sent = await uploadReceipt(shopper, { vendorId: shop.vendorId, claimId });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ data: { claimId, offer: { offerId } } });
    const twice = await uploadReceipt(shopper, { vendorId: shop.vendorId, claimId });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'claimHasReceipt' });
    const [rows] = await selectRows<{ n: number }>(testDb.database.db, sql`SELECT count(*)::integer AS n FROM receipts WHERE consumer_user_id = ${shopper.userId}`);
    expect(rows?.n).toBe(1);
  });

  it('counts redemptions in Conversions and verified purchases, a verified receipt for a redeemed code not again, and reports the claim-to-redemption rate', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop, { title: 'Counted once' });
    const before = await insights(shop);
    expect(before.metrics.conversions.value).toBe(0);
    expect(before.redemptions).toEqual({ claims: 0, redemptions: 0, ratePercent: null, byOffer: [] });

    const buyer = await signUp(app);
    const browser = await signUp(app);
    // Established (issue 24), so their purchases count for the trust level (new accounts: evidence.test.ts).
    for (const account of [buyer, browser]) await makeEstablished(testDb.database.db, account.userId);
    const { claimId, code } = claimOf(await claim(buyer, offerId));
    claimOf(await claim(browser, offerId));
    expect((await redeem(shop, code)).statusCode).toBe(200);
    // The buyer's receipt for the redeemed code, verified: the same purchase. Another verified receipt: a second one.
    const forClaim = await uploadReceipt(buyer, { vendorId: shop.vendorId, claimId });
    const other = await uploadReceipt(browser, { vendorId: shop.vendorId });
    const ids = [forClaim, other].map((response) => bodyOf(response, receiptResponseSchema).data.receiptId);
    // Verified by the automatic check (issue 14: one only the owner confirmed is no verified purchase of the trust level).
    await testDb.database.db.execute(sql`UPDATE receipts SET status = 'VERIFIED', auto_status = 'VERIFIED', decided_at = now() WHERE id IN (${ids[0]}, ${ids[1]})`);

    const after = await insights(shop);
    expect(after.metrics.conversions.value).toBe(2);
    expect(after.trend.reduce((sum, day) => sum + day.conversions, 0)).toBe(2);
    expect(after.trust.verifiedPurchases).toBe(2);
    expect(after.redemptions).toEqual({ claims: 2, redemptions: 1, ratePercent: 50, byOffer: [{ offerId, title: 'Counted once', claims: 2, redemptions: 1, claimsRedeemed: 1 }] });
    // Undone, the redemption no longer counts, and the receipt that named it counts as the purchase it proves.
    const undone = await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/redemptions/${claimId}`, cookies: shop.cookies });
    expect(undone.statusCode).toBe(204);
    expect((await insights(shop)).metrics.conversions.value).toBe(2);
  });
});

describe('rules that hold after the code is claimed', () => {
  it('counts each wrong code shape once per session, real codes never; past the limit codes are answered one after the other, never refused', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const [session] = await selectRows<{ id: string }>(testDb.database.db, sql`SELECT id FROM sessions WHERE user_id = ${shop.userId}`);
    const wrongCodesCounted = async () => {
      const [row] = await selectRows<{ count: number }>(testDb.database.db, sql`SELECT count FROM rate_limit_counters WHERE key = ${`!redeem-failures:${session?.id}`}`);
      return Number(row?.count ?? 0);
    };
    // More real redemptions than the limit: none of them counts against the till.
    const codes = await claimsFor(offerId, shop.vendorId, REDEMPTION_FAILURES_PER_SESSION + 5);
    for (const code of codes.slice(0, REDEMPTION_FAILURES_PER_SESSION + 2)) expect((await redeem(shop, code)).statusCode).toBe(200);
    expect(await wrongCodesCounted()).toBe(0);
    // The same typo scanned again and again (spaces and hyphens as the cashier typed them) is one wrong code.
    const typo = drawClaimCode();
    for (const typed of [typo, typo.toLowerCase(), `${typo.slice(0, 4)}-${typo.slice(4)}`]) {
      for (let again = 0; again < REDEMPTION_FAILURES_PER_SESSION; again += 1) expect((await redeem(shop, typed)).statusCode).toBe(404);
    }
    expect(await wrongCodesCounted()).toBe(1);
    for (let attempt = 1; attempt < REDEMPTION_FAILURES_PER_SESSION; attempt += 1) expect((await redeem(shop, drawClaimCode())).statusCode).toBe(404);
    expect(await wrongCodesCounted()).toBe(REDEMPTION_FAILURES_PER_SESSION);

    // At the limit: three wrong codes and a genuine one sent at once are all answered as they are, one wait apart.
    const started = Date.now();
    const answers = await Promise.all([redeem(shop, drawClaimCode()), redeem(shop, codes.at(-1)), redeem(shop, drawClaimCode()), redeem(shop, drawClaimCode())]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 200, 404, 404]);
    // Generous: four turns of the wait, asked only to be more than three.
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * REDEMPTION_WAIT_SECONDS * 1000);
  });

  it('refuses a maximum below the redemptions so far (409 on the field), accepts one equal to them', async () => {
    const shop = await buildShop(app);
    const offerId = await limitedOffer(shop, 5);
    for (const code of await claimsFor(offerId, shop.vendorId, 3)) expect((await redeem(shop, code)).statusCode).toBe(200);
    const edit = (max: number) =>
      app.inject({
        method: 'PATCH',
        url: `/api/v1/offers/${offerId}`,
        cookies: shop.cookies,
        payload: { title: 'Limited to 5', description: 'Edited', categoryId: 1, discountType: 'PERCENTAGE', discountValue: 10, startDate: maltaDay(-7), endDate: maltaDay(30), redemptionLimit: 'LIMITED', maxRedemptions: max },
      });
    const lower = await edit(2);
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toMatchObject({ code: 'maxBelowRedeemed', params: { count: 3 }, fieldErrors: { maxRedemptions: formatMessage(MESSAGES.maxBelowRedeemed, { count: 3 }) } });
    const [row] = await selectRows<{ max_redemptions: number; description: string }>(testDb.database.db, sql`SELECT max_redemptions, description FROM offers WHERE offer_id = ${offerId}`);
    expect(row).toEqual({ max_redemptions: 5, description: 'Every morning before ten' });
    expect((await edit(3)).statusCode).toBe(200);
    // Now sold out: no claim, and the database itself refuses a count above the maximum.
    expect((await claim(await signUp(app), offerId)).json()).toMatchObject({ statusCode: 409, code: 'offerSoldOut' });
    await expect(testDb.database.db.execute(sql`UPDATE offers SET redeemed_count = 4 WHERE offer_id = ${offerId}`)).rejects.toThrow();
  });

  it('reads a code EXPIRED once the shop has ended its offer', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    const offerId = await createOffer(app, shop);
    claimOf(await claim(shopper, offerId));
    await testDb.database.db.execute(sql`UPDATE offers SET status = 'ENDED' WHERE offer_id = ${offerId}`);
    const mine = (await api(app).get('/api/v1/me/claims', { cookies: shopper.cookies, expect: claimsResponseSchema })).body;
    expect(mine.data[0]?.status).toBe('EXPIRED');
  });

  it('NEW_CUSTOMERS: a verified receipt at the shop is a purchase too, and a purchase made after claiming is refused at the till', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    const newOnly = await createOffer(app, shop, { targetAudience: 'NEW_CUSTOMERS', title: 'First visit' });
    const everyone = await createOffer(app, shop, { title: 'For all' });
    const { code } = claimOf(await claim(shopper, newOnly));
    // Bought at the shop since (another code redeemed): the new-customer code is no longer theirs to use.
    expect((await redeem(shop, claimOf(await claim(shopper, everyone)).code)).statusCode).toBe(200);
    const refused = await redeem(shop, code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'claimNoLongerNew', message: MESSAGES.claimNoLongerNew });

    const other = await signUp(app);
    const { payload, headers } = multipartBody({ vendorId: shop.vendorId }, [{ field: 'files', filename: 'receipt.png', contentType: 'image/png', content: await makePng(64, 48, Math.random()) }]);
    const receipt = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies: other.cookies });
    expect(receipt.statusCode).toBe(201);
    expect((await claim(other, newOnly)).statusCode).toBe(201);
    await testDb.database.db.execute(sql`UPDATE receipts SET status = 'VERIFIED' WHERE consumer_user_id = ${other.userId}`);
    const secondNew = await createOffer(app, shop, { targetAudience: 'NEW_CUSTOMERS', title: 'Another first visit' });
    expect((await claim(other, secondNew)).json()).toMatchObject({ statusCode: 403, code: 'audienceNewCustomers' });
  });

  it('lists a redemption under the Malta day it was made, across midnight', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const [code] = await claimsFor(offerId, shop.vendorId, 1);
    const { claimId } = redemptionOf(await redeem(shop, code));
    // 00:30 in Malta today is 22:30 or 23:30 UTC the day before.
    const today = maltaDay(0);
    const justAfterMidnight = new Date(maltaMidnight(today).getTime() + 30 * 60_000);
    await testDb.database.db.execute(sql`UPDATE offer_claims SET redeemed_at = ${justAfterMidnight.toISOString()}::timestamptz WHERE id = ${claimId}`);
    const on = async (date: string) =>
      (await api(app).get(`/api/v1/vendors/me/redemptions?date=${date}`, { cookies: shop.cookies, expect: redemptionsResponseSchema })).body.data.map((each) => each.claimId);
    expect(await on(today)).toEqual([claimId]);
    expect(await on(maltaDay(-1))).toEqual([]);
  });

  it('an undo takes back the unread sold-out bell, so selling out again rings once', async () => {
    const shop = await buildShop(app);
    const offerId = await limitedOffer(shop, 1);
    const [code] = await claimsFor(offerId, shop.vendorId, 1);
    const { claimId } = redemptionOf(await redeem(shop, code));
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/redemptions/${claimId}`, cookies: shop.cookies })).statusCode).toBe(204);
    expect((await redeem(shop, code)).statusCode).toBe(200);
    const bell = (await api(app).get('/api/v1/me/notifications', { cookies: shop.cookies, expect: notificationsResponseSchema })).body;
    expect(bell.data.filter((each) => each.kind === 'OFFER_SOLD_OUT')).toHaveLength(1);
  });
});

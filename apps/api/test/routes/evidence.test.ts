/**
 * Issue 24 (ADR 016): ratings and trust no one can move alone. Reviews go live only from established accounts (a
 * verified address, and ESTABLISHED_ACCOUNT_DAYS of age or purchases at ESTABLISHED_OTHER_SHOPS other shops); a review
 * whose receipt the shop disputes stays shown, out of the average, until Qrib settles it; the trust level, PREMIUM and
 * Conversions count what each kind of evidence proves; and a shopper whose receipt the check rejected or held can ask
 * the shop to check it, once.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ESTABLISHED_ACCOUNT_DAYS,
  MESSAGES,
  PREMIUM_VERIFIED_PURCHASES,
  claimResponseSchema,
  meResponseSchema,
  notificationsResponseSchema,
  receiptResponseSchema,
  receiptsResponseSchema,
  reviewResponseSchema,
  reviewsPageSchema,
  vendorInsightsResponseSchema,
  type Review,
  vendorReceiptsResponseSchema,
} from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { drawClaimCode } from '../../src/domains/claims/claim-codes.ts';
import { buildShop, createOffer, makeEstablished, type Shop } from '../factories.ts';
import { api, bodyOf, signUp, signupBody, useTestApp, type TestDatabase } from '../helpers.ts';

let app: App;
let testDb: TestDatabase;

useTestApp({}, (made) => ({ app, testDb } = made));

type Account = { cookies: Record<string, string>; userId: number };

const db = () => testDb.database.db;
const claim = (account: Account, offerId: number) => app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/claims`, cookies: account.cookies });
const redeem = (shop: Account, code: string) => app.inject({ method: 'POST', url: '/api/v1/vendors/me/redemptions', cookies: shop.cookies, payload: { code } });
const review = (account: Account, payload: object) => app.inject({ method: 'POST', url: '/api/v1/reviews', cookies: account.cookies, payload });
const reviewsOf = async (reader: Account, vendorId: number) =>
  (await api(app).get(`/api/v1/vendors/${vendorId}/reviews`, { cookies: reader.cookies, expect: reviewsPageSchema })).body;
const trustOf = async (owner: Account) =>
  (await api(app).get('/api/v1/vendors/me/insights', { cookies: owner.cookies, expect: vendorInsightsResponseSchema })).body.data;
const me = async (account: Account) => (await api(app).get('/api/v1/auth/me', { cookies: account.cookies, expect: meResponseSchema })).body.user;
const bell = async (account: Account) =>
  (await api(app).get('/api/v1/me/notifications', { cookies: account.cookies, expect: notificationsResponseSchema })).body.data;
const askShop = (account: Partial<Account>, receiptId: number | string) =>
  app.inject({ method: 'POST', url: `/api/v1/receipts/${receiptId}/ask-shop`, ...(account.cookies ? { cookies: account.cookies } : {}) });

/** A shopper's code for the offer, claimed and redeemed at the shop's till through the real endpoints; answers its claimId. */
async function claimAndRedeem(shop: Shop, offerId: number, shopper: Account): Promise<number> {
  const claimed = await claim(shopper, offerId);
  expect(claimed.statusCode, claimed.body).toBe(201);
  const { claimId, code } = bodyOf(claimed, claimResponseSchema).data;
  const redeemed = await redeem(shop, code);
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  return claimId;
}

/** A REDEEMED claim written straight into the database (a purchase at `shop` by `shopper`); answers its id. */
async function insertRedemption(shop: { vendorId: number }, offerId: number, shopper: { userId: number }) {
  const [row] = await selectRows<{ id: number }>(
    db(),
    sql`INSERT INTO offer_claims (offer_id, vendor_id, user_id, code, status, redeemed_at) VALUES (${offerId}, ${shop.vendorId}, ${shopper.userId}, ${drawClaimCode()}, 'REDEEMED', now())
        RETURNING id`,
  );
  if (!row) throw new Error('claim not inserted');
  return row.id;
}

/** A receipt as the automatic check left it (checked, its verdict in status and auto_status), written straight into the database. */
async function insertCheckedReceipt(shop: { vendorId: number }, shopper: { userId: number }, verdict: 'VERIFIED' | 'REJECTED' | 'NEEDS_REVIEW', reasonCode: string | null = null) {
  const [row] = await selectRows<{ id: number }>(
    db(),
    sql`INSERT INTO receipts (consumer_user_id, vendor_id, status, auto_status, reason_code, auto_reason_code, checked_at)
        VALUES (${shopper.userId}, ${shop.vendorId}, ${verdict}, ${verdict}, ${reasonCode}, ${reasonCode}, now()) RETURNING id`,
  );
  if (!row) throw new Error('receipt not inserted');
  return row.id;
}

async function signUpAdmin() {
  const admin = await signUp(app);
  await db().execute(sql`UPDATE users SET is_admin = true WHERE id = ${admin.userId}`);
  return admin;
}

describe('sock puppets: five new accounts redeemed at their own shop’s till', () => {
  it('move neither the rating nor the trust level; each review is shown to its author alone, pending', async () => {
    const owner = await buildShop(app, { business: { businessName: 'Puppet Pastizzeria' } });
    const offerId = await createOffer(app, owner, { title: 'Pastizz and tea' });
    const viewer = await signUp(app);
    await makeEstablished(db(), viewer.userId);
    const before = await trustOf(owner);

    const puppets = [];
    for (const name of ['Anna', 'Bert', 'Carla', 'Dion', 'Ena']) puppets.push(await signUp(app, { name: `${name} Puppet` }));
    const written: Review[] = [];
    for (const puppet of puppets) {
      const claimId = await claimAndRedeem(owner, offerId, puppet);
      const response = await review(puppet, { claimId, stars: 5, text: 'Best in Malta!' });
      // Accepted as before, but held: the account is not established.
      expect(response.statusCode, response.body).toBe(201);
      const made = bodyOf(response, reviewResponseSchema).data;
      expect(made).toMatchObject({ stars: 5, mine: true, pendingEstablished: true, underDispute: false });
      written.push(made);
    }

    // Shoppers see no review and no rating; the owner neither.
    expect(await reviewsOf(viewer, owner.vendorId)).toEqual({ data: [], nextCursor: null, rating: { average: null, count: 0 } });
    expect((await reviewsOf(owner, owner.vendorId)).data).toEqual([]);
    const shopPage = await app.inject({ method: 'GET', url: `/api/v1/vendors/${owner.vendorId}`, cookies: viewer.cookies });
    expect(shopPage.json().data.rating).toEqual({ average: null, count: 0 });
    const offerPage = await app.inject({ method: 'GET', url: `/api/v1/offers/${offerId}`, cookies: viewer.cookies });
    expect(offerPage.json().data.rating).toEqual({ average: null, count: 0 });

    // Each author reads their own, marked pending, and nobody else's.
    for (const [index, puppet] of puppets.entries()) {
      const page = await reviewsOf(puppet, owner.vendorId);
      expect(page.data).toEqual([expect.objectContaining({ reviewId: written[index]?.reviewId, mine: true, pendingEstablished: true })]);
      expect(page.rating).toEqual({ average: null, count: 0 });
    }

    // The trust level did not move (whether the five also count as pending depends on the suspicious-activity queue,
    // which lists such a burst: they count nowhere then).
    const after = await trustOf(owner);
    expect(after.trust).toMatchObject({ level: before.trust.level, verifiedPurchases: 0, rating: null, reviewCount: 0 });
    // The burst is in the admin's suspicious-activity queue: one OPEN entry with the five accounts, their redemptions
    // and their reviews, which count nowhere (not even as pending) until an admin clears them.
    const listed = (await app.suspiciousActivity.list('OPEN')).filter((entry) => entry.vendorId === owner.vendorId);
    expect(listed.map((entry) => entry.accounts.map((account) => account.userId))).toEqual([puppets.map((puppet) => puppet.userId)]);
    expect(listed[0]?.events.map((event) => event.kind).sort()).toEqual([...Array<string>(5).fill('REDEMPTION'), ...Array<string>(5).fill('REVIEW')]);
    expect(after.trust.pendingPurchases).toBe(0);
    // The owner was not told of reviews shoppers cannot read.
    expect((await bell(owner)).filter((each) => each.kind === 'REVIEW_RECEIVED')).toEqual([]);
    // The owner cannot reply to a review they cannot see.
    const reply = await app.inject({ method: 'POST', url: `/api/v1/reviews/${written[0]?.reviewId ?? 0}/reply`, cookies: owner.cookies, payload: { text: 'Thanks!' } });
    expect(reply.json()).toMatchObject({ statusCode: 404, code: 'reviewNotFound' });
    // Nor can anyone report it.
    const reported = await app.inject({ method: 'POST', url: '/api/v1/reports', cookies: viewer.cookies, payload: { kind: 'REVIEW', id: written[1]?.reviewId ?? 0, reason: 'FAKE_REVIEW' } });
    expect(reported.json()).toMatchObject({ statusCode: 404, code: 'reportItemNotFound' });
  });
});

describe('an established shopper', () => {
  it('who redeems a code reviews at once: live, in the rating and the trust level, and the owner is told', async () => {
    const owner = await buildShop(app);
    const offerId = await createOffer(app, owner);
    const shopper = await signUp(app, { name: 'Maria Borg' });
    const viewer = await signUp(app);
    // Verified, and created 8 days ago.
    await makeEstablished(db(), shopper.userId, ESTABLISHED_ACCOUNT_DAYS + 1);
    expect(await me(shopper)).toMatchObject({ emailVerified: true, established: true, establishedAt: expect.any(String) });

    const claimId = await claimAndRedeem(owner, offerId, shopper);
    const response = await review(shopper, { claimId, stars: 5, text: 'Fresh' });
    expect(response.statusCode).toBe(201);
    expect(bodyOf(response, reviewResponseSchema).data).toMatchObject({ pendingEstablished: false, underDispute: false, author: { displayName: 'Maria B.' } });

    const page = await reviewsOf(viewer, owner.vendorId);
    expect(page.rating).toEqual({ average: 5, count: 1 });
    expect(page.data).toEqual([expect.objectContaining({ stars: 5, text: 'Fresh', mine: false, pendingEstablished: false, underDispute: false })]);
    expect((await trustOf(owner)).trust).toMatchObject({ verifiedPurchases: 1, pendingPurchases: 0, rating: 5, reviewCount: 1 });
    expect((await bell(owner)).filter((each) => each.kind === 'REVIEW_RECEIVED')).toHaveLength(1);
  });

  it('is one whose held review goes live by itself: once verified and 7 days old, or with purchases at two other shops', async () => {
    const owner = await buildShop(app);
    const offerId = await createOffer(app, owner);
    const viewer = await signUp(app);
    const shopper = await signUp(app);
    const fresh = await me(shopper);
    expect(fresh).toMatchObject({ emailVerified: false, established: false, establishedAt: null });

    const claimId = await claimAndRedeem(owner, offerId, shopper);
    const written = bodyOf(await review(shopper, { claimId, stars: 4 }), reviewResponseSchema);
    expect(written.data.pendingEstablished).toBe(true);

    // Old enough but not verified: still held.
    await db().execute(sql`UPDATE users SET created_at = now() - make_interval(days => ${ESTABLISHED_ACCOUNT_DAYS}, mins => 1) WHERE id = ${shopper.userId}`);
    expect((await reviewsOf(viewer, owner.vendorId)).data).toEqual([]);
    // Verified, and a minute short of 7 days: still held; establishedAt says when.
    await db().execute(sql`UPDATE users SET email_verified_at = now(), created_at = now() - make_interval(days => ${ESTABLISHED_ACCOUNT_DAYS}) + interval '1 minute' WHERE id = ${shopper.userId}`);
    const waiting = await me(shopper);
    expect(waiting.established).toBe(false);
    expect(Date.parse(waiting.establishedAt ?? '') - Date.now()).toBeGreaterThan(0);
    expect(Date.parse(waiting.establishedAt ?? '') - Date.now()).toBeLessThan(2 * 60_000);
    expect((await reviewsOf(viewer, owner.vendorId)).data).toEqual([]);
    expect((await trustOf(owner)).trust).toMatchObject({ verifiedPurchases: 0, pendingPurchases: 1 });

    // Two minutes later (the clock moved back instead): live, with no job and no write to the review.
    await db().execute(sql`UPDATE users SET created_at = created_at - interval '2 minutes' WHERE id = ${shopper.userId}`);
    expect(await me(shopper)).toMatchObject({ established: true });
    const live = await reviewsOf(viewer, owner.vendorId);
    expect(live.data).toEqual([expect.objectContaining({ reviewId: written.data.reviewId, pendingEstablished: false })]);
    expect(live.rating).toEqual({ average: 4, count: 1 });
    expect((await trustOf(owner)).trust).toMatchObject({ verifiedPurchases: 1, pendingPurchases: 0 });

    // A verified account of a day with purchases at two other shops is established here at once.
    const traveller = await signUp(app);
    await db().execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${traveller.userId}`);
    const travellerClaim = await claimAndRedeem(owner, await createOffer(app, owner, { title: 'Second' }), traveller);
    const travellerReview = bodyOf(await review(traveller, { claimId: travellerClaim, stars: 2 }), reviewResponseSchema).data;
    expect(travellerReview.pendingEstablished).toBe(true);
    for (let index = 0; index < 2; index += 1) {
      const other = await buildShop(app);
      await insertRedemption(other, await createOffer(app, other), traveller);
      // One other shop is not enough.
      if (index === 0) expect((await reviewsOf(viewer, owner.vendorId)).rating.count).toBe(1);
    }
    expect((await reviewsOf(viewer, owner.vendorId)).rating).toEqual({ average: 3, count: 2 });
    expect(await me(traveller)).toMatchObject({ established: true });
  });

  it('keeps a deleted account’s review live only if the account was established: its age stops at the deletion', async () => {
    const owner = await buildShop(app);
    const offerId = await createOffer(app, owner);
    const viewer = await signUp(app);
    const young = await signUp(app);
    const old = await signUp(app);
    await makeEstablished(db(), young.userId, 2);
    await makeEstablished(db(), old.userId, 30);
    await review(young, { claimId: await claimAndRedeem(owner, offerId, young), stars: 1 });
    await review(old, { claimId: await claimAndRedeem(owner, await createOffer(app, owner, { title: 'Other' }), old), stars: 3 });
    expect((await reviewsOf(viewer, owner.vendorId)).rating).toEqual({ average: 3, count: 1 });

    for (const account of [young, old]) {
      const deleted = await app.inject({ method: 'DELETE', url: '/api/v1/me', cookies: account.cookies, payload: { password: 'secret123' } });
      expect(deleted.statusCode, deleted.body).toBe(204);
    }
    expect((await reviewsOf(viewer, owner.vendorId)).rating).toEqual({ average: 3, count: 1 });
    // Six days later (the deletion and the account's creation moved back): the young account would be 8 days old, but
    // it was deleted at 2 days, so its review stays held.
    await db().execute(sql`UPDATE users SET created_at = created_at - interval '6 days', deleted_at = deleted_at - interval '6 days' WHERE deleted_at IS NOT NULL`);
    const page = await reviewsOf(viewer, owner.vendorId);
    expect(page.rating).toEqual({ average: 3, count: 1 });
    expect(page.data).toEqual([expect.objectContaining({ stars: 3, author: { displayName: '', formerShopper: true } })]);
  });
});

describe('a review whose receipt the shop disputes', () => {
  async function disputedReview(stars: number) {
    const owner = await buildShop(app, { business: { businessName: 'Disputed Deli' } });
    const shopper = await signUp(app);
    const viewer = await signUp(app);
    await makeEstablished(db(), shopper.userId);
    const receiptId = await insertCheckedReceipt(owner, shopper, 'VERIFIED');
    const written = bodyOf(await review(shopper, { receiptId, stars, text: 'Stale bread' }), reviewResponseSchema).data;
    expect(written).toMatchObject({ pendingEstablished: false, underDispute: false });
    expect((await reviewsOf(viewer, owner.vendorId)).rating).toEqual({ average: stars, count: 1 });

    const rejected = await app.inject({
      method: 'POST',
      url: `/api/v1/receipts/${receiptId}/decision`,
      cookies: owner.cookies,
      payload: { status: 'REJECTED', reason: 'Not sold here' },
    });
    expect(rejected.statusCode).toBe(200);
    return { owner, shopper, viewer, receiptId, reviewId: written.reviewId };
  }

  const settle = async (receiptId: number, status: 'VERIFIED' | 'REJECTED', reason: string) => {
    const admin = await signUpAdmin();
    const response = await app.inject({ method: 'POST', url: `/api/v1/admin/receipts/${receiptId}/settlement`, cookies: admin.cookies, payload: { status, reason } });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('stays on the page marked under dispute and out of the average; settled REJECTED it is removed, both sides told why', async () => {
    const { owner, shopper, viewer, receiptId, reviewId } = await disputedReview(1);
    const disputed = await reviewsOf(viewer, owner.vendorId);
    expect(disputed.data).toEqual([expect.objectContaining({ reviewId, underDispute: true, pendingEstablished: false })]);
    expect(disputed.rating).toEqual({ average: null, count: 0 });
    expect((await trustOf(owner)).trust).toMatchObject({ rating: null, reviewCount: 0 });

    const reason = 'The receipt names another shop';
    await settle(receiptId, 'REJECTED', reason);
    expect(await reviewsOf(viewer, owner.vendorId)).toMatchObject({ data: [], rating: { average: null, count: 0 } });
    const [row] = await selectRows<{ status: string; status_reason: string }>(db(), sql`SELECT status, status_reason FROM reviews WHERE id = ${reviewId}`);
    expect(row).toEqual({ status: 'REMOVED', status_reason: reason });
    const payload = { reviewId, vendorId: owner.vendorId, businessName: 'Disputed Deli', stars: 1, outcome: 'REMOVED', reason };
    expect(await bell(shopper)).toContainEqual(expect.objectContaining({ kind: 'REVIEW_DISPUTE_SETTLED', payload: { ...payload, recipient: 'REVIEWER' } }));
    expect(await bell(owner)).toContainEqual(expect.objectContaining({ kind: 'REVIEW_DISPUTE_SETTLED', payload: { ...payload, recipient: 'OWNER' } }));
  });

  it('counts again once settled VERIFIED, and both sides are told', async () => {
    const { owner, shopper, viewer, receiptId, reviewId } = await disputedReview(2);
    const reason = 'The till roll matches';
    await settle(receiptId, 'VERIFIED', reason);
    const page = await reviewsOf(viewer, owner.vendorId);
    expect(page.data).toEqual([expect.objectContaining({ reviewId, underDispute: false })]);
    expect(page.rating).toEqual({ average: 2, count: 1 });
    const payload = { reviewId, vendorId: owner.vendorId, businessName: 'Disputed Deli', stars: 2, outcome: 'KEPT', reason };
    expect(await bell(shopper)).toContainEqual(expect.objectContaining({ kind: 'REVIEW_DISPUTE_SETTLED', payload: { ...payload, recipient: 'REVIEWER' } }));
    expect(await bell(owner)).toContainEqual(expect.objectContaining({ kind: 'REVIEW_DISPUTE_SETTLED', payload: { ...payload, recipient: 'OWNER' } }));
  });
});

describe('what counts for the trust level, Conversions and the audiences', () => {
  it('counts established shoppers’ purchases for the level, the others as pending; never the owner’s or flagged ones', async () => {
    const owner = await buildShop(app);
    const offerId = await createOffer(app, owner);
    const [established, newcomer, another, flagged] = [await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    if (!established || !newcomer || !another || !flagged) throw new Error('accounts missing');
    await makeEstablished(db(), established.userId);
    await insertRedemption(owner, offerId, established);
    await insertRedemption(owner, offerId, newcomer);
    await insertCheckedReceipt(owner, another, 'VERIFIED');
    const flaggedClaim = await insertRedemption(owner, offerId, flagged);
    // The owner's own purchase at the till (only possible by writing it in).
    await insertRedemption(owner, offerId, owner);
    const [entry] = await selectRows<{ id: number }>(db(), sql`INSERT INTO suspicious_activity (vendor_id, rule_code) VALUES (${owner.vendorId}, 'NEW_ACCOUNTS_BURST') RETURNING id`);
    await db().execute(
      sql`INSERT INTO suspicious_activity_items (activity_id, item_kind, item_id, user_id, occurred_at) VALUES (${entry?.id ?? 0}, 'REDEMPTION', ${flaggedClaim}, ${flagged.userId}, now())`,
    );

    const data = await trustOf(owner);
    expect(data.trust).toMatchObject({ verifiedPurchases: 1, pendingPurchases: 2 });
    // Conversions: every verified purchase (the owner's own too), except the flagged one.
    expect(data.metrics.conversions.value).toBe(4);

    // Cleared by an admin, the flagged one counts again (as pending: its account is new).
    await db().execute(sql`UPDATE suspicious_activity SET status = 'CLEARED' WHERE id = ${entry?.id ?? 0}`);
    const cleared = await trustOf(owner);
    expect(cleared.trust).toMatchObject({ verifiedPurchases: 1, pendingPurchases: 3 });
    expect(cleared.metrics.conversions.value).toBe(5);
  });

  it('keeps NEW_CUSTOMERS from anyone who bought at the shop, and PREMIUM for established accounts’ purchases', async () => {
    const owner = await buildShop(app);
    const newOnly = await createOffer(app, owner, { targetAudience: 'NEW_CUSTOMERS', title: 'First visit' });
    const premium = await createOffer(app, owner, { targetAudience: 'PREMIUM_CUSTOMERS', title: 'For regulars' });

    // A new account whose receipt only the owner confirmed has bought here: not a new customer.
    const confirmed = await signUp(app);
    const [receipt] = await selectRows<{ id: number }>(
      db(),
      sql`INSERT INTO receipts (consumer_user_id, vendor_id, status, auto_status, checked_at, decided_at) VALUES (${confirmed.userId}, ${owner.vendorId}, 'VERIFIED', 'NEEDS_REVIEW', now(), now()) RETURNING id`,
    );
    expect(receipt?.id).toBeGreaterThan(0);
    expect((await claim(confirmed, newOnly)).json()).toMatchObject({ statusCode: 403, code: 'audienceNewCustomers' });

    // Five purchases at other shops by an unverified account: not established, so none counts for PREMIUM.
    const regular = await signUp(app);
    for (let index = 0; index < PREMIUM_VERIFIED_PURCHASES; index += 1) {
      const other = await buildShop(app);
      await insertRedemption(other, await createOffer(app, other), regular);
    }
    const refused = await claim(regular, premium);
    expect(refused.json()).toMatchObject({ statusCode: 403, code: 'audiencePremium', params: { count: PREMIUM_VERIFIED_PURCHASES, have: 0 } });
    // Verified, with purchases at two other shops and more: established, and the five count.
    await db().execute(sql`UPDATE users SET email_verified_at = now() WHERE id = ${regular.userId}`);
    expect((await claim(regular, premium)).statusCode).toBe(201);
  });
});

describe('the sign-up network', () => {
  it('is stored as a salted hash of the /24, alike for two addresses of one network, never the address', async () => {
    const signUpFrom = async (remoteAddress: string) => {
      const response = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody(), remoteAddress });
      expect(response.statusCode).toBe(201);
      const [row] = await selectRows<{ signup_network: string | null }>(db(), sql`SELECT signup_network FROM users WHERE id = ${response.json().user.id}`);
      return row?.signup_network;
    };
    const first = await signUpFrom('203.0.113.7');
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(await signUpFrom('203.0.113.99')).toBe(first);
    expect(await signUpFrom('198.51.100.7')).not.toBe(first);
    expect(first).not.toContain('203');
  });
});

describe('POST /api/v1/receipts/:receiptId/ask-shop', () => {
  it('sends a receipt the check rejected to the owner as NEEDS_REVIEW, once; the owner decides it as any other', async () => {
    const owner = await buildShop(app, { business: { businessName: 'Asked Bakery' } });
    const shopper = await signUp(app);
    await makeEstablished(db(), shopper.userId);
    const stranger = await signUp(app);
    const receiptId = await insertCheckedReceipt(owner, shopper, 'REJECTED', 'receiptAnotherShop');
    const verified = await insertCheckedReceipt(owner, shopper, 'VERIFIED');

    const mine = async () =>
      new Map((await api(app).get('/api/v1/me/receipts', { cookies: shopper.cookies, expect: receiptsResponseSchema })).body.data.map((each) => [each.receiptId, each]));
    expect((await mine()).get(receiptId)).toMatchObject({ status: 'REJECTED', askedShopAt: null, canAskShop: true });
    expect((await mine()).get(verified)).toMatchObject({ canAskShop: false });

    // Another shopper's receipt does not exist for them; a bad id is 400; no session is 401.
    expect((await askShop(stranger, receiptId)).json()).toMatchObject({ statusCode: 404, code: 'receiptNotFound' });
    expect((await askShop(shopper, 'abc')).statusCode).toBe(400);
    expect((await askShop({}, receiptId)).statusCode).toBe(401);
    expect((await askShop(shopper, 999_999)).statusCode).toBe(404);
    // A receipt the check verified is not one to ask about.
    expect((await askShop(shopper, verified)).json()).toMatchObject({ statusCode: 409, code: 'receiptCheckNotAskable', message: MESSAGES.receiptCheckNotAskable });

    const asked = await askShop(shopper, receiptId);
    expect(asked.statusCode, asked.body).toBe(200);
    const answer = bodyOf(asked, receiptResponseSchema).data;
    expect(answer).toMatchObject({ receiptId, status: 'NEEDS_REVIEW', canAskShop: false, reasonCode: 'receiptAnotherShop' });
    expect(Date.parse(answer.askedShopAt ?? '')).not.toBeNaN();
    expect((await mine()).get(receiptId)).toMatchObject({ status: 'NEEDS_REVIEW', askedShopAt: answer.askedShopAt, canAskShop: false });
    const [row] = await selectRows<{ status: string; auto_status: string; auto_reason_code: string }>(
      db(),
      sql`SELECT status, auto_status, auto_reason_code FROM receipts WHERE id = ${receiptId}`,
    );
    expect(row).toEqual({ status: 'NEEDS_REVIEW', auto_status: 'REJECTED', auto_reason_code: 'receiptAnotherShop' });

    // Once only.
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await askShop(shopper, receiptId)).json()).toMatchObject({ statusCode: 409, code: 'receiptCheckNotAskable' });
    const told = (await bell(owner)).filter((each) => each.kind === 'RECEIPT_CHECK_ASKED');
    expect(told).toEqual([expect.objectContaining({ payload: { receiptId, vendorId: owner.vendorId } })]);

    // The owner's queue shows it waiting for their decision.
    const queue = (await api(app).get('/api/v1/vendors/me/receipts?status=NEEDS_REVIEW', { cookies: owner.cookies, expect: vendorReceiptsResponseSchema })).body;
    expect(queue.data.map((each) => [each.receiptId, each.autoStatus, each.askedShopAt])).toEqual([[receiptId, 'REJECTED', answer.askedShopAt]]);

    // The owner confirms it: a customer confirmation, which grants no review (as for any receipt only the owner confirmed).
    const decided = await app.inject({ method: 'POST', url: `/api/v1/receipts/${receiptId}/decision`, cookies: owner.cookies, payload: { status: 'VERIFIED' } });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().data).toMatchObject({ status: 'VERIFIED', autoStatus: 'REJECTED' });
    expect((await review(shopper, { receiptId, stars: 5 })).json()).toMatchObject({ statusCode: 403, code: 'reviewNotAllowed' });
    expect((await trustOf(owner)).trust).toMatchObject({ customerConfirmations: 1 });
  });

  it('is refused once the owner decided a held receipt, and for one still being read', async () => {
    const owner = await buildShop(app);
    const shopper = await signUp(app);
    const held = await insertCheckedReceipt(owner, shopper, 'NEEDS_REVIEW', 'receiptUnreadable');
    const decided = await app.inject({ method: 'POST', url: `/api/v1/receipts/${held}/decision`, cookies: owner.cookies, payload: { status: 'REJECTED', reason: 'Unreadable' } });
    expect(decided.statusCode).toBe(200);
    expect((await askShop(shopper, held)).json()).toMatchObject({ statusCode: 409, code: 'receiptCheckNotAskable' });

    const [pending] = await selectRows<{ id: number }>(db(), sql`INSERT INTO receipts (consumer_user_id, vendor_id) VALUES (${shopper.userId}, ${owner.vendorId}) RETURNING id`);
    expect((await askShop(shopper, pending?.id ?? 0)).json()).toMatchObject({ statusCode: 409, code: 'receiptCheckNotAskable' });
  });
});

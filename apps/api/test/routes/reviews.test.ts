import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  RATING_WINDOW_MONTHS,
  REVIEW_REPLY_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_WINDOW_DAYS,
  REVIEWS_PAGE_SIZE,
  claimsResponseSchema,
  formatMessage,
  notificationsResponseSchema,
  receiptsResponseSchema,
  reviewResponseSchema,
  reviewsPageSchema,
  vendorInsightsResponseSchema,
} from '@qrib/shared';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { ReviewAlreadyWritten } from '../../src/domains/trust/repository/reviews.ts';
import { drawClaimCode } from '../../src/domains/claims/claim-codes.ts';
import { buildShop, createOffer, makeEstablished, type Shop } from '../factories.ts';
import { api, bodyOf, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let app: App;
let testDb: TestDatabase;

useTestApp({}, (made) => ({ app, testDb } = made));

type Account = { cookies: Record<string, string>; userId: number };

const db = () => testDb.database.db;
const review = (account: Account, payload: unknown) => app.inject({ method: 'POST', url: '/api/v1/reviews', cookies: account.cookies, payload: payload as object });
const replyTo = (account: Account, reviewId: number, text: unknown) =>
  app.inject({ method: 'POST', url: `/api/v1/reviews/${reviewId}/reply`, cookies: account.cookies, payload: { text } });
const reviewsOf = (account: Account, vendorId: number, cursor?: string) =>
  app.inject({ method: 'GET', url: `/api/v1/vendors/${vendorId}/reviews${cursor === undefined ? '' : `?cursor=${encodeURIComponent(cursor)}`}`, cookies: account.cookies });
const reviewOf = (response: LightMyRequestResponse) => bodyOf(response, reviewResponseSchema).data;
/**
 * A shopper whose reviews are live and whose purchases count (issue 24: verified, 8 days old). The rules for new
 * accounts are tested in evidence.test.ts; these tests are about reviews and the rating themselves.
 */
async function signUpEstablished(overrides: Record<string, unknown> = {}) {
  const account = await signUp(app, overrides);
  await makeEstablished(db(), account.userId);
  return account;
}

/** A claim of `shopper` on the offer, REDEEMED `daysAgo` days ago unless `status` says ACTIVE. */
async function insertClaim(shop: Shop, offerId: number, shopper: Account, options: { daysAgo?: number; at?: string; status?: 'ACTIVE' | 'REDEEMED' } = {}) {
  const status = options.status ?? 'REDEEMED';
  const redeemedAt = status === 'REDEEMED' ? (options.at ?? new Date(Date.now() - (options.daysAgo ?? 0) * 86_400_000).toISOString()) : null;
  const [row] = await selectRows<{ id: number }>(
    db(),
    sql`INSERT INTO offer_claims (offer_id, vendor_id, user_id, code, status, redeemed_at, created_at)
        VALUES (${offerId}, ${shop.vendorId}, ${shopper.userId}, ${drawClaimCode()}, ${status}, ${redeemedAt}::timestamptz,
                COALESCE(${redeemedAt}::timestamptz, now()))
        RETURNING id`,
  );
  if (!row) throw new Error('claim not inserted');
  return row.id;
}

interface ReceiptFacts {
  status: 'PENDING' | 'VERIFIED' | 'REJECTED' | 'NEEDS_REVIEW';
  autoStatus?: 'VERIFIED' | 'REJECTED' | 'NEEDS_REVIEW' | null;
  settledBy?: number | null;
  at?: Date;
  offerId?: number | null;
  claimId?: number | null;
}

async function insertReceipt(shop: { vendorId: number }, shopper: { userId: number }, facts: ReceiptFacts) {
  const [row] = await selectRows<{ id: number }>(
    db(),
    sql`INSERT INTO receipts (consumer_user_id, vendor_id, offer_id, claim_id, status, auto_status, settled_by_user_id, settled_at, created_at)
        VALUES (${shopper.userId}, ${shop.vendorId}, ${facts.offerId ?? null}, ${facts.claimId ?? null}, ${facts.status}, ${facts.autoStatus ?? null},
                ${facts.settledBy ?? null}, ${facts.settledBy ? sql`now()` : null}, ${(facts.at ?? new Date()).toISOString()}::timestamptz)
        RETURNING id`,
  );
  if (!row) throw new Error('receipt not inserted');
  return row.id;
}

describe('writing a review', () => {
  it('answers 201 for a redeemed code with the shopper’s first name and initial, and tells the owner', async () => {
    const shop = await buildShop(app, { business: { businessName: 'Review Bakery' } });
    const offerId = await createOffer(app, shop, { title: 'Ftira for two' });
    const shopper = await signUpEstablished({ name: 'Maria Borg' });
    const claimId = await insertClaim(shop, offerId, shopper, { daysAgo: 2 });

    const response = await review(shopper, { claimId, stars: 4, text: '  Fresh and warm.  ' });
    expect(response.statusCode).toBe(201);
    const made = reviewOf(response);
    expect(made).toMatchObject({
      vendorId: shop.vendorId,
      offerId,
      stars: 4,
      text: 'Fresh and warm.',
      author: { displayName: 'Maria B.' },
      verifiedPurchase: true,
      reply: null,
      mine: true,
    });
    expect(made.reviewId).toBeGreaterThan(0);
    expect(Date.parse(made.createdAt)).not.toBeNaN();

    const told = await selectRows<{ user_id: number; kind: string; payload: Record<string, unknown> }>(
      db(),
      sql`SELECT user_id, kind, payload FROM notifications WHERE kind = 'REVIEW_RECEIVED' AND payload->>'reviewId' = ${String(made.reviewId)}`,
    );
    expect(told).toEqual([
      { user_id: shop.userId, kind: 'REVIEW_RECEIVED', payload: { reviewId: made.reviewId, vendorId: shop.vendorId, stars: 4, offerTitle: 'Ftira for two' } },
    ]);
    // And the owner's bell lists it (the payload fits the shared schema).
    const bell = (await api(app).get('/api/v1/me/notifications', { cookies: shop.cookies, expect: notificationsResponseSchema })).body;
    expect(bell.data).toContainEqual(expect.objectContaining({ kind: 'REVIEW_RECEIVED', payload: { reviewId: made.reviewId, vendorId: shop.vendorId, stars: 4, offerTitle: 'Ftira for two' } }));

    // A second review of the same purchase: 409, and still one review.
    const again = await review(shopper, { claimId, stars: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'reviewAlreadyWritten', message: MESSAGES.reviewAlreadyWritten });
    const [count] = await selectRows<{ n: number }>(db(), sql`SELECT count(*)::integer AS n FROM reviews WHERE claim_id = ${claimId}`);
    expect(count?.n).toBe(1);
  });

  it('writes one review when the same purchase is sent twice at once: the other answers 409', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = await signUpEstablished();
    const claimId = await insertClaim(shop, offerId, shopper);
    const answers = await Promise.all([1, 2, 3].map((stars) => review(shopper, { claimId, stars })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((each) => each.statusCode === 409)) expect(answer.json()).toMatchObject({ code: 'reviewAlreadyWritten' });
    const [count] = await selectRows<{ n: number }>(db(), sql`SELECT count(*)::integer AS n FROM reviews WHERE claim_id = ${claimId}`);
    expect(count?.n).toBe(1);
    // The owner was told once.
    const [told] = await selectRows<{ n: number }>(db(), sql`SELECT count(*)::integer AS n FROM notifications WHERE user_id = ${shop.userId} AND kind = 'REVIEW_RECEIVED'`);
    expect(told?.n).toBe(1);
  });

  it('leaves a race to the unique index: a write that passed the checks before another committed is refused', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = await signUpEstablished();
    const claimId = await insertClaim(shop, offerId, shopper);
    // Both writers read the purchase before either wrote: each saw no review yet.
    const [first, second] = [await app.reviews.findPurchase(shopper.userId, { claimId }), await app.reviews.findPurchase(shopper.userId, { claimId })];
    if (!first || !second) throw new Error('purchase not found');
    expect(second.reviewId).toBeNull();
    await app.reviews.insert(shopper.userId, first, 5, null);
    await expect(app.reviews.insert(shopper.userId, second, 1, null)).rejects.toBeInstanceOf(ReviewAlreadyWritten);
    const [told] = await selectRows<{ n: number }>(db(), sql`SELECT count(*)::integer AS n FROM notifications WHERE user_id = ${shop.userId} AND kind = 'REVIEW_RECEIVED'`);
    expect(told?.n).toBe(1);
  });

  it('grants a review for receipts verified by the automatic check or settled by an admin, not for one only the owner confirmed', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = await signUpEstablished({ name: 'Luca' });
    const admin = await signUpEstablished();

    const automatic = await insertReceipt(shop, shopper, { status: 'VERIFIED', autoStatus: 'VERIFIED', offerId });
    const settled = await insertReceipt(shop, shopper, { status: 'VERIFIED', autoStatus: 'VERIFIED', settledBy: admin.userId });
    const ownerOnly = await insertReceipt(shop, shopper, { status: 'VERIFIED', autoStatus: 'NEEDS_REVIEW' });
    const ownerOverruled = await insertReceipt(shop, shopper, { status: 'VERIFIED', autoStatus: 'REJECTED' });
    const rejected = await insertReceipt(shop, shopper, { status: 'REJECTED', autoStatus: 'VERIFIED' });
    const pending = await insertReceipt(shop, shopper, { status: 'PENDING' });
    const notRedeemed = await insertClaim(shop, offerId, shopper, { status: 'ACTIVE' });

    const fromAutomatic = await review(shopper, { receiptId: automatic, stars: 5, text: null });
    expect(fromAutomatic.statusCode).toBe(201);
    expect(reviewOf(fromAutomatic)).toMatchObject({ offerId, stars: 5, text: null, author: { displayName: 'Luca' } });
    const fromSettled = await review(shopper, { receiptId: settled, stars: 3, text: '   ' });
    expect(fromSettled.statusCode).toBe(201);
    expect(reviewOf(fromSettled)).toMatchObject({ offerId: null, text: null });

    for (const receiptId of [ownerOnly, ownerOverruled, rejected, pending]) {
      const refused = await review(shopper, { receiptId, stars: 1 });
      expect(refused.statusCode, `receipt ${receiptId}`).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'reviewNotAllowed', message: MESSAGES.reviewNotAllowed });
    }
    expect((await review(shopper, { claimId: notRedeemed, stars: 1 })).json()).toMatchObject({ statusCode: 403, code: 'reviewNotAllowed' });
    const [count] = await selectRows<{ n: number }>(db(), sql`SELECT count(*)::integer AS n FROM reviews WHERE user_id = ${shopper.userId}`);
    expect(count?.n).toBe(2);
  });

  it('answers 404 for a purchase that is not the caller’s, and 409 after the review window', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = await signUpEstablished();
    const stranger = await signUpEstablished();
    const claimId = await insertClaim(shop, offerId, shopper);
    const receiptId = await insertReceipt(shop, shopper, { status: 'VERIFIED', autoStatus: 'VERIFIED' });

    for (const payload of [{ claimId }, { receiptId }, { claimId: 999_999 }, { receiptId: 999_999 }]) {
      const response = await review(stranger, { ...payload, stars: 5 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'purchaseNotFound', message: MESSAGES.purchaseNotFound });
    }
    // The owner cannot review a purchase at their own shop through the shopper's ids either.
    expect((await review(shop, { claimId, stars: 5 })).statusCode).toBe(404);

    // Moved back past the window: 409 with the number of days; one day inside it still answers 201.
    await db().execute(sql`UPDATE offer_claims SET redeemed_at = now() - make_interval(days => ${REVIEW_WINDOW_DAYS}, mins => 1) WHERE id = ${claimId}`);
    const late = await review(shopper, { claimId, stars: 5 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'reviewTooLate', params: { days: REVIEW_WINDOW_DAYS }, message: formatMessage(MESSAGES.reviewTooLate, { days: REVIEW_WINDOW_DAYS }) });
    await db().execute(sql`UPDATE receipts SET created_at = now() - make_interval(days => ${REVIEW_WINDOW_DAYS - 1}) WHERE id = ${receiptId}`);
    expect((await review(shopper, { receiptId, stars: 5 })).statusCode).toBe(201);
  });

  it('refuses (403 reviewNotAllowed) a purchase at a shop that is not ACTIVE, and says so in the shopper’s lists', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = await signUpEstablished();
    const claimId = await insertClaim(shop, offerId, shopper);
    const receiptId = await insertReceipt(shop, shopper, { status: 'VERIFIED', autoStatus: 'VERIFIED' });
    for (const status of ['SUSPENDED', 'PENDING', 'REJECTED', 'CLOSED']) {
      await db().execute(sql`UPDATE vendors SET status = ${status} WHERE id = ${shop.vendorId}`);
      for (const payload of [{ claimId }, { receiptId }]) {
        const response = await review(shopper, { ...payload, stars: 1 });
        expect(response.statusCode, status).toBe(403);
        expect(response.json()).toMatchObject({ code: 'reviewNotAllowed', message: MESSAGES.reviewNotAllowed });
      }
    }
    const claims = (await api(app).get('/api/v1/me/claims', { cookies: shopper.cookies, expect: claimsResponseSchema })).body;
    expect(claims.data.find((each) => each.claimId === claimId)?.review?.canReview).toBe(false);
    const [written] = await selectRows<{ count: number }>(db(), sql`SELECT count(*)::integer AS count FROM reviews WHERE vendor_id = ${shop.vendorId}`);
    expect(written?.count).toBe(0);

    await db().execute(sql`UPDATE vendors SET status = 'ACTIVE' WHERE id = ${shop.vendorId}`);
    expect((await review(shopper, { claimId, stars: 4 })).statusCode).toBe(201);
  });

  it('removes the review of a redemption the till undoes: it neither shows nor counts, and keeps the reason', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = await signUpEstablished();
    const viewer = await signUpEstablished();
    const claimId = await insertClaim(shop, offerId, shopper);
    const written = reviewOf(await review(shopper, { claimId, stars: 1, text: 'Never got it.' }));
    const before = bodyOf(await reviewsOf(viewer, shop.vendorId), reviewsPageSchema);
    expect(before.data.map((each) => each.reviewId)).toEqual([written.reviewId]);
    expect(before.rating.count).toBe(1);

    const undone = await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/redemptions/${claimId}`, cookies: shop.cookies });
    expect(undone.statusCode).toBe(204);
    expect((await reviewsOf(viewer, shop.vendorId)).json()).toMatchObject({ data: [], rating: { average: null, count: 0 } });
    const [row] = await selectRows<{ status: string; status_reason: string | null }>(db(), sql`SELECT status, status_reason FROM reviews WHERE id = ${written.reviewId}`);
    expect(row).toEqual({ status: 'REMOVED', status_reason: 'The redemption was undone at the till.' });
  });

  it('refuses bad input with 400: not exactly one id, stars outside 1–5 or not whole, text too long', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = await signUpEstablished();
    const claimId = await insertClaim(shop, offerId, shopper);
    const receiptId = await insertReceipt(shop, shopper, { status: 'VERIFIED', autoStatus: 'VERIFIED' });

    const cases: [unknown, string][] = [
      [{ stars: 5 }, 'reviewNeedsOnePurchase'],
      [{ claimId, receiptId, stars: 5 }, 'reviewNeedsOnePurchase'],
      [{ claimId, stars: 0 }, 'reviewStarsInvalid'],
      [{ claimId, stars: 6 }, 'reviewStarsInvalid'],
      [{ claimId, stars: 2.5 }, 'reviewStarsInvalid'],
      [{ claimId, stars: '5' }, 'reviewStarsInvalid'],
      [{ claimId, stars: 5, text: 'x'.repeat(REVIEW_TEXT_MAX + 1) }, 'reviewTextTooLong'],
      [{ claimId: 'one', stars: 5 }, 'idInvalid'],
      [{ claimId: 0, stars: 5 }, 'idInvalid'],
    ];
    for (const [payload, code] of cases) {
      const response = await review(shopper, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(JSON.stringify(response.json())).toContain(code);
    }
    expect((await app.inject({ method: 'POST', url: '/api/v1/reviews', payload: { claimId, stars: 5 } })).statusCode).toBe(401);
    const [count] = await selectRows<{ n: number }>(db(), sql`SELECT count(*)::integer AS n FROM reviews WHERE user_id = ${shopper.userId}`);
    expect(count?.n).toBe(0);

    // Exactly REVIEW_TEXT_MAX characters (any language) is accepted.
    const longest = 'ħ'.repeat(REVIEW_TEXT_MAX);
    const accepted = await review(shopper, { claimId, stars: 5, text: longest });
    expect(accepted.statusCode).toBe(201);
    expect(reviewOf(accepted).text).toBe(longest);
  });
});

describe('what the shopper may review', () => {
  it('marks each code and receipt of GET /me/claims and /me/receipts with its review, whether one may be written and until when', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const secondOffer = await createOffer(app, shop, { title: 'Second' });
    const thirdOffer = await createOffer(app, shop, { title: 'Third' });
    const shopper = await signUpEstablished();
    const fresh = await insertClaim(shop, offerId, shopper, { daysAgo: 1 });
    const old = await insertClaim(shop, secondOffer, shopper, { daysAgo: REVIEW_WINDOW_DAYS + 1 });
    const notRedeemed = await insertClaim(shop, thirdOffer, shopper, { status: 'ACTIVE' });
    const automatic = await insertReceipt(shop, shopper, { status: 'VERIFIED', autoStatus: 'VERIFIED' });
    const ownerOnly = await insertReceipt(shop, shopper, { status: 'VERIFIED', autoStatus: 'NEEDS_REVIEW' });
    // A receipt for a redeemed code is the same purchase: reviewed once, as the code.
    const forTheCode = await insertReceipt(shop, shopper, { status: 'VERIFIED', autoStatus: 'NEEDS_REVIEW', claimId: fresh });

    const listed = async () => {
      const claims = (await api(app).get('/api/v1/me/claims', { cookies: shopper.cookies, expect: claimsResponseSchema })).body;
      const receipts = (await api(app).get('/api/v1/me/receipts', { cookies: shopper.cookies, expect: receiptsResponseSchema })).body;
      return {
        claims: new Map(claims.data.map((each) => [each.claimId, each.review])),
        receipts: new Map(receipts.data.map((each) => [each.receiptId, each.review])),
      };
    };
    const before = await listed();
    expect(before.claims.get(fresh)).toMatchObject({ reviewId: null, canReview: true, reviewableUntil: expect.any(String) });
    const until = Date.parse(before.claims.get(fresh)?.reviewableUntil ?? '');
    expect(Math.abs(until - (Date.now() - 86_400_000 + REVIEW_WINDOW_DAYS * 86_400_000))).toBeLessThan(60_000);
    expect(before.claims.get(old)).toMatchObject({ reviewId: null, canReview: false, reviewableUntil: expect.any(String) });
    expect(before.claims.get(notRedeemed)).toEqual({ reviewId: null, canReview: false, reviewableUntil: null });
    expect(before.receipts.get(automatic)).toMatchObject({ reviewId: null, canReview: true });
    expect(before.receipts.get(ownerOnly)).toEqual({ reviewId: null, canReview: false, reviewableUntil: null });
    expect(before.receipts.get(forTheCode)).toMatchObject({ reviewId: null, canReview: true });

    const viaReceipt = reviewOf(await review(shopper, { receiptId: forTheCode, stars: 4 }));
    expect(viaReceipt.offerId).toBe(offerId);
    const after = await listed();
    expect(after.claims.get(fresh)).toMatchObject({ reviewId: viaReceipt.reviewId, canReview: false });
    expect(after.receipts.get(forTheCode)).toMatchObject({ reviewId: viaReceipt.reviewId, canReview: false });
    expect((await review(shopper, { claimId: fresh, stars: 1 })).json()).toMatchObject({ statusCode: 409, code: 'reviewAlreadyWritten' });
    expect(after.receipts.get(automatic)).toMatchObject({ reviewId: null, canReview: true });
  });
});

describe('the owner’s reply', () => {
  it('lets the reviewed shop’s owner reply once; another shop’s owner or a shopper gets 403; the reviewer is told', async () => {
    const shop = await buildShop(app, { business: { businessName: 'Reply Café' } });
    const otherShop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = await signUpEstablished();
    const reviewId = reviewOf(await review(shopper, { claimId: await insertClaim(shop, offerId, shopper), stars: 2, text: 'Cold coffee' })).reviewId;

    for (const account of [otherShop, shopper]) {
      const refused = await replyTo(account, reviewId, 'Not mine to answer');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'reviewNotYourShop', message: MESSAGES.reviewNotYourShop });
    }
    expect((await replyTo(shop, reviewId, '   ')).json()).toMatchObject({ statusCode: 400, code: 'replyLength' });
    expect((await replyTo(shop, reviewId, 'x'.repeat(REVIEW_REPLY_MAX + 1))).json()).toMatchObject({ statusCode: 400, code: 'replyLength' });

    const replied = await replyTo(shop, reviewId, '  Sorry, the machine was broken that day.  ');
    expect(replied.statusCode).toBe(200);
    const answer = reviewOf(replied);
    expect(answer).toMatchObject({ reviewId, stars: 2, text: 'Cold coffee', reply: { text: 'Sorry, the machine was broken that day.' }, mine: false });
    expect(Date.parse(answer.reply?.createdAt ?? '')).not.toBeNaN();

    const twice = await replyTo(shop, reviewId, 'Changed my mind');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'replyAlreadyWritten', message: MESSAGES.replyAlreadyWritten });
    const [stored] = await selectRows<{ reply_text: string }>(db(), sql`SELECT reply_text FROM reviews WHERE id = ${reviewId}`);
    expect(stored?.reply_text).toBe('Sorry, the machine was broken that day.');

    const told = await selectRows<{ user_id: number; payload: Record<string, unknown> }>(db(), sql`SELECT user_id, payload FROM notifications WHERE kind = 'REVIEW_REPLIED'`);
    expect(told).toEqual([{ user_id: shopper.userId, payload: { reviewId, vendorId: shop.vendorId, businessName: 'Reply Café' } }]);
    const bell = (await api(app).get('/api/v1/me/notifications', { cookies: shopper.cookies, expect: notificationsResponseSchema })).body;
    expect(bell.data).toContainEqual(expect.objectContaining({ kind: 'REVIEW_REPLIED', payload: { reviewId, vendorId: shop.vendorId, businessName: 'Reply Café' } }));

    expect((await replyTo(shop, 999_999, 'Hello')).json()).toMatchObject({ statusCode: 404, code: 'reviewNotFound' });
    await db().execute(sql`UPDATE reviews SET status = 'REMOVED', reply_text = NULL WHERE id = ${reviewId}`);
    expect((await replyTo(shop, reviewId, 'Hello')).json()).toMatchObject({ statusCode: 404, code: 'reviewNotFound' });
  });

  it('has no route to delete or edit a review: the review stays', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = await signUpEstablished();
    const reviewId = reviewOf(await review(shopper, { claimId: await insertClaim(shop, offerId, shopper), stars: 1, text: 'Rude staff' })).reviewId;

    for (const method of ['DELETE', 'PATCH', 'PUT'] as const) {
      for (const account of [shop, shopper]) {
        const response = await app.inject({ method, url: `/api/v1/reviews/${reviewId}`, cookies: account.cookies, payload: { stars: 5 } });
        expect([404, 405]).toContain(response.statusCode);
      }
    }
    const page = bodyOf(await reviewsOf(shopper, shop.vendorId), reviewsPageSchema);
    expect(page.data.map((each) => [each.reviewId, each.stars, each.text])).toEqual([[reviewId, 1, 'Rude staff']]);
  });
});

describe('a shop’s reviews and its rating', () => {
  /** A review by a new shopper (or `shopper`), `daysAgo` days old, written straight into the database. */
  async function insertReview(shop: Shop, stars: number, options: { shopper?: Account; daysAgo?: number; status?: 'PUBLISHED' | 'REMOVED' } = {}) {
    const author = options.shopper ?? (await signUpEstablished());
    const [row] = await selectRows<{ id: number }>(
      db(),
      sql`INSERT INTO reviews (vendor_id, user_id, stars, created_at, status)
          VALUES (${shop.vendorId}, ${author.userId}, ${stars}, now() - make_interval(days => ${options.daysAgo ?? 0}), ${options.status ?? 'PUBLISHED'})
          RETURNING id`,
    );
    if (!row) throw new Error('review not inserted');
    return row.id;
  }

  it('marks `mine` the reader’s own review only: for its author, not for the shop’s owner or another shopper', async () => {
    const shop = await buildShop(app);
    const author = await signUpEstablished();
    const other = await signUpEstablished();
    const authorsReview = await insertReview(shop, 5, { shopper: author });
    const othersReview = await insertReview(shop, 2, { shopper: other });
    const mineOf = async (reader: Account) =>
      Object.fromEntries(bodyOf(await reviewsOf(reader, shop.vendorId), reviewsPageSchema).data.map((each) => [each.reviewId, each.mine]));
    expect(await mineOf(author)).toEqual({ [authorsReview]: true, [othersReview]: false });
    expect(await mineOf(other)).toEqual({ [authorsReview]: false, [othersReview]: true });
    expect(await mineOf(shop)).toEqual({ [authorsReview]: false, [othersReview]: false });
  });

  it('rates by each shopper’s latest review of the last 12 months, without removed ones; null with none', async () => {
    const shop = await buildShop(app);
    const viewer = await signUpEstablished();
    const empty = bodyOf(await reviewsOf(viewer, shop.vendorId), reviewsPageSchema);
    expect(empty).toEqual({ data: [], nextCursor: null, rating: { average: null, count: 0 } });

    const changedMind = await signUpEstablished();
    await insertReview(shop, 1, { shopper: changedMind, daysAgo: 40 });
    await insertReview(shop, 5, { shopper: changedMind, daysAgo: 3 });
    await insertReview(shop, 4, { daysAgo: 10 });
    await insertReview(shop, 4, { daysAgo: 1 });
    // Older than the window, and removed: not counted.
    await insertReview(shop, 1, { daysAgo: RATING_WINDOW_MONTHS * 31 + 2 });
    const removed = await insertReview(shop, 1, { daysAgo: 2 });
    await db().execute(sql`UPDATE reviews SET status = 'REMOVED' WHERE id = ${removed}`);
    // Worked out by hand: the latest of each shopper in the window are 5, 4 and 4 → 13 / 3 = 4.33… → 4.3.
    const expected = { average: 4.3, count: 3 };

    const page = bodyOf(await reviewsOf(viewer, shop.vendorId), reviewsPageSchema);
    expect(page.rating).toEqual(expected);
    // Every published review is listed (the older ones too), newest first; the removed one is not.
    expect(page.data.map((each) => each.stars)).toEqual([4, 5, 4, 1, 1]);

    const shopPage = await app.inject({ method: 'GET', url: `/api/v1/vendors/${shop.vendorId}`, cookies: viewer.cookies });
    expect(shopPage.json().data.rating).toEqual(expected);
    const offerId = await createOffer(app, shop);
    const offerPage = await app.inject({ method: 'GET', url: `/api/v1/offers/${offerId}`, cookies: viewer.cookies });
    expect(offerPage.json().data.rating).toEqual(expected);

    // Another shop's rating is its own.
    const other = await buildShop(app);
    expect(bodyOf(await reviewsOf(viewer, other.vendorId), reviewsPageSchema).rating).toEqual({ average: null, count: 0 });
  });

  it('pages newest first with an opaque cursor; a bad cursor is 400', async () => {
    const shop = await buildShop(app);
    const viewer = await signUpEstablished();
    const author = await signUpEstablished();
    const total = REVIEWS_PAGE_SIZE + 3;
    // Several reviews share one instant, so the id breaks ties.
    await db().execute(sql`
      INSERT INTO reviews (vendor_id, user_id, stars, created_at)
      SELECT ${shop.vendorId}, ${author.userId}, 1 + n % 5, date_trunc('second', now()) - make_interval(mins => n / 4)
      FROM generate_series(1, ${total}) AS n`);
    const first = bodyOf(await reviewsOf(viewer, shop.vendorId), reviewsPageSchema);
    expect(first.data).toHaveLength(REVIEWS_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = bodyOf(await reviewsOf(viewer, shop.vendorId, first.nextCursor ?? ''), reviewsPageSchema);
    expect(second.data).toHaveLength(3);
    expect(second.nextCursor).toBeNull();

    const all = [...first.data, ...second.data];
    const [ordered] = await selectRows<{ ids: number[] }>(db(), sql`SELECT array_agg(id ORDER BY created_at DESC, id DESC) AS ids FROM reviews WHERE vendor_id = ${shop.vendorId}`);
    expect(all.map((each) => each.reviewId)).toEqual(ordered?.ids.map(Number));

    for (const cursor of ['nonsense', Buffer.from('{"t":"yesterday","id":1}').toString('base64url'), Buffer.from('{"t":"2026-01-01T00:00:00.000000Z","id":-1}').toString('base64url')]) {
      const bad = await reviewsOf(viewer, shop.vendorId, cursor);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'cursorInvalid' });
    }
  });

  it('hides the reviews of a shop shoppers may not see (404), except from its own owner', async () => {
    const shop = await buildShop(app);
    const viewer = await signUpEstablished();
    expect((await reviewsOf(viewer, 999_999)).json()).toMatchObject({ statusCode: 404, code: 'shopNotFound' });
    await db().execute(sql`UPDATE vendors SET status = 'SUSPENDED' WHERE id = ${shop.vendorId}`);
    expect((await reviewsOf(viewer, shop.vendorId)).json()).toMatchObject({ statusCode: 404, code: 'shopNotFound' });
    expect((await reviewsOf(shop, shop.vendorId)).statusCode).toBe(200);
  });
});

describe('the trust level a shop cannot grade itself', () => {
  it('counts redemptions and receipts checked automatically or by an admin, once a shopper a Malta day; the owner’s own confirmations apart', async () => {
    const shop = await buildShop(app);
    const offers = [await createOffer(app, shop, { title: 'One' }), await createOffer(app, shop, { title: 'Two' })];
    const [first = 0, second = 0] = offers;
    const [a, b, c, d, e, admin] = [await signUpEstablished(), await signUpEstablished(), await signUpEstablished(), await signUpEstablished(), await signUpEstablished(), await signUpEstablished()];
    if (!a || !b || !c || !d || !e || !admin) throw new Error('accounts missing');
    // Malta is UTC+1 in November 2026.
    // A: a redemption and an automatically verified receipt on 3 Nov (Malta) → 1; a redemption on 4 Nov → 1.
    await insertClaim(shop, first, a, { at: '2026-11-03T09:00:00Z' });
    await insertReceipt(shop, a, { status: 'VERIFIED', autoStatus: 'VERIFIED', at: new Date('2026-11-03T14:00:00Z') });
    await insertClaim(shop, second, a, { at: '2026-11-04T09:00:00Z' });
    // B: an automatically verified receipt on 3 Nov → 1; two redemptions on 5 Nov → 1.
    await insertReceipt(shop, b, { status: 'VERIFIED', autoStatus: 'VERIFIED', at: new Date('2026-11-03T10:00:00Z') });
    await insertClaim(shop, first, b, { at: '2026-11-05T09:00:00Z' });
    await insertClaim(shop, second, b, { at: '2026-11-05T17:00:00Z' });
    // C: a receipt the automatic check could not decide, settled VERIFIED by an admin → 1. Three receipts only the
    // owner confirmed (two the check could not decide, one it rejected) → 0, three customer confirmations.
    await insertReceipt(shop, c, { status: 'VERIFIED', autoStatus: 'NEEDS_REVIEW', settledBy: admin.userId, at: new Date('2026-11-06T10:00:00Z') });
    await insertReceipt(shop, c, { status: 'VERIFIED', autoStatus: 'NEEDS_REVIEW', at: new Date('2026-11-07T10:00:00Z') });
    await insertReceipt(shop, c, { status: 'VERIFIED', autoStatus: null, at: new Date('2026-11-08T10:00:00Z') });
    await insertReceipt(shop, c, { status: 'VERIFIED', autoStatus: 'REJECTED', at: new Date('2026-11-09T10:00:00Z') });
    // C: verified automatically, then rejected by the shop and not settled (a dispute) → 0; a code not redeemed → 0.
    await insertReceipt(shop, c, { status: 'REJECTED', autoStatus: 'VERIFIED', at: new Date('2026-11-10T10:00:00Z') });
    await insertClaim(shop, first, c, { status: 'ACTIVE' });
    // D: a redemption and, the same day, the owner's confirmation of a receipt for that code: one purchase → 1, and no
    // customer confirmation (it is the redemption).
    const dClaim = await insertClaim(shop, first, d, { at: '2026-11-11T09:00:00Z' });
    await insertReceipt(shop, d, { status: 'VERIFIED', autoStatus: 'NEEDS_REVIEW', claimId: dClaim, at: new Date('2026-11-11T10:00:00Z') });
    // E: 23:30 on 12 Nov and 00:30 on 13 Nov in Malta (the same UTC date): two Malta days → 2.
    await insertClaim(shop, first, e, { at: '2026-11-12T22:30:00Z' });
    await insertClaim(shop, second, e, { at: '2026-11-12T23:30:00Z' });
    // Another shop's purchases by the same shoppers never count here.
    const other = await buildShop(app);
    await insertReceipt(other, a, { status: 'VERIFIED', autoStatus: 'VERIFIED', at: new Date('2026-11-14T10:00:00Z') });
    // Reviews: A 5 stars, B 4 → 4.5 of 2.
    await db().execute(sql`INSERT INTO reviews (vendor_id, user_id, stars) VALUES (${shop.vendorId}, ${a.userId}, 5), (${shop.vendorId}, ${b.userId}, 4)`);

    const response = await app.inject({ method: 'GET', url: '/api/v1/vendors/me/insights', cookies: shop.cookies });
    expect(response.statusCode).toBe(200);
    const { trust } = bodyOf(response, vendorInsightsResponseSchema).data;
    expect(trust).toMatchObject({
      // A 2 + B 2 + C 1 + D 1 + E 2 = 8: Bronze, Silver at 10 → 2 more, 8 / 10 = 80 %.
      verifiedPurchases: 8,
      level: 'BRONZE',
      nextLevel: 'SILVER',
      purchasesToNextLevel: 2,
      progressPercent: 80,
      customerConfirmations: 3,
      rating: 4.5,
      reviewCount: 2,
    });
    const otherTrust = (await api(app).get('/api/v1/vendors/me/insights', { cookies: other.cookies, expect: vendorInsightsResponseSchema })).body.data.trust;
    expect(otherTrust).toMatchObject({ verifiedPurchases: 1, customerConfirmations: 0, rating: null, reviewCount: 0 });
  });
});

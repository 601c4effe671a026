/** POST /api/v1/reports (issue 14): what may be reported, once while open, by whom, and how often. */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, REPORTS_PER_HOUR, formatMessage, reportCreatedSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { reports, reviews, vendors } from '../../src/db/schema.ts';
import { buildShop, createOffer, makeEstablished } from '../factories.ts';
import { bodyOf, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({}, (made) => ({ testDb, app } = made));

type Account = { cookies: Record<string, string>; userId: number };

function report(account: Account | undefined, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/v1/reports', payload, cookies: account?.cookies });
}

async function shopWithOffer() {
  const owner = await buildShop(app);
  return { owner, vendorId: owner.vendorId, offerId: await createOffer(app, owner, { title: 'Pastizzi for one' }) };
}

/** A review row written straight into the table (the review route has its own tests). */
/** A review by `userId`, made established (issue 24) so the review is live: one shoppers see and may report. */
async function insertReview(vendorId: number, userId: number, status: 'PUBLISHED' | 'REMOVED' = 'PUBLISHED') {
  await makeEstablished(testDb.database.db, userId);
  const [row] = await testDb.database.db.insert(reviews).values({ vendorId, userId, stars: 1, text: 'Rude staff', status }).returning({ id: reviews.id });
  if (!row) throw new Error('review not inserted');
  return row.id;
}

async function openReports(userId: number) {
  return testDb.database.db.select().from(reports).where(and(eq(reports.reporterUserId, userId), eq(reports.status, 'OPEN')));
}

describe('POST /api/v1/reports', () => {
  it('opens a report on an offer, a business and a review (201), and answers the same open report again with 200', async () => {
    const shop = await shopWithOffer();
    const reviewer = await signUp(app);
    const reviewId = await insertReview(shop.vendorId, reviewer.userId);
    const shopper = await signUp(app);

    const offer = await report(shopper, { kind: 'OFFER', id: shop.offerId, reason: 'MISLEADING', text: '  The price is not the one at the till  ' });
    expect(offer.statusCode).toBe(201);
    const offerReportId = bodyOf(offer, reportCreatedSchema).data.reportId;
    expect(offer.json()).toEqual({ data: { reportId: expect.any(Number), status: 'OPEN' } });
    const vendor = await report(shopper, { kind: 'VENDOR', id: shop.vendorId, reason: 'ILLEGAL' });
    expect(vendor.statusCode).toBe(201);
    const review = await report(shopper, { kind: 'REVIEW', id: reviewId, reason: 'OTHER', text: 'Not a customer' });
    expect(review.statusCode).toBe(201);

    // The same item again, even with another reason: the open report the caller has.
    const again = await report(shopper, { kind: 'OFFER', id: shop.offerId, reason: 'OFFENSIVE' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: { reportId: offerReportId, status: 'OPEN' } });

    const rows = await openReports(shopper.userId);
    expect(rows).toHaveLength(3);
    const offerRow = rows.find((row) => row.id === offerReportId);
    expect(offerRow).toMatchObject({ itemKind: 'OFFER', itemId: shop.offerId, reason: 'MISLEADING', text: 'The price is not the one at the till', status: 'OPEN' });

    // Another account's report of the same item is its own.
    const other = await signUp(app);
    const second = await report(other, { kind: 'OFFER', id: shop.offerId, reason: 'MISLEADING' });
    expect(second.statusCode).toBe(201);
    expect(second.json().data.reportId).not.toBe(offerReportId);
  });

  it('opens one report when the same one is sent twice at once (201 and 200, one row)', async () => {
    const shop = await shopWithOffer();
    const shopper = await signUp(app);
    const answers = await Promise.all([
      report(shopper, { kind: 'OFFER', id: shop.offerId, reason: 'MISLEADING' }),
      report(shopper, { kind: 'OFFER', id: shop.offerId, reason: 'MISLEADING' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((answer) => answer.json().data.reportId)).size).toBe(1);
    expect(await openReports(shopper.userId)).toHaveLength(1);
  });

  it('may report again once the earlier report was decided', async () => {
    const shop = await shopWithOffer();
    const shopper = await signUp(app);
    const first = bodyOf(await report(shopper, { kind: 'VENDOR', id: shop.vendorId, reason: 'MISLEADING' }), reportCreatedSchema).data.reportId;
    await testDb.database.db.update(reports).set({ status: 'KEPT', decidedAt: new Date() }).where(eq(reports.id, first));
    const next = await report(shopper, { kind: 'VENDOR', id: shop.vendorId, reason: 'MISLEADING' });
    expect(next.statusCode).toBe(201);
    expect(next.json().data.reportId).not.toBe(first);
  });

  it('answers 404 for an item the caller cannot see: missing, paused, removed, of a business shoppers do not see', async () => {
    const shop = await shopWithOffer();
    const shopper = await signUp(app);
    const reviewer = await signUp(app);
    const notFound = { statusCode: 404, code: 'reportItemNotFound', message: MESSAGES.reportItemNotFound };

    expect((await report(shopper, { kind: 'OFFER', id: 999_999, reason: 'MISLEADING' })).json()).toMatchObject(notFound);
    expect((await report(shopper, { kind: 'VENDOR', id: 999_999, reason: 'MISLEADING' })).json()).toMatchObject(notFound);
    expect((await report(shopper, { kind: 'REVIEW', id: 999_999, reason: 'FAKE_REVIEW' })).json()).toMatchObject(notFound);

    const paused = await app.inject({ method: 'POST', url: `/api/v1/offers/${shop.offerId}/pause`, cookies: shop.owner.cookies });
    expect(paused.statusCode).toBe(200);
    expect((await report(shopper, { kind: 'OFFER', id: shop.offerId, reason: 'MISLEADING' })).json()).toMatchObject(notFound);

    const removedReview = await insertReview(shop.vendorId, reviewer.userId, 'REMOVED');
    expect((await report(shopper, { kind: 'REVIEW', id: removedReview, reason: 'FAKE_REVIEW' })).json()).toMatchObject(notFound);

    // A business shoppers do not see: neither it, nor its offers, nor its reviews.
    const hidden = await shopWithOffer();
    const hiddenReview = await insertReview(hidden.vendorId, reviewer.userId);
    expect((await report(shopper, { kind: 'REVIEW', id: hiddenReview, reason: 'FAKE_REVIEW' })).statusCode).toBe(201);
    for (const status of ['PENDING', 'SUSPENDED', 'REJECTED'] as const) {
      await testDb.database.db.update(vendors).set({ status }).where(eq(vendors.id, hidden.vendorId));
      const other = await signUp(app);
      expect((await report(other, { kind: 'VENDOR', id: hidden.vendorId, reason: 'ILLEGAL' })).json()).toMatchObject(notFound);
      expect((await report(other, { kind: 'OFFER', id: hidden.offerId, reason: 'ILLEGAL' })).json()).toMatchObject(notFound);
      expect((await report(other, { kind: 'REVIEW', id: hiddenReview, reason: 'FAKE_REVIEW' })).json()).toMatchObject(notFound);
    }
    expect(await openReports(shopper.userId)).toHaveLength(1);
  });

  it('answers 404 to an owner reporting their own offer or business, and to a reviewer reporting their own review; an owner may report a review of their shop', async () => {
    const shop = await shopWithOffer();
    const reviewer = await signUp(app);
    const reviewId = await insertReview(shop.vendorId, reviewer.userId);

    expect((await report(shop.owner, { kind: 'OFFER', id: shop.offerId, reason: 'MISLEADING' })).json()).toMatchObject({ statusCode: 404, code: 'reportItemNotFound' });
    expect((await report(shop.owner, { kind: 'VENDOR', id: shop.vendorId, reason: 'MISLEADING' })).json()).toMatchObject({ statusCode: 404, code: 'reportItemNotFound' });
    expect((await report(reviewer, { kind: 'REVIEW', id: reviewId, reason: 'OFFENSIVE' })).json()).toMatchObject({ statusCode: 404, code: 'reportItemNotFound' });
    expect((await report(shop.owner, { kind: 'REVIEW', id: reviewId, reason: 'FAKE_REVIEW', text: 'Never bought here' })).statusCode).toBe(201);
  });

  it('refuses bad input with 400 and the field’s message', async () => {
    const shop = await shopWithOffer();
    const shopper = await signUp(app);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'USER', id: shop.offerId, reason: 'MISLEADING' }, 'kind', MESSAGES.reportKindInvalid],
      [{ kind: 'OFFER', id: shop.offerId, reason: 'BORING' }, 'reason', MESSAGES.reportReasonInvalid],
      [{ kind: 'OFFER', id: 0, reason: 'MISLEADING' }, 'id', MESSAGES.idInvalid],
      [{ kind: 'OFFER', id: 'seven', reason: 'MISLEADING' }, 'id', MESSAGES.idInvalid],
      [{ kind: 'OFFER', id: shop.offerId, reason: 'OTHER' }, 'text', MESSAGES.reportTextRequired],
      [{ kind: 'OFFER', id: shop.offerId, reason: 'OTHER', text: '   ' }, 'text', MESSAGES.reportTextRequired],
      [{ kind: 'OFFER', id: shop.offerId, reason: 'MISLEADING', text: 'x'.repeat(1001) }, 'text', formatMessage(MESSAGES.reportTextTooLong, { max: 1000 })],
    ];
    for (const [payload, field, message] of cases) {
      const response = await report(shopper, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fieldErrors[field]).toBe(message);
    }
    expect(await openReports(shopper.userId)).toHaveLength(0);
    expect((await report(undefined, { kind: 'OFFER', id: shop.offerId, reason: 'MISLEADING' })).statusCode).toBe(401);
  });

  it(`answers 429 to the ${REPORTS_PER_HOUR + 1}th report of an hour from one account; other accounts are not limited by it`, async () => {
    const shop = await shopWithOffer();
    const reviewer = await signUp(app);
    const reviewId = await insertReview(shop.vendorId, reviewer.userId);
    const flooder = await signUp(app);
    for (let sent = 0; sent < REPORTS_PER_HOUR; sent += 1) {
      const response = await report(flooder, { kind: 'OFFER', id: shop.offerId, reason: 'MISLEADING' });
      expect(response.statusCode).toBe(sent === 0 ? 201 : 200);
    }
    const refused = await report(flooder, { kind: 'REVIEW', id: reviewId, reason: 'FAKE_REVIEW' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'tooManyReports', params: { minutes: 60 }, message: formatMessage(MESSAGES.tooManyReports, { minutes: 60 }) });
    expect(await openReports(flooder.userId)).toHaveLength(1);

    const other = await signUp(app);
    expect((await report(other, { kind: 'REVIEW', id: reviewId, reason: 'FAKE_REVIEW' })).statusCode).toBe(201);

    // The window over, the account may report again.
    await testDb.database.db.execute(sql`UPDATE rate_limit_counters SET reset_at = now() - interval '1 second' WHERE key = ${`!reports:${flooder.userId}`}`);
    expect((await report(flooder, { kind: 'REVIEW', id: reviewId, reason: 'FAKE_REVIEW' })).statusCode).toBe(201);
  });
});

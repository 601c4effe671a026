/** The shop owner's receipt queue (GET /vendors/me/receipts) and decision (POST /receipts/:id/decision). */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_DECISION_REASON_LENGTH, MESSAGES, formatMessage, receiptResponseSchema, vendorReceiptsResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { notifications, receipts } from '../../src/db/schema.ts';
import { makePng, multipartBody } from '../fixtures.ts';
import { buildShop, createOffer, maltaDay } from '../factories.ts';
import { bodyOf, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({ uploadsPrefix: 'qrib-review-uploads-' }, (made) => ({ testDb, app } = made));

type Account = Awaited<ReturnType<typeof signUp>>;

async function shopWithOffer(businessName: string) {
  const owner = await buildShop(app, { account: { name: 'Joseph Owner' }, business: { businessName } });
  return { owner, vendorId: owner.vendorId, offerId: await createOffer(app, owner, { title: 'Ftira for two' }) };
}

/** The date OCR read off a receipt: yesterday, within the offer's dates. */
const receiptDate = maltaDay(-1);

let photoCount = 0;
async function uploadReceipt(shopper: Account, vendorId: number, offerId?: number): Promise<number> {
  // A different colour each time: the same bytes are refused the second time.
  photoCount += 1;
  const { payload, headers } = multipartBody({ vendorId, offerId }, [
    { field: 'files', filename: 'receipt.png', contentType: 'image/png', content: await makePng(60, 90, photoCount / 1000) },
  ]);
  const response = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies: shopper.cookies });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return bodyOf(response, receiptResponseSchema).data.receiptId;
}

function queue(account: Account, query = '') {
  return app.inject({ method: 'GET', url: `/api/v1/vendors/me/receipts${query}`, cookies: account.cookies });
}

function decide(account: Account | undefined, receiptId: number | string, payload: unknown) {
  return app.inject({ method: 'POST', url: `/api/v1/receipts/${receiptId}/decision`, payload: payload as object, cookies: account?.cookies });
}

async function receiptRow(receiptId: number) {
  const [row] = await testDb.database.db.select().from(receipts).where(eq(receipts.id, receiptId));
  return row;
}

/** What OCR (another part of the app) would have written before the owner looks. */
async function simulateOcr(receiptId: number, verdict: 'VERIFIED' | 'REJECTED' | 'NEEDS_REVIEW', reason: string | null) {
  await testDb.database.db
    .update(receipts)
    .set({
      status: verdict,
      reason,
      autoStatus: verdict,
      autoReason: reason,
      extractedMerchant: 'RECEIPT BAKERY LTD',
      extractedDate: receiptDate,
      extractedTotal: '12.50',
      checkedAt: new Date(),
    })
    .where(eq(receipts.id, receiptId));
}

describe('GET /api/v1/vendors/me/receipts', () => {
  it('lists only the owner’s own shop’s receipts, newest first, with the shopper’s name (not email), files and OCR fields', async () => {
    const bakery = await shopWithOffer('Review Bakery');
    const cafe = await shopWithOffer('Review Cafe');
    const shopper = await signUp(app, { name: 'Anna Camilleri' });
    const first = await uploadReceipt(shopper, bakery.vendorId, bakery.offerId);
    const second = await uploadReceipt(shopper, bakery.vendorId);
    const atCafe = await uploadReceipt(shopper, cafe.vendorId);
    await simulateOcr(first, 'NEEDS_REVIEW', 'The total could not be read.');

    const response = await queue(bakery.owner);
    expect(response.statusCode).toBe(200);
    const data = bodyOf(response, vendorReceiptsResponseSchema).data;
    // Newest first; the cafe's receipt is not in the bakery's queue.
    expect(data.map((receipt) => receipt.receiptId)).toEqual([second, first]);
    const reviewed = data[1];
    expect(reviewed).toMatchObject({
      shopperName: 'Anna Camilleri',
      formerShopper: false,
      vendor: { vendorId: bakery.vendorId, businessName: 'Review Bakery' },
      offer: { offerId: bakery.offerId, title: 'Ftira for two' },
      status: 'NEEDS_REVIEW',
      reason: 'The total could not be read.',
      extractedMerchant: 'RECEIPT BAKERY LTD',
      extractedDate: receiptDate,
      extractedTotal: 12.5,
      autoStatus: 'NEEDS_REVIEW',
      autoReason: 'The total could not be read.',
      decidedAt: null,
    });
    // Before OCR has run, its fields are null.
    expect(data[0]).toMatchObject({ status: 'PENDING', extractedMerchant: null, extractedDate: null, extractedTotal: null, autoStatus: null, autoReason: null, offer: null });
    // The shopper's email and account details never reach the shop.
    expect(response.body).not.toContain(shopper.email);
    expect(response.body).not.toContain(shopper.username);
    // The files open for the owner through their private address.
    const file = await app.inject({ method: 'GET', url: reviewed?.files[0]?.url ?? '', cookies: bakery.owner.cookies });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toMatch(/^image\//);

    const cafeQueue = bodyOf(await queue(cafe.owner), vendorReceiptsResponseSchema).data;
    expect(cafeQueue.map((receipt) => receipt.receiptId)).toEqual([atCafe]);
  });

  it('filters by the current status and refuses an unknown status', async () => {
    const shop = await shopWithOffer('Filter Bakery');
    const shopper = await signUp(app);
    const pending = await uploadReceipt(shopper, shop.vendorId);
    const unsure = await uploadReceipt(shopper, shop.vendorId);
    await simulateOcr(unsure, 'NEEDS_REVIEW', null);
    const ids = async (query: string) => bodyOf(await queue(shop.owner, query), vendorReceiptsResponseSchema).data.map((receipt) => receipt.receiptId);
    expect(await ids('?status=NEEDS_REVIEW')).toEqual([unsure]);
    expect(await ids('?status=PENDING')).toEqual([pending]);
    expect(await ids('?status=VERIFIED')).toEqual([]);
    expect(await ids('')).toEqual([unsure, pending]);
    const bad = await queue(shop.owner, '?status=DONE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.receiptStatusFilterInvalid);
  });

  it('is for business owners only (403 Register your business first) and needs a session (401)', async () => {
    const shopper = await signUp(app);
    const response = await queue(shopper);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.registerBusinessFirst);
    expect((await app.inject({ method: 'GET', url: '/api/v1/vendors/me/receipts' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/receipts/:receiptId/decision', () => {
  it('lets the owner confirm a receipt OCR rejected: status, decision time and decider are set, the automatic verdict is kept', async () => {
    const shop = await shopWithOffer('Confirm Bakery');
    const shopper = await signUp(app);
    const receiptId = await uploadReceipt(shopper, shop.vendorId, shop.offerId);
    await simulateOcr(receiptId, 'REJECTED', 'The date is outside the offer’s validity.');

    const response = await decide(shop.owner, receiptId, { status: 'VERIFIED' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ receiptId, status: 'VERIFIED', reason: null, autoStatus: 'REJECTED', autoReason: 'The date is outside the offer’s validity.' });
    expect(Date.parse(data.decidedAt)).not.toBeNaN();
    const row = await receiptRow(receiptId);
    expect(row).toMatchObject({ status: 'VERIFIED', reason: null, decidedByUserId: shop.owner.userId, autoStatus: 'REJECTED' });
    expect(row?.decidedAt).toBeInstanceOf(Date);

    // The shopper sees the decision in My receipts.
    const mine = (await app.inject({ method: 'GET', url: '/api/v1/me/receipts', cookies: shopper.cookies })).json().data;
    expect(mine[0]).toMatchObject({ receiptId, status: 'VERIFIED', decidedAt: data.decidedAt });
  });

  it('rejects with the trimmed reason, and keeps a confirmation’s optional note', async () => {
    const shop = await shopWithOffer('Reject Bakery');
    const shopper = await signUp(app);
    const rejected = await uploadReceipt(shopper, shop.vendorId);
    const confirmed = await uploadReceipt(shopper, shop.vendorId);
    const rejection = await decide(shop.owner, rejected, { status: 'REJECTED', reason: '  This receipt is from another shop.  ' });
    expect(rejection.statusCode).toBe(200);
    expect(rejection.json().data).toMatchObject({ status: 'REJECTED', reason: 'This receipt is from another shop.' });
    const confirmation = await decide(shop.owner, confirmed, { status: 'VERIFIED', reason: 'Thanks for shopping with us' });
    expect(confirmation.json().data).toMatchObject({ status: 'VERIFIED', reason: 'Thanks for shopping with us' });
  });

  it.each([
    ['a rejection without a reason', { status: 'REJECTED' }, MESSAGES.receiptRejectReasonRequired, 'reason'],
    ['a rejection with a blank reason', { status: 'REJECTED', reason: '   ' }, MESSAGES.receiptRejectReasonRequired, 'reason'],
    [
      'a reason that is too long',
      { status: 'REJECTED', reason: 'x'.repeat(MAX_DECISION_REASON_LENGTH + 1) },
      formatMessage(MESSAGES.receiptDecisionReasonTooLong, { max: MAX_DECISION_REASON_LENGTH }),
      'reason',
    ],
    ['another status', { status: 'PENDING' }, MESSAGES.receiptDecisionInvalid, 'status'],
    ['no status', {}, MESSAGES.receiptDecisionInvalid, 'status'],
  ])('refuses %s with 400 naming the field, and decides nothing', async (_name, payload, message, field) => {
    const shop = await shopWithOffer('Bad Input Bakery');
    const shopper = await signUp(app);
    const receiptId = await uploadReceipt(shopper, shop.vendorId);
    const response = await decide(shop.owner, receiptId, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fieldErrors).toEqual({ [field]: message });
    expect((await receiptRow(receiptId))?.decidedAt).toBeNull();
  });

  it('answers 400 for a malformed id, 404 for an unknown receipt and 401 without a session', async () => {
    const shop = await shopWithOffer('Ids Bakery');
    const malformed = await decide(shop.owner, 'abc', { status: 'VERIFIED' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe(MESSAGES.receiptNotFound);
    const unknown = await decide(shop.owner, 987654, { status: 'VERIFIED' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.receiptNotFound);
    expect((await decide(undefined, 1, { status: 'VERIFIED' })).statusCode).toBe(401);
  });

  it('refuses another shop’s owner and the shopper who sent it with 403', async () => {
    const shop = await shopWithOffer('Mine Bakery');
    const other = await shopWithOffer('Other Bakery');
    const shopper = await signUp(app);
    const receiptId = await uploadReceipt(shopper, shop.vendorId);
    for (const account of [other.owner, shopper]) {
      const response = await decide(account, receiptId, { status: 'VERIFIED' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.receiptNotYourShop);
    }
    expect((await receiptRow(receiptId))?.decidedAt).toBeNull();
    // Another owner's queue does not show it either.
    expect(bodyOf(await queue(other.owner), vendorReceiptsResponseSchema).data.length).toBe(0);
  });

  it('decides once: a second decision is 409 and changes nothing', async () => {
    const shop = await shopWithOffer('Once Bakery');
    const shopper = await signUp(app);
    const receiptId = await uploadReceipt(shopper, shop.vendorId);
    expect((await decide(shop.owner, receiptId, { status: 'VERIFIED' })).statusCode).toBe(200);
    const again = await decide(shop.owner, receiptId, { status: 'REJECTED', reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.receiptAlreadyDecided);
    expect(await receiptRow(receiptId)).toMatchObject({ status: 'VERIFIED', reason: null });
  });

  it('gives one 200 and one 409 for two decisions sent at the same time, and one notification', async () => {
    const shop = await shopWithOffer('Race Bakery');
    const shopper = await signUp(app);
    const receiptId = await uploadReceipt(shopper, shop.vendorId);
    const responses = await Promise.all([
      decide(shop.owner, receiptId, { status: 'VERIFIED' }),
      decide(shop.owner, receiptId, { status: 'REJECTED', reason: 'Not ours' }),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const winner = responses.find((response) => response.statusCode === 200)?.json().data.status;
    expect((await receiptRow(receiptId))?.status).toBe(winner);
    const sent = await testDb.database.db.select().from(notifications).where(eq(notifications.userId, shopper.userId));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.payload).toMatchObject({ receiptId, status: winner });
  });
});

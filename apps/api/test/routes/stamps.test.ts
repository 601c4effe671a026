/**
 * Issue 29 §2 (ADR 026): stamps and rewards. A stamp comes only from a purchase Qrib counts (a code redeemed at the
 * till, a receipt VERIFIED, a till stamp of the shopper's pass), one a shopper a shop a Malta day, never twice for one
 * purchase, taken back on undo and on a receipt rejected after a dispute; provisional until the account is established;
 * the last stamp issues the reward, a code redeemed once at the till. Malta days are the app's clock, moved with
 * vi.setSystemTime; the concurrency tests run on both databases (PostgreSQL side by side, PGlite one after another).
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, addDays, formatMessage, maltaMidnight, maltaToday, notificationsResponseSchema, redemptionResponseSchema, redemptionsResponseSchema } from '@qrib/shared';
import { myStampCardsResponseSchema, publicStampCardResponseSchema, tillStampResponseSchema } from '@qrib/shared/stamp-card-schemas';
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { receipts, users } from '../../src/db/schema.ts';
import { revokeStamp, stampPurchase } from '../../src/domains/stamp-cards/index.ts';
import { createReceiptChecksRepository } from '../../src/domains/receipts/repository/receipt-checks.ts';
import { buildShop, createOffer, makeEstablished, type Shop } from '../factories.ts';
import { makePng, multipartBody } from '../fixtures.ts';
import { bodyOf, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let app: App;
let testDb: TestDatabase;
useTestApp({ uploadsPrefix: 'qrib-stamps-' }, (made) => ({ app, testDb } = made));

const db = () => testDb.database.db;
type Account = { cookies: Record<string, string>; userId: number };

afterEach(() => {
  vi.useRealTimers();
});

const HOUR = 3_600_000;
/** Noon in Malta `days` from today, on the app's clock. */
function atMaltaNoon(days: number) {
  vi.useRealTimers();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(maltaMidnight(addDays(maltaToday(new Date()), days)).getTime() + 12 * HOUR);
}

const startCard = (shop: Account, stampsRequired = 3, extra: Record<string, unknown> = {}) =>
  app.inject({ method: 'PUT', url: '/api/v1/vendors/me/stamp-card', cookies: shop.cookies, payload: { stampsRequired, rewardText: 'A free coffee', ...extra } });
const claim = (account: Account, offerId: number) => app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/claims`, cookies: account.cookies });
const redeem = (staff: Account, code: string) => app.inject({ method: 'POST', url: '/api/v1/vendors/me/redemptions', cookies: staff.cookies, payload: { code } });
const undo = (staff: Account, claimId: number) => app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/redemptions/${claimId}`, cookies: staff.cookies });
const tillStamp = (staff: Account, pass: unknown) => app.inject({ method: 'POST', url: '/api/v1/vendors/me/stamps', cookies: staff.cookies, payload: { pass } });
const myCards = async (account: Account) => {
  const response = await app.inject({ method: 'GET', url: '/api/v1/me/stamp-cards', cookies: account.cookies });
  expect(response.statusCode, response.body).toBe(200);
  return bodyOf(response, myStampCardsResponseSchema);
};

async function establishedShopper(): Promise<Account> {
  const shopper = await signUp(app);
  // Old enough to be established on any day these tests move the clock to (PGlite's now() follows the faked clock).
  await makeEstablished(db(), shopper.userId, 90);
  return shopper;
}

/** A shop running a card of `stampsRequired`, with `offers` offers (a shopper has one code an offer). */
async function cardShop(stampsRequired = 3, offers = 3): Promise<{ shop: Shop; offerIds: number[] }> {
  const shop = await buildShop(app);
  expect((await startCard(shop, stampsRequired)).statusCode).toBe(201);
  const offerIds: number[] = [];
  for (let index = 0; index < offers; index += 1) offerIds.push(await createOffer(app, shop, { title: `Ftira ${index + 1}` }));
  return { shop, offerIds };
}

/** The shopper's code for the offer, redeemed at the shop's till: the redemption. */
async function buy(shop: Account, shopper: Account, offerId: number) {
  const claimed = await claim(shopper, offerId);
  expect(claimed.statusCode, claimed.body).toBeLessThan(300);
  const redeemed = await redeem(shop, claimed.json().data.code);
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  return bodyOf(redeemed, redemptionResponseSchema).data;
}

/** Till stamps of the pass at the shop at noon on each of `days` (Malta days from today); the clock back after. */
async function stampOnDays(shop: Account, pass: string, days: number[]) {
  for (const day of days) {
    atMaltaNoon(day);
    const stamped = await tillStamp(shop, pass);
    expect(stamped.statusCode, stamped.body).toBe(201);
  }
  vi.useRealTimers();
}

async function stampRows(vendorId: number, userId: number) {
  return selectRows<{ source: string; malta_day: string; revoked: boolean; in_reward: boolean }>(
    db(),
    sql`SELECT source, malta_day::text AS malta_day, revoked_at IS NOT NULL AS revoked, reward_id IS NOT NULL AS in_reward
        FROM stamps WHERE vendor_id = ${vendorId} AND user_id = ${userId} ORDER BY id`,
  );
}

const cardAt = (cards: Awaited<ReturnType<typeof myCards>>, vendorId: number) => cards.data.find((card) => card.vendorId === vendorId);

/** A value the test has just made sure of (the card, its first reward, an offer). */
function must<T>(value: T | undefined | null, what = 'value'): T {
  if (value === undefined || value === null) throw new Error(`no ${what}`);
  return value;
}
/** The shopper's card at the shop, which must exist. */
const theCard = async (account: Account, vendorId: number) => must(cardAt(await myCards(account), vendorId), 'card');
/** The newest reward of the shopper's card at the shop. */
const newestReward = async (account: Account, vendorId: number) => must((await theCard(account, vendorId)).rewards[0], 'reward');

describe('stamps from purchases Qrib counts', () => {
  it('three redemptions on three Malta days complete a 3-stamp card: the reward is a code, redeemed once at the till', async () => {
    const { shop, offerIds } = await cardShop(3);
    const shopper = await establishedShopper();
    for (const [day, offerId] of offerIds.entries()) {
      atMaltaNoon(day);
      await buy(shop, shopper, offerId);
      vi.useRealTimers();
      const card = cardAt(await myCards(shopper), shop.vendorId);
      // The third stamp is used up by the reward it issued.
      expect(card).toMatchObject({ stamps: day === 2 ? 0 : day + 1, provisionalStamps: 0, stampsRequired: 3, rewardText: 'A free coffee', running: true });
    }
    const card = cardAt(await myCards(shopper), shop.vendorId);
    expect(card?.rewards).toHaveLength(1);
    const reward = must(card?.rewards[0], 'reward');
    expect(reward).toMatchObject({ status: 'ACTIVE', rewardText: 'A free coffee', expiresAt: null, redeemedAt: null, businessName: expect.any(String) });
    expect((await stampRows(shop.vendorId, shopper.userId)).map((row) => [row.source, row.in_reward])).toEqual([
      ['REDEMPTION', true],
      ['REDEMPTION', true],
      ['REDEMPTION', true],
    ]);
    // The shopper is told, and the bell leads to the reward.
    const bell = bodyOf(await app.inject({ method: 'GET', url: '/api/v1/me/notifications', cookies: shopper.cookies }), notificationsResponseSchema);
    expect(bell.data.find((item) => item.kind === 'STAMP_REWARD')).toMatchObject({ payload: { rewardId: reward.rewardId, vendorId: shop.vendorId, rewardText: 'A free coffee' } });

    // Another shop's till does not know the code.
    const other = await buildShop(app);
    const elsewhere = await redeem(other, reward.code);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('claimCodeUnknown');

    // The till says what the reward is; a second scan is 409 with the time, as for a code.
    const redeemed = await redeem(shop, reward.code.toLowerCase());
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(bodyOf(redeemed, redemptionResponseSchema).data).toMatchObject({ kind: 'REWARD', rewardId: reward.rewardId, rewardText: 'A free coffee', offerTitle: 'A free coffee', claimId: 0, remaining: null });
    const again = await redeem(shop, reward.code);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('codeAlreadyRedeemed');
    expect(cardAt(await myCards(shopper), shop.vendorId)?.rewards[0]).toMatchObject({ status: 'REDEEMED', redeemedAt: expect.any(String) });

    // It is in the till's list of the day, and undone by its own id (then redeemable again).
    const list = bodyOf(await app.inject({ method: 'GET', url: '/api/v1/vendors/me/redemptions', cookies: shop.cookies }), redemptionsResponseSchema).data;
    expect(list.filter((row) => row.kind === 'REWARD').map((row) => row.rewardId)).toEqual([reward.rewardId]);
    const notMine = await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/reward-redemptions/${reward.rewardId}`, cookies: other.cookies });
    expect(notMine.statusCode).toBe(404);
    const undone = await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/reward-redemptions/${reward.rewardId}`, cookies: shop.cookies });
    expect(undone.statusCode).toBe(204);
    expect((await redeem(shop, reward.code)).statusCode).toBe(200);
  });

  it('gives one stamp a shopper a shop a Malta day, whatever the number of purchases', async () => {
    const { shop, offerIds } = await cardShop(5, 2);
    const shopper = await establishedShopper();
    await buy(shop, shopper, must(offerIds[0]));
    await buy(shop, shopper, must(offerIds[1]));
    const { pass } = await myCards(shopper);
    const till = await tillStamp(shop, pass);
    expect(till.statusCode).toBe(409);
    expect(till.json()).toMatchObject({ code: 'stampAlreadyToday', message: MESSAGES.stampAlreadyToday });
    expect(await stampRows(shop.vendorId, shopper.userId)).toHaveLength(1);
    atMaltaNoon(1);
    expect((await tillStamp(shop, pass)).statusCode).toBe(201);
    expect((await stampRows(shop.vendorId, shopper.userId)).map((row) => row.source)).toEqual(['REDEMPTION', 'TILL']);
  });

  it('takes a stamp back when its redemption is undone, and the reward it completed with it', async () => {
    const { shop, offerIds } = await cardShop(3);
    const shopper = await establishedShopper();
    const { pass } = await myCards(shopper);
    await stampOnDays(shop, pass, [-2, -1]);
    const third = await buy(shop, shopper, must(offerIds[0]));
    const reward = await newestReward(shopper, shop.vendorId);
    expect(reward.status).toBe('ACTIVE');

    expect((await undo(shop, third.claimId)).statusCode).toBe(204);
    expect((await stampRows(shop.vendorId, shopper.userId)).map((row) => [row.source, row.revoked, row.in_reward])).toEqual([
      ['TILL', false, false],
      ['TILL', false, false],
      // The taken-back stamp keeps the name of the reward it was in (what withdrew it); it counts for nothing.
      ['REDEMPTION', true, true],
    ]);
    const card = await theCard(shopper, shop.vendorId);
    expect(card.stamps).toBe(2);
    expect(card.rewards[0]).toMatchObject({ rewardId: reward.rewardId, status: 'REVOKED' });
    const refused = await redeem(shop, reward.code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'rewardRevoked', message: MESSAGES.rewardRevoked });
    // Today's stamp was taken back: today may be stamped again, by the till.
    const again = await tillStamp(shop, pass);
    expect(again.statusCode, again.body).toBe(201);
    expect(bodyOf(again, tillStampResponseSchema).data).toMatchObject({ stamps: 0, rewardIssued: true, stampsRequired: 3 });
    expect((await theCard(shopper, shop.vendorId)).rewards.map((item) => item.status)).toEqual(['ACTIVE', 'REVOKED']);
  });

  it('collects provisional stamps for an account not yet established; they count, and give the reward, once it is', async () => {
    const { shop } = await cardShop(3, 0);
    const newcomer = await signUp(app);
    const { pass } = await myCards(newcomer);
    await stampOnDays(shop, pass, [-2, -1, 0]);
    expect(cardAt(await myCards(newcomer), shop.vendorId)).toMatchObject({ stamps: 0, provisionalStamps: 3, rewards: [] });
    const shown = await app.inject({ method: 'GET', url: `/api/v1/vendors/${shop.vendorId}/stamp-card`, cookies: newcomer.cookies });
    expect(bodyOf(shown, publicStampCardResponseSchema).data).toEqual({ stampsRequired: 3, rewardText: 'A free coffee', expiresAfterDays: null, mine: { stamps: 0, provisionalStamps: 3 } });

    await makeEstablished(db(), newcomer.userId);
    const card = await theCard(newcomer, shop.vendorId);
    expect(card).toMatchObject({ stamps: 0, provisionalStamps: 0 });
    expect(card.rewards.map((reward) => reward.status)).toEqual(['ACTIVE']);
  });

  it('stamps a VERIFIED receipt once; a receipt for a redeemed code is that purchase, not another; a dispute settled REJECTED takes it back', async () => {
    const { shop, offerIds } = await cardShop(5, 1);
    const shopper = await establishedShopper();
    const admin = await signUp(app, { name: 'Rita Admin' });
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));

    // Yesterday: a code redeemed; today a receipt naming that code: no second stamp.
    atMaltaNoon(-1);
    const bought = await buy(shop, shopper, must(offerIds[0]));
    vi.useRealTimers();
    const forCode = await uploadReceipt(shopper, shop.vendorId, { claimId: bought.claimId });
    await db().update(receipts).set({ status: 'NEEDS_REVIEW', autoStatus: 'NEEDS_REVIEW' }).where(eq(receipts.id, forCode));
    expect((await decide(shop, forCode, { status: 'VERIFIED' })).statusCode).toBe(200);
    expect((await stampRows(shop.vendorId, shopper.userId)).map((row) => row.source)).toEqual(['REDEMPTION']);

    // A receipt without a code, confirmed by the owner: today's stamp.
    const plain = await uploadReceipt(shopper, shop.vendorId);
    await db().update(receipts).set({ status: 'NEEDS_REVIEW', autoStatus: 'NEEDS_REVIEW' }).where(eq(receipts.id, plain));
    expect((await decide(shop, plain, { status: 'VERIFIED' })).statusCode).toBe(200);
    expect((await stampRows(shop.vendorId, shopper.userId)).map((row) => row.source)).toEqual(['REDEMPTION', 'RECEIPT']);

    // The automatic check's VERIFIED stamps in the verdict's own transaction; the owner's rejection starts a dispute
    // and leaves the stamp; the admin's REJECTED takes it back.
    await db().execute(sql`DELETE FROM stamps WHERE receipt_id = ${plain}`);
    const checked = await uploadReceipt(shopper, shop.vendorId);
    await createReceiptChecksRepository(db()).saveResult(checked, { status: 'VERIFIED', reason: null, extractedTotal: 12.5, extractedDate: maltaToday(), extractedMerchant: 'SHOP', ocrText: 'SHOP 12.50' });
    expect((await stampRows(shop.vendorId, shopper.userId)).map((row) => [row.source, row.revoked])).toEqual([['REDEMPTION', false], ['RECEIPT', false]]);
    expect((await decide(shop, checked, { status: 'REJECTED', reason: 'Not from our till' })).statusCode).toBe(200);
    expect((await stampRows(shop.vendorId, shopper.userId)).map((row) => row.revoked)).toEqual([false, false]);
    const settled = await app.inject({ method: 'POST', url: `/api/v1/admin/receipts/${checked}/settlement`, cookies: admin.cookies, payload: { status: 'REJECTED', reason: 'A copy of another receipt' } });
    expect(settled.statusCode, settled.body).toBe(200);
    expect((await stampRows(shop.vendorId, shopper.userId)).map((row) => [row.source, row.revoked])).toEqual([['REDEMPTION', false], ['RECEIPT', true]]);
  });
});

let photoCount = 0;
async function uploadReceipt(shopper: Account, vendorId: number, extra: Record<string, number> = {}): Promise<number> {
  photoCount += 1;
  const { payload, headers } = multipartBody({ vendorId, ...extra }, [
    { field: 'files', filename: 'receipt.png', contentType: 'image/png', content: await makePng(60, 90, photoCount / 1000 + 0.25) },
  ]);
  const response = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies: shopper.cookies });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return response.json().data.receiptId as number;
}

const decide = (owner: Account, receiptId: number, payload: object) =>
  app.inject({ method: 'POST', url: `/api/v1/receipts/${receiptId}/decision`, cookies: owner.cookies, payload });

describe('the till stamp and the reward at the till: bad input', () => {
  it('refuses a pass that is not one (400), unknown (404), a shop with no card (404), its own people (403), a shop shoppers do not see (409)', async () => {
    const shop = await buildShop(app);
    const shopper = await establishedShopper();
    const { pass } = await myCards(shopper);
    expect(pass).toMatch(/^QRIB-STAMP-[A-Za-z0-9_-]{22}$/);
    // The same pass every time.
    expect((await myCards(shopper)).pass).toBe(pass);

    for (const bad of [undefined, 42, '', 'ABCD2345', 'QRIB-STAMP-short', `${pass}x`]) {
      const response = await tillStamp(shop, bad);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().fieldErrors.pass).toBe(MESSAGES.stampPassInvalid);
    }
    const noCard = await tillStamp(shop, pass);
    expect(noCard.statusCode).toBe(404);
    expect(noCard.json().code).toBe('stampCardNotFound');

    expect((await startCard(shop)).statusCode).toBe(201);
    const unknown = await tillStamp(shop, `QRIB-STAMP-${'A'.repeat(22)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'stampPassUnknown', message: MESSAGES.stampPassUnknown });

    const own = await tillStamp(shop, (await myCards(shop)).pass);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'stampOwnShop', message: MESSAGES.stampOwnShop });

    // A plain shopper has no till.
    expect((await tillStamp(shopper, pass)).statusCode).toBe(403);

    await db().execute(sql`UPDATE vendors SET status = 'SUSPENDED', status_reason = 'Checking documents' WHERE id = ${shop.vendorId}`);
    const hidden = await tillStamp(shop, pass);
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().code).toBe('businessSuspended');
    expect(await stampRows(shop.vendorId, shopper.userId)).toEqual([]);
    // Nor is its card shown to shoppers.
    expect((await app.inject({ method: 'GET', url: `/api/v1/vendors/${shop.vendorId}/stamp-card`, cookies: shopper.cookies })).statusCode).toBe(404);
  });

  it('a cashier stamps; the card is null on a shop that runs none', async () => {
    const shop = await buildShop(app);
    const shopper = await establishedShopper();
    const none = await app.inject({ method: 'GET', url: `/api/v1/vendors/${shop.vendorId}/stamp-card`, cookies: shopper.cookies });
    expect(bodyOf(none, publicStampCardResponseSchema).data).toBeNull();
    expect((await startCard(shop, 4)).statusCode).toBe(201);
    const cashier = await signUp(app);
    await db().execute(sql`INSERT INTO vendor_members (vendor_id, user_id, role) VALUES (${shop.vendorId}, ${cashier.userId}, 'CASHIER')`);
    const stamped = await tillStamp(cashier, (await myCards(shopper)).pass);
    expect(stamped.statusCode, stamped.body).toBe(201);
    expect(bodyOf(stamped, tillStampResponseSchema).data).toMatchObject({ stamps: 1, provisionalStamps: 0, stampsRequired: 4, rewardIssued: false });
    const [row] = await selectRows<{ stamped_by_user_id: number }>(db(), sql`SELECT stamped_by_user_id FROM stamps WHERE user_id = ${shopper.userId}`);
    expect(row?.stamped_by_user_id).toBe(cashier.userId);
    // The cashier's own shop is theirs: no stamps for them there.
    expect((await tillStamp(shop, (await myCards(cashier)).pass)).statusCode).toBe(403);
  });

  it('an expired reward is refused with its date; a card’s end keeps the rewards earned under it', async () => {
    const { shop } = await cardShop(3, 0);
    expect((await startCard(shop, 3, { expiresAfterDays: 7 })).statusCode).toBe(200);
    const shopper = await establishedShopper();
    const { pass } = await myCards(shopper);
    await stampOnDays(shop, pass, [-10, -9, -8]);
    const reward = await newestReward(shopper, shop.vendorId);
    expect(reward.status).toBe('EXPIRED');
    const refused = await redeem(shop, reward.code);
    expect(refused.statusCode).toBe(409);
    const expiry = maltaToday(new Date(must(reward.expiresAt))).split('-').reverse().join('/');
    expect(refused.json()).toMatchObject({ code: 'rewardExpired', message: formatMessage(MESSAGES.rewardExpired, { date: expiry }) });

    expect((await app.inject({ method: 'DELETE', url: '/api/v1/vendors/me/stamp-card', cookies: shop.cookies })).statusCode).toBe(204);
    expect(cardAt(await myCards(shopper), shop.vendorId)).toMatchObject({ running: false, stamps: 0, rewards: [{ rewardId: reward.rewardId }] });
  });

  it('a lowered number of stamps gives the reward the next time the card is counted, not twice', async () => {
    const { shop } = await cardShop(5, 0);
    const shopper = await establishedShopper();
    const { pass } = await myCards(shopper);
    await stampOnDays(shop, pass, [-4, -3, -2, -1]);
    expect(cardAt(await myCards(shopper), shop.vendorId)).toMatchObject({ stamps: 4, rewards: [] });
    expect((await startCard(shop, 3)).statusCode).toBe(200);
    const card = await theCard(shopper, shop.vendorId);
    expect(card).toMatchObject({ stamps: 1, stampsRequired: 3 });
    expect(card.rewards).toHaveLength(1);
    expect((await theCard(shopper, shop.vendorId)).rewards).toHaveLength(1);
  });
});

describe('what a stamp proves, at the edges', () => {
  it('a reward whose stamp was taken back is not given back by undoing its redemption', async () => {
    const { shop, offerIds } = await cardShop(3, 1);
    const shopper = await establishedShopper();
    await stampOnDays(shop, (await myCards(shopper)).pass, [-2, -1]);
    const third = await buy(shop, shopper, must(offerIds[0]));
    const reward = await newestReward(shopper, shop.vendorId);
    const redeemed = bodyOf(await redeem(shop, reward.code), redemptionResponseSchema).data;
    // The code's redemption undone: its stamp goes, the reward (already used) stays used.
    expect((await undo(shop, third.claimId)).statusCode).toBe(204);
    expect((await newestReward(shopper, shop.vendorId)).status).toBe('REDEEMED');
    // Then the reward's redemption undone: it does not come back to life on two stamps.
    const undone = await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/reward-redemptions/${must(redeemed.rewardId)}`, cookies: shop.cookies });
    expect(undone.statusCode).toBe(204);
    expect((await newestReward(shopper, shop.vendorId)).status).toBe('REVOKED');
    expect((await redeem(shop, reward.code)).json().code).toBe('rewardRevoked');
    expect(await theCard(shopper, shop.vendorId)).toMatchObject({ stamps: 2 });
  });

  it('a receipt is stamped on the day it proves, not the day it was sent: sent a day later, it takes no second stamp', async () => {
    const { shop } = await cardShop(5, 0);
    const shopper = await establishedShopper();
    const { pass } = await myCards(shopper);
    // Yesterday: a till stamp. Today: the receipt of yesterday's purchase, verified by the check.
    await stampOnDays(shop, pass, [-1]);
    const receiptId = await uploadReceipt(shopper, shop.vendorId);
    const yesterday = addDays(maltaToday(), -1);
    await createReceiptChecksRepository(db()).saveResult(receiptId, { status: 'VERIFIED', reason: null, extractedTotal: 9.5, extractedDate: yesterday, extractedMerchant: 'SHOP', ocrText: 'SHOP 9.50' });
    expect((await stampRows(shop.vendorId, shopper.userId)).map((row) => [row.source, row.malta_day])).toEqual([['TILL', yesterday]]);
    // A receipt of today's purchase stamps today.
    const todays = await uploadReceipt(shopper, shop.vendorId);
    await createReceiptChecksRepository(db()).saveResult(todays, { status: 'VERIFIED', reason: null, extractedTotal: 4, extractedDate: maltaToday(), extractedMerchant: 'SHOP', ocrText: 'SHOP 4.00' });
    expect((await stampRows(shop.vendorId, shopper.userId)).map((row) => row.source)).toEqual(['TILL', 'RECEIPT']);
  });

  it('a disputed receipt’s stamp counts toward nothing until an admin settles it VERIFIED', async () => {
    const { shop } = await cardShop(3, 0);
    const shopper = await establishedShopper();
    const admin = await signUp(app, { name: 'Rita Admin' });
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
    await stampOnDays(shop, (await myCards(shopper)).pass, [-3, -2]);
    // Yesterday's receipt, verified by the check, rejected by the owner: a dispute. Its stamp waits.
    const receiptId = await uploadReceipt(shopper, shop.vendorId);
    await createReceiptChecksRepository(db()).saveResult(receiptId, { status: 'VERIFIED', reason: null, extractedTotal: 3, extractedDate: addDays(maltaToday(), -1), extractedMerchant: 'SHOP', ocrText: 'SHOP 3.00' });
    // The check's VERIFIED made the third stamp, and the reward.
    const rewardAtCheck = await newestReward(shopper, shop.vendorId);
    expect(rewardAtCheck.status).toBe('ACTIVE');
    // The owner rejects it: a dispute. While it is open the stamp counts toward nothing: the unused reward is withdrawn.
    expect((await decide(shop, receiptId, { status: 'REJECTED', reason: 'Not from our till' })).statusCode).toBe(200);
    expect(await theCard(shopper, shop.vendorId)).toMatchObject({ stamps: 2, rewards: [{ rewardId: rewardAtCheck.rewardId, status: 'REVOKED' }] });
    expect((await redeem(shop, rewardAtCheck.code)).json().code).toBe('rewardRevoked');
    const settled = await app.inject({ method: 'POST', url: `/api/v1/admin/receipts/${receiptId}/settlement`, cookies: admin.cookies, payload: { status: 'VERIFIED', reason: 'The receipt is real' } });
    expect(settled.statusCode, settled.body).toBe(200);
    // Settled VERIFIED: the stamp counts again, and the card gives its reward.
    const card = await theCard(shopper, shop.vendorId);
    expect(card).toMatchObject({ stamps: 0 });
    expect(card.rewards.map((reward) => reward.status)).toEqual(['ACTIVE', 'REVOKED']);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('a stamp being taken back is never counted into a reward at the same moment (PostgreSQL)', async () => {
    const { shop, offerIds } = await cardShop(3, 1);
    const newcomer = await signUp(app);
    await stampOnDays(shop, (await myCards(newcomer)).pass, [-2, -1]);
    const third = await buy(shop, newcomer, must(offerIds[0]));
    // Three provisional stamps; the account becomes established, and nothing has counted them yet.
    await makeEstablished(db(), newcomer.userId, 90);
    const replica = await testDb.openReplica();
    try {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      let revoked: () => void = () => undefined;
      const revokedNotCommitted = new Promise<void>((resolve) => (revoked = resolve));
      // Another replica undoes the third purchase's stamp and has not committed yet...
      const undoing = replica.database.db.transaction(async (tx) => {
        await revokeStamp(tx, { claimId: third.claimId });
        revoked();
        await released;
      });
      await revokedNotCommitted;
      // ...when the shopper opens their cards, which counts the rewards due: it waits for the undo.
      const opening = myCards(newcomer);
      await expect
        .poll(async () => {
          const [row] = await selectRows<{ waiting: number }>(db(), sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
          return Number(row?.waiting ?? 0);
        })
        .toBe(1);
      release();
      await undoing;
      expect(cardAt(await opening, shop.vendorId)).toMatchObject({ stamps: 2, rewards: [] });
    } finally {
      await replica.close();
    }
  });
});

describe('limits that hold under concurrency', () => {
  it('50 purchases at once on one day give one stamp, and exactly one reward when it is the last', async () => {
    const { shop } = await cardShop(3, 0);
    const shopper = await establishedShopper();
    const { pass } = await myCards(shopper);
    await stampOnDays(shop, pass, [-2, -1]);
    const answers = await Promise.all(Array.from({ length: 50 }, () => tillStamp(shop, pass)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(49);
    expect(await stampRows(shop.vendorId, shopper.userId)).toHaveLength(3);
    const [count] = await selectRows<{ rewards: number }>(db(), sql`SELECT count(*)::integer AS rewards FROM stamp_rewards WHERE user_id = ${shopper.userId}`);
    expect(count?.rewards).toBe(1);
  });

  it('50 purchases at once on 50 days give 50 stamps and exactly one reward a stampsRequired stamps', async () => {
    const { shop } = await cardShop(3, 0);
    const shopper = await establishedShopper();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, day) =>
        db().transaction((tx) => stampPurchase(tx, shop.vendorId, shopper.userId, { kind: 'TILL', staffUserId: shop.userId }, new Date(), addDays(maltaToday(), -day))),
      ),
    );
    expect(outcomes.every((outcome) => outcome.kind === 'stamped')).toBe(true);
    const [state] = await selectRows<{ stamps: number; used: number; rewards: number }>(
      db(),
      sql`SELECT (SELECT count(*)::integer FROM stamps WHERE user_id = ${shopper.userId}) AS stamps,
                 (SELECT count(*)::integer FROM stamps WHERE user_id = ${shopper.userId} AND reward_id IS NOT NULL) AS used,
                 (SELECT count(*)::integer FROM stamp_rewards WHERE user_id = ${shopper.userId}) AS rewards`,
    );
    expect(state).toEqual({ stamps: 50, used: 48, rewards: 16 });
    // Every reward is made of exactly three stamps.
    const sizes = await selectRows<{ size: number }>(db(), sql`SELECT count(*)::integer AS size FROM stamps WHERE user_id = ${shopper.userId} AND reward_id IS NOT NULL GROUP BY reward_id`);
    expect(sizes.map((row) => row.size)).toEqual(Array.from({ length: 16 }, () => 3));
    expect(cardAt(await myCards(shopper), shop.vendorId)).toMatchObject({ stamps: 2 });
  });

  it('a reward scanned twice at once is redeemed once', async () => {
    const { shop } = await cardShop(3, 0);
    const shopper = await establishedShopper();
    const { pass } = await myCards(shopper);
    await stampOnDays(shop, pass, [-2, -1, 0]);
    const reward = await newestReward(shopper, shop.vendorId);
    const answers: LightMyRequestResponse[] = await Promise.all([redeem(shop, reward.code), redeem(shop, reward.code), redeem(shop, reward.code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe('the owner’s figures and the shopper’s rights', () => {
  it('insights count cards started, completed and rewards redeemed in the period', async () => {
    const { shop } = await cardShop(3, 0);
    const regular = await establishedShopper();
    const once = await establishedShopper();
    const earlier = await establishedShopper();
    const regularPass = (await myCards(regular)).pass;
    await stampOnDays(shop, (await myCards(earlier)).pass, [-20]);
    await stampOnDays(shop, regularPass, [-3, -2, -1]);
    expect((await tillStamp(shop, (await myCards(once)).pass)).statusCode).toBe(201);
    const reward = await newestReward(regular, shop.vendorId);
    expect((await redeem(shop, reward.code)).statusCode).toBe(200);

    const today = maltaToday();
    const response = await app.inject({ method: 'GET', url: `/api/v1/vendors/me/insights?from=${addDays(today, -6)}&to=${today}`, cookies: shop.cookies });
    expect(response.statusCode, response.body).toBe(200);
    // Started: the regular's first stamp (3 days ago) and the one-time shopper's; the stamp 20 days ago is before the period.
    expect(response.json().data.stampCard).toEqual({ running: true, cardsStarted: 2, cardsCompleted: 1, rewardsRedeemed: 1 });

    // A shop that runs no card and had none says so.
    const other = await buildShop(app);
    const quiet = await app.inject({ method: 'GET', url: '/api/v1/vendors/me/insights', cookies: other.cookies });
    expect(quiet.json().data.stampCard).toEqual({ running: false, cardsStarted: 0, cardsCompleted: 0, rewardsRedeemed: 0 });
  });

  it('a deleted account’s stamps stay in the shop’s figures as the pseudonym’s; its unused reward expires and its pass is gone', async () => {
    const { shop } = await cardShop(3, 0);
    const shopper = await signUp(app);
    await makeEstablished(db(), shopper.userId, 90);
    const { pass } = await myCards(shopper);
    await stampOnDays(shop, pass, [-2, -1, 0]);
    const reward = await newestReward(shopper, shop.vendorId);
    const deleted = await app.inject({ method: 'DELETE', url: '/api/v1/me', cookies: shopper.cookies, payload: { password: shopper.password } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const [state] = await selectRows<{ stamps_left: number; stamps_moved: number; passes: number; expired: boolean }>(
      db(),
      sql`SELECT (SELECT count(*)::integer FROM stamps WHERE user_id = ${shopper.userId}) AS stamps_left,
                 (SELECT count(*)::integer FROM stamps s JOIN users u ON u.id = s.user_id AND u.deleted_at IS NOT NULL WHERE s.vendor_id = ${shop.vendorId}) AS stamps_moved,
                 (SELECT count(*)::integer FROM stamp_passes WHERE user_id = ${shopper.userId}) AS passes,
                 (SELECT revoked_at IS NULL AND expires_at <= now() FROM stamp_rewards WHERE id = ${reward.rewardId}) AS expired`,
    );
    expect(state).toEqual({ stamps_left: 0, stamps_moved: 3, passes: 0, expired: true });
    expect((await redeem(shop, reward.code)).json().code).toBe('rewardExpired');
    // The card it completed stays completed in the shop's figures.
    const figures = await app.inject({ method: 'GET', url: '/api/v1/vendors/me/insights', cookies: shop.cookies });
    expect(figures.json().data.stampCard.cardsCompleted).toBe(1);
    // The pass no longer stamps anyone.
    expect((await tillStamp(shop, pass)).statusCode).toBe(404);
  });
});

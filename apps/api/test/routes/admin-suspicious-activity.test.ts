/**
 * The suspicious-activity queue (issue 24, ADR 016): a burst of new or same-network accounts at one shop is listed
 * after each redemption, review and automatically verified receipt; its items count nowhere while OPEN; an admin
 * CLEARs it (they count again) or EXCLUDEs it (reviews removed, purchases out of every figure), with reasons the shop
 * reads. No false positive for a few established shoppers.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MESSAGES,
  adminActionsResponseSchema,
  adminOverviewResponseSchema,
  claimResponseSchema,
  formatMessage,
  notificationsResponseSchema,
  reviewResponseSchema,
  reviewsPageSchema,
  suspiciousActivityListResponseSchema,
  suspiciousActivityResponseSchema,
  vendorInsightsResponseSchema,
  type SuspiciousActivity,
  type VendorInsights,
} from '@qrib/shared';
import { adminVendorsResponseSchema } from '@qrib/shared/admin-vendor-schemas';
import type { App } from '../../src/app.ts';
import { adminActions, notifications, receipts, reviews, suspiciousActivity, users } from '../../src/db/schema.ts';
import { buildShop, createOffer, type Shop } from '../factories.ts';
import { bodyOf, signUp, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({}, (made) => ({ testDb, app } = made));

type Account = Awaited<ReturnType<typeof signUp>>;

const db = () => testDb.database.db;

function call(account: { cookies: Record<string, string> } | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({ method, url, ...(payload ? { payload } : {}), cookies: account?.cookies });
}

async function signUpAdmin() {
  const admin = await signUp(app, { name: 'Rita Admin' });
  await db().update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
  return admin;
}

/** Verified and 30 days old: established under ADR 016. */
async function establish(account: { userId: number }) {
  await db()
    .update(users)
    .set({ emailVerifiedAt: sql`now() - interval '30 days'`, createdAt: sql`now() - interval '30 days'` })
    .where(eq(users.id, account.userId));
}

async function setNetwork(account: { userId: number }, network: string | null) {
  await db().update(users).set({ signupNetwork: network }).where(eq(users.id, account.userId));
}

/** The shopper claims the offer's code and the shop redeems it at the till; answers the claim's id. */
async function buyAtTill(shop: Shop, shopper: Account, offerId: number): Promise<number> {
  const claimed = await call(shopper, 'POST', `/api/v1/offers/${offerId}/claims`);
  expect(claimed.statusCode).toBeLessThan(300);
  const { claimId, code } = bodyOf(claimed, claimResponseSchema).data;
  const redeemed = await call(shop, 'POST', '/api/v1/vendors/me/redemptions', { code });
  expect(redeemed.statusCode).toBe(200);
  return claimId;
}

async function review(shopper: Account, claimId: number, stars = 5): Promise<number> {
  const written = await call(shopper, 'POST', '/api/v1/reviews', { claimId, stars, text: 'Best in town' });
  expect(written.statusCode).toBe(201);
  return bodyOf(written, reviewResponseSchema).data.reviewId;
}

async function entriesOf(admin: Account, vendorId: number, status?: string): Promise<SuspiciousActivity[]> {
  const response = await call(admin, 'GET', `/api/v1/admin/suspicious-activity${status ? `?status=${status}` : ''}`);
  expect(response.statusCode).toBe(200);
  return bodyOf(response, suspiciousActivityListResponseSchema).data.filter((entry) => entry.vendorId === vendorId);
}

async function insights(shop: Shop): Promise<VendorInsights> {
  const response = await call(shop, 'GET', '/api/v1/vendors/me/insights?period=weekly');
  expect(response.statusCode).toBe(200);
  return bodyOf(response, vendorInsightsResponseSchema).data;
}

async function overview(admin: Account) {
  return bodyOf(await call(admin, 'GET', '/api/v1/admin/overview'), adminOverviewResponseSchema).data;
}

function decide(account: Account | undefined, id: number | string, payload: object) {
  return call(account, 'POST', `/api/v1/admin/suspicious-activity/${id}/decision`, payload);
}

/** A shop with an offer and `count` new shoppers (signed up now, addresses not verified), each on its own network. */
async function shopWithShoppers(count: number) {
  const shop = await buildShop(app);
  const offerId = await createOffer(app, shop, { title: 'Two pastizzi for one' });
  const shoppers: Account[] = [];
  for (let index = 0; index < count; index += 1) {
    const shopper = await signUp(app);
    await setNetwork(shopper, `network-${shop.vendorId}-${index}`);
    shoppers.push(shopper);
  }
  return { shop, offerId, shoppers };
}

describe('the burst check', () => {
  it('lists five new accounts redeemed at one till within minutes in one OPEN entry; their purchases count nowhere until an admin clears them', async () => {
    const admin = await signUpAdmin();
    const { shop, offerId, shoppers } = await shopWithShoppers(5);
    const openBefore = (await overview(admin)).suspiciousOpen;
    const claimIds: number[] = [];
    for (const shopper of shoppers) claimIds.push(await buyAtTill(shop, shopper, offerId));

    const [entry, ...more] = await entriesOf(admin, shop.vendorId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      vendorId: shop.vendorId,
      businessName: `Shop of ${shop.username}`,
      status: 'OPEN',
      ruleCode: 'NEW_ACCOUNTS_BURST',
      ruleParams: { windowMinutes: 60, minAccounts: 3 },
      decidedAt: null,
      reason: null,
    });
    expect(entry?.accounts.map((account) => account.userId)).toEqual(shoppers.map((shopper) => shopper.userId));
    expect(entry?.accounts[0]).toMatchObject({ username: shoppers[0]?.username, emailVerified: false, sameNetwork: false });
    expect(entry?.events.map((event) => [event.kind, event.itemId, event.userId, event.stars])).toEqual(
      claimIds.map((claimId, index) => ['REDEMPTION', claimId, shoppers[index]?.userId, null]),
    );
    expect((await overview(admin)).suspiciousOpen).toBe(openBefore + 1);

    // While OPEN: not in Conversions, not in the trust level, not even pending for it.
    const flagged = await insights(shop);
    expect(flagged.metrics.conversions.value).toBe(0);
    expect(flagged.trust.verifiedPurchases).toBe(0);
    expect(flagged.trust.pendingPurchases).toBe(0);

    if (!entry) throw new Error('no entry');
    const cleared = await decide(admin, entry.id, { decision: 'CLEAR', reason: '  Five colleagues from the office next door.  ' });
    expect(cleared.statusCode).toBe(200);
    const clearedEntry = bodyOf(cleared, suspiciousActivityResponseSchema).data;
    expect(clearedEntry).toMatchObject({ id: entry.id, status: 'CLEARED', reason: 'Five colleagues from the office next door.' });
    expect(clearedEntry.decidedAt).not.toBeNull();
    expect(clearedEntry.events).toHaveLength(5);
    expect(await entriesOf(admin, shop.vendorId)).toEqual([]);
    expect((await entriesOf(admin, shop.vendorId, 'CLEARED')).map((each) => each.id)).toEqual([entry.id]);
    expect((await overview(admin)).suspiciousOpen).toBe(openBefore);

    // Cleared: Conversions count them; the trust level still waits for established accounts (ADR 016).
    const counted = await insights(shop);
    expect(counted.metrics.conversions.value).toBe(5);
    expect(counted.trust.verifiedPurchases).toBe(0);
    expect(counted.trust.pendingPurchases).toBe(5);

    const actions = await db().select().from(adminActions).where(and(eq(adminActions.itemKind, 'SUSPICIOUS_ACTIVITY'), eq(adminActions.itemId, entry.id)));
    expect(actions).toMatchObject([{ adminUserId: admin.userId, action: 'CLEAR_SUSPICIOUS', reason: 'Five colleagues from the office next door.' }]);
    const told = await db().select().from(notifications).where(and(eq(notifications.userId, shop.userId), eq(notifications.kind, 'SUSPICIOUS_ACTIVITY_DECIDED')));
    expect(told.map((row) => row.payload)).toEqual([
      { activityId: entry.id, vendorId: shop.vendorId, businessName: `Shop of ${shop.username}`, decision: 'CLEAR', reason: 'Five colleagues from the office next door.' },
    ]);
    const bell = bodyOf(await call(shop, 'GET', '/api/v1/me/notifications'), notificationsResponseSchema);
    expect(bell.data.map((notification) => notification.kind)).toContain('SUSPICIOUS_ACTIVITY_DECIDED');
    const log = bodyOf(await call(admin, 'GET', '/api/v1/admin/actions'), adminActionsResponseSchema);
    expect(log.data[0]).toMatchObject({ action: 'CLEAR_SUSPICIOUS', itemKind: 'SUSPICIOUS_ACTIVITY', itemId: entry.id });

    // Cleared events are not listed again: a sixth new account alone is no burst.
    const sixth = await signUp(app);
    await buyAtTill(shop, sixth, offerId);
    expect(await entriesOf(admin, shop.vendorId)).toEqual([]);
  });

  it('adds later reviews of the burst to the OPEN entry; EXCLUDE removes the reviews, tells their authors and the owner, and keeps the purchases out', async () => {
    const admin = await signUpAdmin();
    const { shop, offerId, shoppers } = await shopWithShoppers(3);
    const claimIds: number[] = [];
    for (const shopper of shoppers) claimIds.push(await buyAtTill(shop, shopper, offerId));
    const reviewIds: number[] = [];
    for (const [index, shopper] of shoppers.entries()) reviewIds.push(await review(shopper, claimIds[index] ?? 0, 5));

    const [entry, ...more] = await entriesOf(admin, shop.vendorId);
    expect(more).toEqual([]);
    if (!entry) throw new Error('no entry');
    expect(entry.events.filter((event) => event.kind === 'REVIEW').map((event) => [event.itemId, event.stars])).toEqual(reviewIds.map((id) => [id, 5]));
    expect(entry.events.filter((event) => event.kind === 'REDEMPTION').map((event) => event.itemId)).toEqual(claimIds);

    // An owner-shopper of another shop is an admin too, but not of this one: the decision is refused to the owner-admin.
    await db().update(users).set({ isAdmin: true }).where(eq(users.id, shop.userId));
    const own = await decide(shop, entry.id, { decision: 'CLEAR', reason: 'My own customers' });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'adminOwnBusiness', message: MESSAGES.adminOwnBusiness });

    // A fourth account of the ring redeems too (listed with the entry) and has not reviewed yet.
    const fourth = await signUp(app);
    await setNetwork(fourth, `network-${shop.vendorId}-3`);
    const fourthClaim = await buyAtTill(shop, fourth, offerId);

    const excluded = await decide(admin, entry.id, { decision: 'EXCLUDE', reason: 'Three accounts made minutes apart, redeemed at the owner’s till.' });
    expect(excluded.statusCode).toBe(200);
    // An excluded purchase grants no review later either.
    const late = await call(fourth, 'POST', '/api/v1/reviews', { claimId: fourthClaim, stars: 5 });
    expect(late.statusCode).toBeGreaterThanOrEqual(400);
    expect(late.statusCode).toBeLessThan(500);
    expect(bodyOf(excluded, suspiciousActivityResponseSchema).data).toMatchObject({ id: entry.id, status: 'EXCLUDED' });

    const removed = await db().select({ status: reviews.status, statusReason: reviews.statusReason }).from(reviews).where(inArray(reviews.id, reviewIds));
    expect(removed).toEqual(reviewIds.map(() => ({ status: 'REMOVED', statusReason: 'Three accounts made minutes apart, redeemed at the owner’s till.' })));
    for (const [index, shopper] of shoppers.entries()) {
      const told = await db().select().from(notifications).where(and(eq(notifications.userId, shopper.userId), eq(notifications.kind, 'CONTENT_REMOVED')));
      expect(told.map((row) => row.payload)).toEqual([
        { kind: 'REVIEW', itemId: reviewIds[index], title: `Shop of ${shop.username}`, reason: 'Three accounts made minutes apart, redeemed at the owner’s till.' },
      ]);
    }
    const owner = await db().select().from(notifications).where(and(eq(notifications.userId, shop.userId), eq(notifications.kind, 'SUSPICIOUS_ACTIVITY_DECIDED')));
    expect(owner.map((row) => row.payload)).toMatchObject([{ activityId: entry.id, decision: 'EXCLUDE', reason: 'Three accounts made minutes apart, redeemed at the owner’s till.' }]);
    const actions = await db().select().from(adminActions).where(and(eq(adminActions.itemKind, 'SUSPICIOUS_ACTIVITY'), eq(adminActions.itemId, entry.id)));
    expect(actions.map((action) => action.action)).toEqual(['EXCLUDE_SUSPICIOUS']);

    // Out of every figure for good: no rating, no Conversions, nothing pending.
    const figures = await insights(shop);
    expect(figures.metrics.conversions.value).toBe(0);
    expect(figures.trust).toMatchObject({ rating: null, reviewCount: 0, verifiedPurchases: 0, pendingPurchases: 0 });
    const page = bodyOf(await call(admin, 'GET', `/api/v1/vendors/${shop.vendorId}/reviews`), reviewsPageSchema);
    expect(page.data).toEqual([]);
    expect(page.rating.count).toBe(0);

    const again = await decide(admin, entry.id, { decision: 'CLEAR', reason: 'Second thoughts' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'suspiciousAlreadyDecided', message: MESSAGES.suspiciousAlreadyDecided });
    expect((await entriesOf(admin, shop.vendorId, 'EXCLUDED')).map((each) => each.id)).toEqual([entry.id]);
  });

  it('lists accounts from one sign-up network even when established, and marks them', async () => {
    const admin = await signUpAdmin();
    const { shop, offerId, shoppers } = await shopWithShoppers(3);
    for (const shopper of shoppers) {
      await establish(shopper);
      await setNetwork(shopper, `same-network-${shop.vendorId}`);
    }
    for (const shopper of shoppers) await buyAtTill(shop, shopper, offerId);
    const [entry, ...more] = await entriesOf(admin, shop.vendorId);
    expect(more).toEqual([]);
    expect(entry?.accounts.map((account) => [account.userId, account.emailVerified, account.sameNetwork])).toEqual(
      shoppers.map((shopper) => [shopper.userId, true, true]),
    );
  });

  it('does not list established shoppers from one network whose accounts were made weeks apart (a shop’s regulars on its Wi-Fi)', async () => {
    const admin = await signUpAdmin();
    const { shop, offerId, shoppers } = await shopWithShoppers(3);
    for (const [index, shopper] of shoppers.entries()) {
      await db()
        .update(users)
        .set({ emailVerifiedAt: sql`now() - interval '30 days'`, createdAt: sql`now() - make_interval(days => ${30 + 10 * index})` })
        .where(eq(users.id, shopper.userId));
      await setNetwork(shopper, `cafe-wifi-${shop.vendorId}`);
    }
    for (const shopper of shoppers) await buyAtTill(shop, shopper, offerId);
    expect(await entriesOf(admin, shop.vendorId)).toEqual([]);
  });

  it('lists nothing for two established shoppers, nor for three established shoppers from different networks, nor for two new ones', async () => {
    const admin = await signUpAdmin();
    const two = await shopWithShoppers(2);
    for (const shopper of two.shoppers) await establish(shopper);
    for (const shopper of two.shoppers) await buyAtTill(two.shop, shopper, two.offerId);
    expect(await entriesOf(admin, two.shop.vendorId)).toEqual([]);

    const three = await shopWithShoppers(3);
    for (const shopper of three.shoppers) await establish(shopper);
    for (const shopper of three.shoppers) {
      const claimId = await buyAtTill(three.shop, shopper, three.offerId);
      await review(shopper, claimId, 4);
    }
    expect(await entriesOf(admin, three.shop.vendorId)).toEqual([]);
    expect((await insights(three.shop)).metrics.conversions.value).toBe(3);

    // Two new accounts and an established one from another network: two suspects, no burst.
    const mixed = await shopWithShoppers(3);
    const [established] = mixed.shoppers;
    if (established) await establish(established);
    for (const shopper of mixed.shoppers) await buyAtTill(mixed.shop, shopper, mixed.offerId);
    expect(await entriesOf(admin, mixed.shop.vendorId)).toEqual([]);
  });

  it('counts receipts the automatic check verified, and lists each event once however many checks run at once', async () => {
    const admin = await signUpAdmin();
    const { shop, shoppers } = await shopWithShoppers(3);
    const receiptIds: number[] = [];
    for (const shopper of shoppers) {
      const [row] = await db()
        .insert(receipts)
        .values({ vendorId: shop.vendorId, consumerUserId: shopper.userId, status: 'VERIFIED', autoStatus: 'VERIFIED', checkedAt: sql`now()`, extractedTotal: '24.00' })
        .returning({ id: receipts.id });
      receiptIds.push(row?.id ?? 0);
    }
    // Before the check lists them, they are the shop's average order value; once listed, they count in no figure.
    expect((await insights(shop)).metrics.avgOrderValue.value).toBe(24);
    const ids = await Promise.all([app.suspiciousActivity.detect(shop.vendorId), app.suspiciousActivity.detect(shop.vendorId), app.suspiciousActivity.detect(shop.vendorId)]);
    expect(new Set(ids.filter((id) => id !== undefined)).size).toBe(1);
    const [entry, ...more] = await entriesOf(admin, shop.vendorId);
    expect(more).toEqual([]);
    expect(entry?.events.map((event) => [event.kind, event.itemId])).toEqual(receiptIds.map((id) => ['RECEIPT', id]));
    expect(await db().select().from(suspiciousActivity).where(eq(suspiciousActivity.vendorId, shop.vendorId))).toHaveLength(1);
    expect((await insights(shop)).metrics.avgOrderValue.value).toBeNull();
  });
});

describe('the admin routes', () => {
  it('answer 404 for an unknown entry, 400 for a bad body or status, 403 to a shopper and 401 signed out', async () => {
    const admin = await signUpAdmin();
    const shopper = await signUp(app);
    const { shop, offerId, shoppers } = await shopWithShoppers(3);
    for (const each of shoppers) await buyAtTill(shop, each, offerId);
    const [entry] = await entriesOf(admin, shop.vendorId);
    if (!entry) throw new Error('no entry');

    const unknown = await decide(admin, 999_999, { decision: 'CLEAR', reason: 'Fine' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'suspiciousNotFound', message: MESSAGES.suspiciousNotFound });
    expect((await decide(admin, 'abc', { decision: 'CLEAR', reason: 'Fine' })).statusCode).toBe(400);

    const noReason = await decide(admin, entry.id, { decision: 'EXCLUDE' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toMatchObject({ fieldErrors: { reason: MESSAGES.decisionReasonRequired } });
    const blank = await decide(admin, entry.id, { decision: 'CLEAR', reason: '   ' });
    expect(blank.json()).toMatchObject({ fieldErrors: { reason: MESSAGES.decisionReasonRequired } });
    const long = await decide(admin, entry.id, { decision: 'CLEAR', reason: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ fieldErrors: { reason: formatMessage(MESSAGES.reasonTooLong, { max: 1000 }) } });
    const badDecision = await decide(admin, entry.id, { decision: 'KEEP', reason: 'Fine' });
    expect(badDecision.json()).toMatchObject({ fieldErrors: { decision: MESSAGES.suspiciousDecisionInvalid } });
    const badStatus = await call(admin, 'GET', '/api/v1/admin/suspicious-activity?status=DONE');
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json()).toMatchObject({ fieldErrors: { status: MESSAGES.suspiciousStatusInvalid } });

    for (const [account, status] of [
      [shopper, 403],
      [shop, 403],
      [undefined, 401],
    ] as const) {
      expect((await call(account, 'GET', '/api/v1/admin/suspicious-activity')).statusCode).toBe(status);
      expect((await decide(account, entry.id, { decision: 'CLEAR', reason: 'Fine' })).statusCode).toBe(status);
    }
    // Nothing was decided by the refusals.
    expect((await entriesOf(admin, shop.vendorId)).map((each) => each.status)).toEqual(['OPEN']);
  });

  it('show each business’s dispute rate: disputes among receipts the automatic check verified in the last 90 days', async () => {
    const admin = await signUpAdmin();
    const { shop, shoppers } = await shopWithShoppers(3);
    const [first, second, third] = shoppers;
    if (!first || !second || !third) throw new Error('no shoppers');
    await db().insert(receipts).values([
      // Verified automatically, then rejected by the shop: an open dispute.
      { vendorId: shop.vendorId, consumerUserId: first.userId, status: 'REJECTED', autoStatus: 'VERIFIED', decidedAt: sql`now()`, checkedAt: sql`now()` },
      // Settled by an admin: still a dispute the shop raised.
      { vendorId: shop.vendorId, consumerUserId: second.userId, status: 'VERIFIED', autoStatus: 'VERIFIED', decidedAt: sql`now()`, checkedAt: sql`now()`, settledAt: sql`now()` },
      { vendorId: shop.vendorId, consumerUserId: third.userId, status: 'VERIFIED', autoStatus: 'VERIFIED', checkedAt: sql`now()` },
      // Older than 90 days, or not verified automatically: not counted.
      { vendorId: shop.vendorId, consumerUserId: third.userId, status: 'REJECTED', autoStatus: 'VERIFIED', decidedAt: sql`now()`, checkedAt: sql`now() - interval '91 days'` },
      { vendorId: shop.vendorId, consumerUserId: third.userId, status: 'REJECTED', autoStatus: 'NEEDS_REVIEW', decidedAt: sql`now()`, checkedAt: sql`now()` },
    ]);
    const listed = bodyOf(await call(admin, 'GET', '/api/v1/admin/vendors?status=ACTIVE'), adminVendorsResponseSchema);
    expect(listed.data.find((vendor) => vendor.vendorId === shop.vendorId)?.disputeRate).toEqual({ disputes: 2, autoVerified: 3 });
    const quiet = await buildShop(app);
    const again = bodyOf(await call(admin, 'GET', '/api/v1/admin/vendors?status=ACTIVE'), adminVendorsResponseSchema);
    expect(again.data.find((vendor) => vendor.vendorId === quiet.vendorId)?.disputeRate).toEqual({ disputes: 0, autoVerified: 0 });
  });
});

/**
 * GET /api/v1/vendors/me/insights against a known set of events, receipts and visits. Every expected figure is
 * worked out by hand in the comments. Malta is UTC+1 in February and March 2026 (summer time starts on 29 March).
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage, resolveInsightRange, vendorInsightsResponseSchema, type MessageKey, type VendorInsights } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { offerEvents, receipts, shopVisits } from '../../src/db/schema.ts';
import { buildShop, createOffer } from '../factories.ts';
import { bodyOf, signUp, useTestApp } from '../helpers.ts';

let app: App;

useTestApp({}, (made) => ({ app } = made));

type Account = Awaited<ReturnType<typeof signUp>>;
type Kind = 'IMPRESSION' | 'VIEW' | 'SAVE' | 'DIRECTIONS';
type ReceiptStatus = 'PENDING' | 'VERIFIED' | 'REJECTED' | 'NEEDS_REVIEW';

/** A shop whose offers run today (the report counts the offers running today), with its events set below. */
async function shopWithOffers(...titles: string[]) {
  const owner = await buildShop(app);
  const offerIds = [];
  for (const title of titles) offerIds.push(await createOffer(app, owner, { title }));
  return { owner, vendorId: owner.vendorId, offerIds };
}

async function addEvents(vendorId: number, rows: [offerId: number, user: Account | null, kind: Kind, at: string][]) {
  await app.db.insert(offerEvents).values(
    rows.map(([offerId, user, kind, at]) => ({ offerId, vendorId, userId: user?.userId ?? null, kind, createdAt: new Date(at) })),
  );
}

async function addReceipts(vendorId: number, shopper: Account, rows: [status: ReceiptStatus, total: string | null, at: string, reasonCode?: MessageKey][]) {
  await app.db.insert(receipts).values(
    rows.map(([status, extractedTotal, at, reasonCode]) => ({
      consumerUserId: shopper.userId,
      vendorId,
      status,
      extractedTotal,
      createdAt: new Date(at),
      reasonCode: reasonCode ?? null,
      reasonParams: reasonCode ? {} : null,
    })),
  );
}

async function addVisits(vendorId: number, shopper: Account, rows: [answer: 'PURCHASED' | 'NOT_PURCHASED' | null, at: string][]) {
  await app.db.insert(shopVisits).values(rows.map(([answer, at]) => ({ userId: shopper.userId, vendorId, answer, detectedAt: new Date(at) })));
}

function getInsights(account: Account | undefined, query = '') {
  return app.inject({ method: 'GET', url: `/api/v1/vendors/me/insights${query}`, cookies: account?.cookies });
}

async function report(account: Account, query = ''): Promise<VendorInsights> {
  const response = await getInsights(account, query);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.body).not.toMatch(/NaN|Infinity/);
  return bodyOf(response, vendorInsightsResponseSchema).data;
}

// The week of Monday 2 March to Sunday 8 March 2026; the previous period is 23 February to 1 March.
const WEEK = '?period=weekly&from=2026-03-02&to=2026-03-08';

describe('GET /vendors/me/insights', () => {
  it('computes every figure of a known week from the shop’s own events, receipts and visits', async () => {
    const { owner, vendorId, offerIds } = await shopWithOffers('Pastizzi deal', 'Second offer');
    const [o1 = 0] = offerIds;
    const [s1, s2, s3, s4] = [await signUp(app), await signUp(app), await signUp(app), await signUp(app)];
    if (!s1 || !s2 || !s3 || !s4) throw new Error('shoppers missing');

    await addEvents(vendorId, [
      // Previous period (Malta 23 Feb – 1 Mar): S1 and S2 shown the offer; two views.
      [o1, s1, 'IMPRESSION', '2026-02-25T10:00:00Z'],
      [o1, s1, 'VIEW', '2026-02-25T10:05:00Z'],
      [o1, s2, 'IMPRESSION', '2026-02-26T12:00:00Z'],
      [o1, null, 'IMPRESSION', '2026-02-26T12:00:00Z'],
      [o1, s1, 'VIEW', '2026-03-01T22:30:00Z'], // 23:30 on 1 March in Malta: still the previous period
      // This period.
      [o1, s1, 'IMPRESSION', '2026-03-01T23:30:00Z'], // 00:30 on 2 March in Malta: this period, hour 0
      [o1, s1, 'VIEW', '2026-03-02T08:10:00Z'], // 2 Mar 09:10
      [o1, s3, 'IMPRESSION', '2026-03-03T08:20:00Z'], // 3 Mar 09:20
      [o1, null, 'IMPRESSION', '2026-03-03T08:40:00Z'], // 3 Mar 09:40, anonymous (S3 counts once an hour)
      [o1, s4, 'IMPRESSION', '2026-03-04T17:00:00Z'], // 4 Mar 18:00
      [o1, null, 'IMPRESSION', '2026-03-04T17:30:00Z'], // 4 Mar 18:30, an anonymous impression
      [o1, s4, 'SAVE', '2026-03-04T17:35:00Z'], // 4 Mar 18:35
      [o1, s2, 'VIEW', '2026-03-05T11:00:00Z'], // 5 Mar 12:00
      // 00:10 on 9 March in Malta: after the period.
      [o1, s3, 'IMPRESSION', '2026-03-08T23:10:00Z'],
    ]);
    await addReceipts(vendorId, s1, [
      ['VERIFIED', '20.00', '2026-03-03T10:00:00Z'],
      ['VERIFIED', '35.50', '2026-03-04T10:00:00Z'],
      ['VERIFIED', null, '2026-03-04T11:00:00Z'], // a purchase whose total was not read
      ['REJECTED', '99.00', '2026-03-05T10:00:00Z', 'receiptPriceAboveOffer'], // the shop did not honour the price
      ['NEEDS_REVIEW', '15.00', '2026-03-06T10:00:00Z'],
      ['PENDING', null, '2026-03-07T10:00:00Z'],
      ['VERIFIED', '10.00', '2026-02-27T10:00:00Z'], // previous period
      ['VERIFIED', '12.00', '2026-03-01T22:59:00Z'], // 23:59 on 1 March in Malta: previous period
      ...Array.from({ length: 7 }, () => ['VERIFIED', '5.00', '2026-01-10T10:00:00Z'] as [ReceiptStatus, string, string]),
      ['REJECTED', null, '2026-01-11T10:00:00Z', 'receiptAnotherShop'], // the shopper's mistake: not held against the shop
    ]);
    await addVisits(vendorId, s2, [
      ['PURCHASED', '2026-03-03T09:00:00Z'],
      ['NOT_PURCHASED', '2026-03-05T09:00:00Z'],
      [null, '2026-03-06T09:00:00Z'],
      ['PURCHASED', '2026-01-05T09:00:00Z'],
      ['PURCHASED', '2026-02-05T09:00:00Z'],
    ]);

    // Another shop's activity in the same week must never count.
    const other = await shopWithOffers('Elsewhere');
    const [otherOffer = 0] = other.offerIds;
    await addEvents(other.vendorId, [
      [otherOffer, s3, 'IMPRESSION', '2026-03-03T08:00:00Z'],
      [otherOffer, s3, 'VIEW', '2026-03-03T08:01:00Z'],
      [otherOffer, s1, 'VIEW', '2026-02-25T08:01:00Z'],
    ]);
    await addReceipts(other.vendorId, s3, [
      ['VERIFIED', '500.00', '2026-03-03T10:00:00Z'],
      ['PENDING', null, '2026-03-03T10:00:00Z'],
    ]);
    await addVisits(other.vendorId, s3, [['PURCHASED', '2026-03-03T09:00:00Z']]);

    const data = await report(owner, WEEK);
    expect(data.period).toBe('weekly');
    expect(data.range).toEqual({ from: '2026-03-02', to: '2026-03-08', days: 7 });
    expect(data.previousRange).toEqual({ from: '2026-02-23', to: '2026-03-01' });

    expect(data.metrics).toEqual({
      // Shown this week: S1, S3, S4 (the anonymous impression has no shopper) = 3; before: S1, S2 = 2.
      // (3 − 2) / 2 = +50 %.
      usersNearby: { value: 3, previous: 2, change: '+50%' },
      // Views this week: S1 on 2 Mar, S2 on 5 Mar = 2; before: S1 on 25 Feb and 1 Mar = 2 → 0 %.
      offersViewed: { value: 2, previous: 2, change: '0%' },
      // VERIFIED this week: 20.00, 35.50 and the unread one = 3; before: 10.00, 12.00 = 2 → +50 %.
      conversions: { value: 3, previous: 2, change: '+50%' },
      // (20 + 35.5) / 2 = 27.75 (the unread total is left out); before (10 + 12) / 2 = 11;
      // (27.75 − 11) / 11 = 1.52272… → +152.3 %.
      avgOrderValue: { value: 27.75, previous: 11, change: '+152.3%' },
    });
    // Impressions S1, S3, S4 and the two anonymous ones = 5; one save; two ACTIVE offers.
    expect(data.overview).toEqual({ impressions: 5, views: 2, saves: 1, activeOffers: 2 });
    expect(data.trend).toEqual([
      // Users: shoppers shown an offer that day (2 Mar S1; 3 Mar S3; 4 Mar S4; the anonymous ones not counted).
      { date: '2026-03-02', users: 1, impressions: 1, views: 1, conversions: 0 },
      { date: '2026-03-03', users: 1, impressions: 2, views: 0, conversions: 1 },
      { date: '2026-03-04', users: 1, impressions: 2, views: 0, conversions: 2 },
      { date: '2026-03-05', users: 0, impressions: 0, views: 1, conversions: 0 },
      { date: '2026-03-06', users: 0, impressions: 0, views: 0, conversions: 0 },
      { date: '2026-03-07', users: 0, impressions: 0, views: 0, conversions: 0 },
      { date: '2026-03-08', users: 0, impressions: 0, views: 0, conversions: 0 },
    ]);
    // Shoppers active this week: S1, S2, S3, S4. S1 and S2 had events before 2 March (returning); S3's only
    // other event is after the week, S4 has none (new).
    expect(data.demographics).toEqual({ newShoppers: 2, returningShoppers: 2 });
    expect(data.unseen).toEqual({
      potentialClients: 3,
      // Shown but opened nothing this week: S3 and S4 (S1 viewed; S2 viewed without an impression).
      missedClients: 2,
      // 'Second offer' had no impression this week.
      dealsNotSeen: 1,
      dealsNotSeenTitles: ['Second offer'],
      // Visits detected this week: PURCHASED 3 Mar, NOT_PURCHASED 5 Mar, unanswered 6 Mar.
      footTraffic: 3,
      // Malta hours of this week's 8 events: 0 ×1, 9 ×3, 18 ×3, 12 ×1; ties go to the earlier hour.
      peakHours: [
        { hour: 9, events: 3 },
        { hour: 18, events: 3 },
        { hour: 0, events: 1 },
      ],
      // 2 views / 5 impressions = 40 %.
      engagementPercent: 40,
    });
    expect(data.trust).toEqual({
      // Every VERIFIED receipt here was confirmed by the owner alone (no automatic VERIFIED, no admin): none counts for
      // the level (issue 14; routes/reviews.test.ts works out a level by hand) → Bronze, 10 to Silver.
      verifiedPurchases: 0,
      level: 'BRONZE',
      nextLevel: 'SILVER',
      purchasesToNextLevel: 10,
      progressPercent: 0,
      // Decided: 12 VERIFIED + 1 REJECTED for the price (the other rejection was another shop's receipt) = 13.
      decidedReceipts: 13,
      // No reviews: no rating.
      rating: null,
      reviewCount: 0,
      // VERIFIED only by the owner, all time: 3 + 2 + 7 = 12, shown apart.
      customerConfirmations: 12,
      // PURCHASED answers at this shop, all time: 3.
      visitConfirmations: 3,
      // Issue 24: no purchase waits for its shopper's account to be established (none counts for the level at all).
      pendingPurchases: 0,
    });
    // Two receipts wait for a decision (NEEDS_REVIEW, PENDING); one offer unseen; two missed shoppers. Three cards.
    expect(data.insights).toEqual([
      {
        kind: 'REVIEW_RECEIPTS',
        title: MESSAGES.insightReviewReceiptsTitle,
        message: formatMessage(MESSAGES.insightReviewReceiptsBody, { count: 2 }),
        action: MESSAGES.insightActionReviewReceipts,
        titleCode: 'insightReviewReceiptsTitle',
        messageCode: { code: 'insightReviewReceiptsBody', params: { count: 2 } },
        actionCode: 'insightActionReviewReceipts',
        path: '/receipts-review',
      },
      {
        kind: 'UNSEEN_OFFERS',
        title: MESSAGES.insightUnseenOffersTitle,
        message: formatMessage(MESSAGES.insightUnseenOffersBody, { count: 1 }),
        action: MESSAGES.insightActionViewDetails,
        titleCode: 'insightUnseenOffersTitle',
        messageCode: { code: 'insightUnseenOffersBody', params: { count: 1 } },
        actionCode: 'insightActionViewDetails',
        path: '/offerslist',
      },
      {
        kind: 'ENGAGE_NEARBY',
        title: MESSAGES.insightEngageNearbyTitle,
        message: formatMessage(MESSAGES.insightEngageNearbyBody, { count: 2 }),
        action: MESSAGES.insightActionLaunchCampaign,
        titleCode: 'insightEngageNearbyTitle',
        messageCode: { code: 'insightEngageNearbyBody', params: { count: 2 } },
        actionCode: 'insightActionLaunchCampaign',
        path: '/add-offer',
      },
    ]);

    // The other shop sees only its own: S3's impression, its 500.00 receipt, its visit.
    const otherData = await report(other.owner, WEEK);
    expect(otherData.metrics.usersNearby).toEqual({ value: 1, previous: 0, change: '+100%' });
    expect(otherData.metrics.offersViewed).toEqual({ value: 1, previous: 1, change: '0%' });
    expect(otherData.metrics.avgOrderValue).toEqual({ value: 500, previous: null, change: '+100%' });
    expect(otherData.trust.verifiedPurchases).toBe(0);
    expect(otherData.trust.customerConfirmations).toBe(1);
    expect(otherData.trust.visitConfirmations).toBe(1);
  });

  it('answers zeros for a shop with nothing yet, and asks for a first promotion', async () => {
    const owner = await buildShop(app);
    const data = await report(owner, WEEK);
    const zero = { value: 0, previous: 0, change: '0%' };
    expect(data.metrics).toEqual({
      usersNearby: zero,
      offersViewed: zero,
      conversions: zero,
      avgOrderValue: { value: null, previous: null, change: '0%' },
    });
    expect(data.overview).toEqual({ impressions: 0, views: 0, saves: 0, activeOffers: 0 });
    expect(data.trend).toHaveLength(7);
    expect(data.trend.every((day) => day.users === 0 && day.impressions === 0 && day.views === 0 && day.conversions === 0)).toBe(true);
    expect(data.demographics).toEqual({ newShoppers: 0, returningShoppers: 0 });
    expect(data.unseen).toEqual({
      potentialClients: 0,
      missedClients: 0,
      dealsNotSeen: 0,
      dealsNotSeenTitles: [],
      footTraffic: 0,
      peakHours: [],
      engagementPercent: 0,
    });
    expect(data.trust).toEqual({
      rating: null,
      reviewCount: 0,
      level: 'BRONZE',
      nextLevel: 'SILVER',
      verifiedPurchases: 0,
      customerConfirmations: 0,
      visitConfirmations: 0,
      pendingPurchases: 0,
      purchasesToNextLevel: 10,
      progressPercent: 0,
      decidedReceipts: 0,
    });
    expect(data.insights.map((insight) => [insight.kind, insight.path])).toEqual([['CREATE_PROMOTION', '/add-offer']]);
  });

  it('defaults to the current week, or month, in Malta, and counts what happens now', async () => {
    const { owner, vendorId, offerIds } = await shopWithOffers('Now offer');
    const shopper = await signUp(app);
    await addEvents(vendorId, [[offerIds[0] ?? 0, shopper, 'IMPRESSION', new Date().toISOString()]]);

    const weekly = await report(owner);
    const expectedWeek = resolveInsightRange('weekly', new Date());
    expect(weekly.period).toBe('weekly');
    expect(weekly.range).toEqual({ from: expectedWeek.from, to: expectedWeek.to, days: 7 });
    expect(new Date(`${weekly.range.from}T00:00:00Z`).getUTCDay()).toBe(1); // a Monday
    expect(weekly.metrics.usersNearby).toEqual({ value: 1, previous: 0, change: '+100%' });
    // One shopper shown the offer who opened nothing, and no shopper before: new, and missed.
    expect(weekly.demographics).toEqual({ newShoppers: 1, returningShoppers: 0 });
    expect(weekly.unseen.missedClients).toBe(1);
    expect(weekly.insights.map((insight) => insight.kind)).toEqual(['ENGAGE_NEARBY']);

    const monthly = await report(owner, '?period=monthly');
    const expectedMonth = resolveInsightRange('monthly', new Date());
    expect(monthly.period).toBe('monthly');
    expect(monthly.range.from).toBe(expectedMonth.from);
    expect(monthly.range.from.endsWith('-01')).toBe(true);
    expect(monthly.trend).toHaveLength(monthly.range.days);
    expect(monthly.range.days).toBeGreaterThanOrEqual(28);
    expect(monthly.previousRange.to).toBe(expectedMonth.previousTo);
    expect(monthly.metrics.usersNearby.value).toBe(1);
  });

  it('refuses shoppers without a business (403) and anyone signed out (401)', async () => {
    const shopper = await signUp(app);
    const refused = await getInsights(shopper);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MESSAGES.registerBusinessFirst);
    expect((await getInsights(undefined)).statusCode).toBe(401);
  });

  it.each([
    ['?period=yearly', MESSAGES.insightsPeriodInvalid],
    ['?from=2026-02-30&to=2026-03-05', MESSAGES.insightsDateInvalid],
    ['?from=2026-3-1&to=2026-03-05', MESSAGES.insightsDateInvalid],
    ['?from=2026-03-01', MESSAGES.insightsRangeIncomplete],
    ['?to=2026-03-01', MESSAGES.insightsRangeIncomplete],
    ['?from=2026-03-08&to=2026-03-02', MESSAGES.insightsRangeReversed],
    ['?from=2025-01-01&to=2026-03-02', formatMessage(MESSAGES.insightsRangeTooLong, { max: 366 })],
  ])('answers 400 for %s', async (query, message) => {
    const owner = await buildShop(app);
    const response = await getInsights(owner, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });
});

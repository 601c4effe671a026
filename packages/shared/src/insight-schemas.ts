/**
 * Vendor insights (spec §2.4 Vendor Dashboard, Business Insights, Trust Rating; DESIGN.md §4, §5, §8): the
 * request of GET /vendors/me/insights, its answer, and the pure rules behind it (report periods in Malta time,
 * the signed change against the previous period, trust levels and the rating) so the API and the web agree.
 */
import { z } from 'zod';
import { messageCodeSchema, messageParamsSchema } from './error-schema.ts';
import { calendarDate } from './date-rules.ts';
import { addDays, daysInRange, maltaDateOf, monthOf, weekOf } from './malta-time.ts';
import { codedMessage } from './message-codes.ts';
import { MESSAGES } from './messages.ts';
import { OFFER_STATUSES } from './enums.ts';
import { INSIGHT_PERIODS, OFFER_WEEK_DAYS, TRUST_LEVELS, type InsightPeriod, type TrustLevel } from './insight-constants.ts';

export * from './insight-constants.ts';

/** The longest from–to range one report may cover (a year, leap or not). */
export const MAX_INSIGHT_RANGE_DAYS = 366;

export const TRUST_LEVEL_NAMES = TRUST_LEVELS.map((entry) => entry.level) as [TrustLevel, ...TrustLevel[]];

/** The rating's scale: 0 to 5 stars. */
export const TRUST_RATING_MAX = 5;

/** Rules behind the actionable insight cards (issue 5): below these the card is not worth showing. */
export const INSIGHT_RULES = {
  /** Shown at least this often with fewer than LOW_VIEW_RATE views per impression: optimize visibility. */
  minImpressionsForVisibility: 20,
  lowViewRate: 0.1,
  /** Verified purchases per view from this rate on count as a high conversion rate. */
  highConversionRate: 0.1,
  /** Opened at least this often with a conversion rate under highConversionRate: encourage receipts. */
  minViewsForReceipts: 10,
  /** At most this many cards, most urgent first (the spec's layout has three). */
  maxCards: 3,
} as const;

export interface InsightRange {
  from: string;
  to: string;
  days: number;
  previousFrom: string;
  previousTo: string;
}

/**
 * The report's dates: the given from–to, else the current week (Monday to Sunday) or calendar month in Malta.
 * The previous period starts the same number of days earlier and covers as many days as have begun of this
 * one (Monday so far against last Monday, the 1st–10th against the same ten days before): a period still
 * under way is never compared with a whole one.
 */
export function resolveInsightRange(period: InsightPeriod, now: Date, from?: string, to?: string): InsightRange {
  const today = maltaDateOf(now);
  const given = from !== undefined && to !== undefined ? { from, to } : undefined;
  const { from: start, to: end } = given ?? (period === 'weekly' ? weekOf(today) : monthOf(today));
  const days = daysInRange(start, end);
  const begun = today < start ? days : today > end ? days : daysInRange(start, today);
  const previousFrom = addDays(start, -days);
  return { from: start, to: end, days, previousFrom, previousTo: addDays(previousFrom, begun - 1) };
}

/**
 * The change from the previous period as the spec's signed percentage ('+12.5%', '-3%', '0%'), one decimal at
 * most. Growth from nothing has no ratio; it reads '+100%' (something where there was nothing), never
 * 'Infinity' or 'NaN'.
 */
export function formatChange(current: number, previous: number): string {
  if (previous === 0) return current > 0 ? '+100%' : current < 0 ? '-100%' : '0%';
  const percent = Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
  if (percent === 0) return '0%';
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

export interface TrustFacts {
  /**
   * Purchases that count for the level (PURCHASE_COUNTS.trustLevel): redemptions and receipts the shop did not decide
   * alone, at most TRUST_PURCHASES_PER_SHOPPER_DAY per shopper and Malta day.
   */
  verifiedPurchases: number;
  /** The reviews' rating shoppers see (issue 14); left out: none yet. */
  rating?: { average: number | null; count: number };
  /** VERIFIED receipts plus those refused because the price paid was above the offer (the shop did not honour it). */
  verifiedReceipts?: number;
  rejectedReceipts?: number;
}

/**
 * The trust block: the level reached by all-time verified purchases the shop did not decide alone, how many more reach
 * the next level and how far through the current band the shop is; the rating is the reviews' (the mean stars of the
 * last RATING_WINDOW_MONTHS, each shopper's latest review; null while there is none) with how many were counted. A shop
 * cannot grade itself: its own confirmations count for neither. `decidedReceipts` stays: receipts VERIFIED or refused
 * for the price.
 */
export function computeTrust({ verifiedPurchases, rating, verifiedReceipts = 0, rejectedReceipts = 0 }: TrustFacts) {
  let index = 0;
  TRUST_LEVELS.forEach((entry, position) => {
    if (verifiedPurchases >= entry.minVerifiedPurchases) index = position;
  });
  const current = TRUST_LEVELS[index] ?? TRUST_LEVELS[0];
  const next = TRUST_LEVELS[index + 1];
  let progressPercent = 100;
  if (next) {
    const band = next.minVerifiedPurchases - current.minVerifiedPurchases;
    progressPercent = Math.floor(((verifiedPurchases - current.minVerifiedPurchases) / band) * 100);
  }
  return {
    level: current.level,
    nextLevel: next?.level ?? null,
    purchasesToNextLevel: next ? next.minVerifiedPurchases - verifiedPurchases : 0,
    progressPercent,
    rating: rating?.average ?? null,
    reviewCount: rating?.count ?? 0,
    decidedReceipts: verifiedReceipts + rejectedReceipts,
  };
}

const reportDate = (field: 'from' | 'to') =>
  z.string({ error: MESSAGES.insightsDateInvalid }).apply(calendarDate(field, MESSAGES.insightsDateInvalid));

/** A from–to range of a report: `to` not before `from`, at most MAX_INSIGHT_RANGE_DAYS days (the issue names `to`). */
function checkRange({ from, to }: { from: string; to: string }, context: z.RefinementCtx) {
  if (from > to) context.addIssue({ code: 'custom', message: MESSAGES.insightsRangeReversed, path: ['to'] });
  else if (daysInRange(from, to) > MAX_INSIGHT_RANGE_DAYS) {
    context.addIssue({ code: 'custom', message: codedMessage('insightsRangeTooLong', { max: MAX_INSIGHT_RANGE_DAYS }), path: ['to'] });
  }
}

/** Both dates or neither, then checkRange. */
function checkOptionalRange(query: { from?: string | undefined; to?: string | undefined }, context: z.RefinementCtx) {
  if ((query.from === undefined) !== (query.to === undefined)) {
    context.addIssue({ code: 'custom', message: MESSAGES.insightsRangeIncomplete, path: [query.from === undefined ? 'from' : 'to'] });
    return;
  }
  if (query.from !== undefined && query.to !== undefined) checkRange({ from: query.from, to: query.to }, context);
}

/** GET /vendors/me/insights?period=weekly|monthly[&from=YYYY-MM-DD&to=YYYY-MM-DD] */
export const insightsQuerySchema = z
  .object({
    period: z.enum(INSIGHT_PERIODS, { error: MESSAGES.insightsPeriodInvalid }).default('weekly'),
    from: reportDate('from').optional(),
    to: reportDate('to').optional(),
  })
  .superRefine(checkOptionalRange);
export type InsightsQuery = z.output<typeof insightsQuerySchema>;

const countMetric = z.object({ value: z.number().int(), previous: z.number().int(), change: z.string() });
const moneyMetric = z.object({ value: z.number().nullable(), previous: z.number().nullable(), change: z.string() });

export const INSIGHT_KINDS = [
  'CREATE_PROMOTION',
  'REVIEW_RECEIPTS',
  'OPTIMIZE_VISIBILITY',
  'UNSEEN_OFFERS',
  'ENGAGE_NEARBY',
  'ENCOURAGE_RECEIPTS',
  'HIGH_CONVERSION',
  'FIRST_SHOPPERS',
] as const;
export type InsightKind = (typeof INSIGHT_KINDS)[number];

export const actionableInsightSchema = z.object({
  kind: z.enum(INSIGHT_KINDS),
  /** English texts from MESSAGES, for API clients; the web shows the codes in the reader's language. */
  title: z.string(),
  message: z.string(),
  action: z.string(),
  titleCode: messageCodeSchema,
  messageCode: z.object({ code: messageCodeSchema, params: messageParamsSchema }),
  actionCode: messageCodeSchema,
  /** Where the action button leads (a path of the web app). */
  path: z.string(),
});
export type ActionableInsight = z.infer<typeof actionableInsightSchema>;

export const vendorInsightsSchema = z.object({
  period: z.enum(INSIGHT_PERIODS),
  range: z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
  previousRange: z.object({ from: z.string(), to: z.string() }),
  metrics: z.object({
    /** Distinct signed-in shoppers shown an offer of the shop. */
    usersNearby: countMetric,
    offersViewed: countMetric,
    /** VERIFIED receipts uploaded in the period. */
    conversions: countMetric,
    /** Mean total of those receipts in euros; null when there is none. */
    avgOrderValue: moneyMetric,
  }),
  overview: z.object({
    impressions: z.number().int(),
    views: z.number().int(),
    saves: z.number().int(),
    activeOffers: z.number().int(),
  }),
  /** One point a day: shoppers shown an offer (users), impressions, views and verified purchases. */
  trend: z.array(
    z.object({ date: z.string(), users: z.number().int(), impressions: z.number().int(), views: z.number().int(), conversions: z.number().int() }),
  ),
  demographics: z.object({ newShoppers: z.number().int(), returningShoppers: z.number().int() }),
  unseen: z.object({
    /** Shoppers shown an offer (the same as Users Nearby). */
    potentialClients: z.number().int(),
    /** Of those, the ones who opened none of the shop's offers in the period. */
    missedClients: z.number().int(),
    /** ACTIVE offers shown to nobody in the period. */
    dealsNotSeen: z.number().int(),
    dealsNotSeenTitles: z.array(z.string()),
    /** Shop visits detected in the period. */
    footTraffic: z.number().int(),
    /** The busiest hours of day (Malta time) by events, busiest first, at most three. */
    peakHours: z.array(z.object({ hour: z.number().int().min(0).max(23), events: z.number().int() })),
    /** Views per impression, in whole percent (0 without impressions). */
    engagementPercent: z.number().int(),
  }),
  insights: z.array(actionableInsightSchema),
  /**
   * Codes at the till (issue 13): codes claimed in the period, redemptions in the period, and the claim-to-redemption
   * rate: the share of the period's claims redeemed so far (whole percent, null without claims). Per offer, those with
   * a claim or a redemption in the period, most redeemed first.
   */
  redemptions: z.object({
    claims: z.number().int(),
    redemptions: z.number().int(),
    ratePercent: z.number().int().nullable(),
    byOffer: z.array(
      z.object({ offerId: z.number().int(), title: z.string(), claims: z.number().int(), redemptions: z.number().int(), claimsRedeemed: z.number().int() }),
    ),
  }),
  trust: z.object({
    /** The reviews' rating shoppers see (issue 14): mean stars of the last 12 months, one decimal; null with none. */
    rating: z.number().nullable(),
    /** How many reviews the rating counts (each shopper's latest). */
    reviewCount: z.number().int(),
    level: z.enum(TRUST_LEVEL_NAMES),
    nextLevel: z.enum(TRUST_LEVEL_NAMES).nullable(),
    /** Purchases the shop did not decide alone: redemptions, receipts verified automatically or by Qrib; one a shopper a day. */
    verifiedPurchases: z.number().int(),
    /** VERIFIED receipts only the owner confirmed: shown apart, not in the level. */
    customerConfirmations: z.number().int(),
    /**
     * Issue 24: purchases that would count for the level but whose shopper's account is not established yet (one a
     * shopper a day, like the level's); they count once it is. Never the owner's own, never flagged ones.
     */
    pendingPurchases: z.number().int(),
    /** Detected visits the shopper said ended in a purchase. */
    visitConfirmations: z.number().int(),
    purchasesToNextLevel: z.number().int(),
    progressPercent: z.number().int().min(0).max(100),
    decidedReceipts: z.number().int(),
  }),
  /**
   * Issue 29 §2, the shop's stamp card in the period: cards shoppers started (a stamp that is their first toward a
   * reward), cards completed (rewards issued, not withdrawn) and rewards redeemed at the till. `running`: a card runs now.
   */
  stampCard: z.object({
    running: z.boolean(),
    cardsStarted: z.number().int(),
    cardsCompleted: z.number().int(),
    rewardsRedeemed: z.number().int(),
  }),
});
export type VendorInsights = z.infer<typeof vendorInsightsSchema>;
export const vendorInsightsResponseSchema = z.object({ data: vendorInsightsSchema });

/*
 * Issue 28 §5, the numbers the week needs: each offer's figures for a period (My offers shows this week's, the
 * Business Insights' per-offer table the chosen period's) and the CSV of the period, a row per day and offer. Every
 * figure has the dashboard's definition (apps/api/src/domains/insights/repository/offer-figures.ts).
 */

/** The days "this week" covers on My offers: the last OFFER_WEEK_DAYS Malta days, today included. */
export function recentDays(today: string, days = OFFER_WEEK_DAYS): { from: string; to: string } {
  return { from: addDays(today, -(days - 1)), to: today };
}

/** GET /vendors/me/insights/offers[?from=YYYY-MM-DD&to=YYYY-MM-DD]: both or neither (then the last 7 Malta days). */
export const offerFiguresQuerySchema = z
  .object({ from: reportDate('from').optional(), to: reportDate('to').optional() })
  .superRefine(checkOptionalRange);

const requiredReportDate = (field: 'from' | 'to') =>
  z.string({ error: MESSAGES.insightsRangeRequired }).apply(calendarDate(field, MESSAGES.insightsDateInvalid));

/** GET /vendors/me/insights/export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: both required. */
export const insightsExportQuerySchema = z.object({ from: requiredReportDate('from'), to: requiredReportDate('to') }).superRefine(checkRange);

/**
 * One offer's figures in a period, with the dashboard's definitions: `impressions`, `views` and `saves` are the offer's
 * events in the period; `claims` the codes claimed in it ('codes'), `claimsRedeemed` those of them redeemed since, and
 * `redemptions` the codes redeemed at the till in it (none that suspicious activity took out).
 */
export const offerFiguresSchema = z.object({
  offerId: z.number().int(),
  title: z.string(),
  status: z.enum(OFFER_STATUSES),
  impressions: z.number().int(),
  views: z.number().int(),
  saves: z.number().int(),
  claims: z.number().int(),
  claimsRedeemed: z.number().int(),
  redemptions: z.number().int(),
});
export type OfferFigures = z.infer<typeof offerFiguresSchema>;

/** Every offer of the shop that existed in the period or has a figure in it, most redeemed first. */
export const offerFiguresResponseSchema = z.object({
  data: z.object({ range: z.object({ from: z.string(), to: z.string(), days: z.number().int() }), offers: z.array(offerFiguresSchema) }),
});
export type OfferFiguresReport = z.infer<typeof offerFiguresResponseSchema>['data'];

/**
 * The CSV's columns, in order: stable names in every language (a spreadsheet's formulas refer to them). `codes` is
 * `claims` above, `codes_redeemed` `claimsRedeemed`; `date` is the Malta day.
 */
export const INSIGHTS_EXPORT_COLUMNS = ['date', 'offer_id', 'offer_title', 'impressions', 'views', 'saves', 'codes', 'codes_redeemed', 'redemptions'] as const;
export type InsightsExportRow = Record<(typeof INSIGHTS_EXPORT_COLUMNS)[number], string | number>;

/** The file name of a period's CSV. */
export function insightsExportFileName(from: string, to: string): string {
  return `qrib-insights-${from}-${to}.csv`;
}

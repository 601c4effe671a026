/**
 * Turns a shop's insight facts into the report the dashboard and the insights screens show: the four metric
 * cards against the previous period, the unseen opportunities, the trust block and the actionable insight
 * cards (rules in INSIGHT_RULES, most urgent first).
 */
import {
  INSIGHT_RULES,
  MESSAGES,
  computeTrust,
  formatChange,
  formatMessage,
  type ActionableInsight,
  type InsightPeriod,
  type InsightRange,
  type MessageCode,
  type MessageKey,
  type VendorInsights,
} from '@qrib/shared';
import type { InsightFacts } from './repository/insights.ts';

/** Web paths the insight cards lead to (apps/web/src/config/paths.ts). */
const PATHS = { addOffer: '/add-offer', offersList: '/offerslist', receiptsReview: '/receipts-review' } as const;

/** A card from its codes: the English texts for API clients, and the codes (with the body's params) for the web. */
function card(kind: ActionableInsight['kind'], title: MessageKey, message: MessageKey | MessageCode, action: MessageKey, path: string): ActionableInsight {
  const body = typeof message === 'string' ? { code: message, params: {} } : message;
  return {
    kind,
    title: MESSAGES[title],
    message: formatMessage(MESSAGES[body.code], body.params),
    action: MESSAGES[action],
    path,
    titleCode: title,
    messageCode: body,
    actionCode: action,
  };
}

export function buildActionableInsights(facts: InsightFacts): ActionableInsight[] {
  const cards: ActionableInsight[] = [];
  const viewRate = facts.impressions === 0 ? 0 : facts.views / facts.impressions;
  const conversionRate = facts.views === 0 ? 0 : facts.conversions / facts.views;

  if (facts.activeOffers === 0) {
    cards.push(card('CREATE_PROMOTION', 'insightCreatePromotionTitle', 'insightCreatePromotionBody', 'insightActionCreatePromotion', PATHS.addOffer));
  }
  if (facts.receiptsAwaitingDecision > 0) {
    cards.push(
      card(
        'REVIEW_RECEIPTS',
        'insightReviewReceiptsTitle',
        { code: 'insightReviewReceiptsBody', params: { count: facts.receiptsAwaitingDecision } },
        'insightActionReviewReceipts',
        PATHS.receiptsReview,
      ),
    );
  }
  if (facts.impressions >= INSIGHT_RULES.minImpressionsForVisibility && viewRate < INSIGHT_RULES.lowViewRate) {
    cards.push(
      card(
        'OPTIMIZE_VISIBILITY',
        'insightOptimizeVisibilityTitle',
        { code: 'insightOptimizeVisibilityBody', params: { impressions: facts.impressions, views: facts.views } },
        'insightActionViewDetails',
        PATHS.offersList,
      ),
    );
  }
  if (facts.activeOffers > 0 && facts.impressions === 0) {
    cards.push(card('FIRST_SHOPPERS', 'insightFirstShoppersTitle', 'insightFirstShoppersBody', 'insightActionViewDetails', PATHS.offersList));
  } else if (facts.unseenOfferTitles.length > 0) {
    cards.push(
      card(
        'UNSEEN_OFFERS',
        'insightUnseenOffersTitle',
        { code: 'insightUnseenOffersBody', params: { count: facts.unseenOfferTitles.length } },
        'insightActionViewDetails',
        PATHS.offersList,
      ),
    );
  }
  if (facts.missedClients > 0) {
    cards.push(
      card(
        'ENGAGE_NEARBY',
        'insightEngageNearbyTitle',
        { code: 'insightEngageNearbyBody', params: { count: facts.missedClients } },
        'insightActionLaunchCampaign',
        PATHS.addOffer,
      ),
    );
  }
  if (facts.views > 0 && conversionRate >= INSIGHT_RULES.highConversionRate) {
    cards.push(
      card(
        'HIGH_CONVERSION',
        'insightHighConversionTitle',
        // Receipts can come without an in-app view, so the rate is capped at 100 %.
        { code: 'insightHighConversionBody', params: { rate: Math.min(100, Math.round(conversionRate * 100)) } },
        'insightActionAnalyzeOffers',
        PATHS.offersList,
      ),
    );
  } else if (facts.views >= INSIGHT_RULES.minViewsForReceipts) {
    cards.push(
      card(
        'ENCOURAGE_RECEIPTS',
        'insightEncourageReceiptsTitle',
        { code: 'insightEncourageReceiptsBody', params: { views: facts.views, conversions: facts.conversions } },
        'insightActionAnalyzeOffers',
        PATHS.offersList,
      ),
    );
  }
  return cards.slice(0, INSIGHT_RULES.maxCards);
}

/** Claims and redemptions of the period, and the share of the period's claims redeemed (whole percent; null without claims). */
function redemptionSummary(byOffer: InsightFacts['redemptionsByOffer']): VendorInsights['redemptions'] {
  const total = (key: 'claims' | 'redemptions' | 'claimsRedeemed') => byOffer.reduce((sum, offer) => sum + offer[key], 0);
  const claims = total('claims');
  return { claims, redemptions: total('redemptions'), ratePercent: claims === 0 ? null : Math.round((total('claimsRedeemed') / claims) * 100), byOffer };
}

export function buildInsightsReport(period: InsightPeriod, range: InsightRange, facts: InsightFacts): VendorInsights {
  return {
    period,
    range: { from: range.from, to: range.to, days: range.days },
    previousRange: { from: range.previousFrom, to: range.previousTo },
    metrics: {
      usersNearby: { value: facts.usersNearby, previous: facts.previousUsersNearby, change: formatChange(facts.usersNearby, facts.previousUsersNearby) },
      offersViewed: { value: facts.views, previous: facts.previousViews, change: formatChange(facts.views, facts.previousViews) },
      conversions: { value: facts.conversions, previous: facts.previousConversions, change: formatChange(facts.conversions, facts.previousConversions) },
      avgOrderValue: {
        value: facts.avgOrderValue,
        previous: facts.previousAvgOrderValue,
        change: formatChange(facts.avgOrderValue ?? 0, facts.previousAvgOrderValue ?? 0),
      },
    },
    overview: { impressions: facts.impressions, views: facts.views, saves: facts.saves, activeOffers: facts.activeOffers },
    trend: facts.trend,
    demographics: { newShoppers: facts.newShoppers, returningShoppers: facts.returningShoppers },
    unseen: {
      potentialClients: facts.usersNearby,
      missedClients: facts.missedClients,
      dealsNotSeen: facts.unseenOfferTitles.length,
      dealsNotSeenTitles: facts.unseenOfferTitles.slice(0, 5),
      footTraffic: facts.footTraffic,
      peakHours: facts.peakHours,
      engagementPercent: facts.impressions === 0 ? 0 : Math.round((facts.views / facts.impressions) * 100),
    },
    insights: buildActionableInsights(facts),
    redemptions: redemptionSummary(facts.redemptionsByOffer),
    trust: {
      ...computeTrust({
        verifiedPurchases: facts.verifiedPurchases,
        rating: facts.rating,
        verifiedReceipts: facts.verifiedReceipts,
        rejectedReceipts: facts.rejectedReceipts,
      }),
      verifiedPurchases: facts.verifiedPurchases,
      customerConfirmations: facts.customerConfirmations,
      visitConfirmations: facts.visitConfirmations,
      pendingPurchases: facts.pendingPurchases,
    },
    stampCard: facts.stampCard,
  };
}

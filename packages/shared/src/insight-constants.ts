/** Report periods and trust levels, without zod: the owner's dashboard shows them and loads no schema code. */
export const INSIGHT_PERIODS = ['weekly', 'monthly'] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

/**
 * Trust levels (DESIGN.md §8) by all-time verified purchases: a level is reached at its threshold. The spec's
 * sample shows Silver on the way to Gold.
 */
export const TRUST_LEVELS = [
  { level: 'BRONZE', minVerifiedPurchases: 0 },
  { level: 'SILVER', minVerifiedPurchases: 10 },
  { level: 'GOLD', minVerifiedPurchases: 25 },
  { level: 'PLATINUM', minVerifiedPurchases: 50 },
] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number]['level'];

/** The report period a `?period=` value names; the weekly report for anything else. */
export function insightPeriodOf(value: string | null | undefined): InsightPeriod {
  return INSIGHT_PERIODS.find((candidate) => candidate === value) ?? 'weekly';
}

/** Issue 28 §5: My offers shows each offer's figures of the last this-many Malta days, today included. */
export const OFFER_WEEK_DAYS = 7;

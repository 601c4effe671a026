import { describe, expect, it } from 'vitest';
import { insightPeriodOf } from './insight-constants.ts';
import { computeTrust, formatChange, insightsQuerySchema, resolveInsightRange } from './insight-schemas.ts';

describe('formatChange', () => {
  it.each([
    [112.5, 100, '+12.5%'],
    [97, 100, '-3%'],
    [5, 5, '0%'],
    [0, 0, '0%'],
    [3, 0, '+100%'],
    [0, 4, '-100%'],
    [1, 3, '-66.7%'],
  ])('%d against %d reads %s', (current, previous, expected) => {
    expect(formatChange(current, previous)).toBe(expected);
  });
});

describe('computeTrust', () => {
  it('starts at Bronze, unrated', () => {
    expect(computeTrust({ verifiedPurchases: 0 })).toEqual({
      level: 'BRONZE', nextLevel: 'SILVER', purchasesToNextLevel: 10, progressPercent: 0, rating: null, reviewCount: 0, decidedReceipts: 0,
    });
  });
  it('reaches a level at its threshold and tops out at Platinum', () => {
    // 14 verified: Silver (10); Gold at 25 → 11 more; (14 − 10) / 15 = 26.7 % → 26.
    expect(computeTrust({ verifiedPurchases: 14 })).toMatchObject({ level: 'SILVER', nextLevel: 'GOLD', purchasesToNextLevel: 11, progressPercent: 26 });
    expect(computeTrust({ verifiedPurchases: 25 })).toMatchObject({ level: 'GOLD', nextLevel: 'PLATINUM', purchasesToNextLevel: 25, progressPercent: 0 });
    expect(computeTrust({ verifiedPurchases: 80 })).toMatchObject({ level: 'PLATINUM', nextLevel: null, purchasesToNextLevel: 0, progressPercent: 100 });
  });
  it('takes the rating from the reviews, never from the receipts the shop decided', () => {
    expect(computeTrust({ verifiedPurchases: 3, rating: { average: 4.6, count: 38 }, verifiedReceipts: 1, rejectedReceipts: 9 })).toMatchObject({
      rating: 4.6, reviewCount: 38, decidedReceipts: 10,
    });
    expect(computeTrust({ verifiedPurchases: 3, rating: { average: null, count: 0 }, verifiedReceipts: 12 })).toMatchObject({ rating: null, reviewCount: 0 });
  });
});

describe('resolveInsightRange', () => {
  it('takes the Malta week, Monday to Sunday, and as many days of the week before as have begun of it', () => {
    // Sunday 8 March 2026, 23:30 UTC is already Monday 9 March in Malta.
    expect(resolveInsightRange('weekly', new Date('2026-03-08T23:30:00Z'))).toEqual({
      from: '2026-03-09', to: '2026-03-15', days: 7, previousFrom: '2026-03-02', previousTo: '2026-03-02',
    });
  });
  it('takes the Malta month, and the days begun so far, 28 days earlier', () => {
    expect(resolveInsightRange('monthly', new Date('2026-02-10T12:00:00Z'))).toEqual({
      from: '2026-02-01', to: '2026-02-28', days: 28, previousFrom: '2026-01-04', previousTo: '2026-01-13',
    });
  });
  it('uses the given dates', () => {
    expect(resolveInsightRange('monthly', new Date(), '2026-03-30', '2026-04-02')).toMatchObject({ days: 4, previousFrom: '2026-03-26', previousTo: '2026-03-29' });
  });
  it('validates the query', () => {
    expect(insightsQuerySchema.parse({})).toEqual({ period: 'weekly' });
    expect(insightsQuerySchema.safeParse({ from: '2026-02-29', to: '2026-03-01' }).success).toBe(false);
  });
});

describe('insightPeriodOf', () => {
  it('reads the period of a ?period= value, weekly for anything else', () => {
    expect(insightPeriodOf('monthly')).toBe('monthly');
    expect(insightPeriodOf('weekly')).toBe('weekly');
    expect(insightPeriodOf('yearly')).toBe('weekly');
    expect(insightPeriodOf(null)).toBe('weekly');
    expect(insightPeriodOf(undefined)).toBe('weekly');
  });
});

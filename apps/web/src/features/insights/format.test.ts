import { describe, expect, it } from 'vitest';
import { catalogs } from '@qrib/shared/i18n/catalogs';
import { computeTrust } from '@qrib/shared/insight-schemas';
import { initI18n } from '../../lib/i18n.ts';
import { chartMaximum, changeToneClass, daysBegun, formatDateRange, formatEuro, formatHour, isPositiveChange, trendPoints, trustProgressText } from './format.ts';

const trust = (verifiedPurchases: number) => ({ ...computeTrust({ verifiedPurchases }), verifiedPurchases, customerConfirmations: 0, visitConfirmations: 0, pendingPurchases: 0 });

describe('the change colour rule (spec §2.4)', () => {
  it('is green only when the change starts with +', () => {
    expect(isPositiveChange('+12.5%')).toBe(true);
    expect(changeToneClass('+100%')).toBe('text-green-700');
    expect(changeToneClass('-3%')).toBe('text-red-700');
    expect(changeToneClass('-0.5%')).toBe('text-red-700');
  });
  it('shows no change as neutral, neither green nor red', () => {
    expect(changeToneClass('0%')).toBe('text-slate-600');
    expect(changeToneClass('0.0%')).toBe('text-slate-600');
    expect(changeToneClass('-0%')).toBe('text-slate-600');
  });
});

describe('the trend of a period under way', () => {
  const week = Array.from({ length: 7 }, (_, index) => ({ date: `2026-03-0${index + 2}`, users: 1, impressions: 4, views: 2, conversions: index === 0 ? 1 : 0 }));
  // Wednesday 4 March: the API compares Monday–Wednesday with last Monday–Wednesday.
  const report = { range: { from: '2026-03-02', to: '2026-03-08', days: 7 }, previousRange: { from: '2026-02-23', to: '2026-02-25' }, trend: week };

  it('counts the days that have begun from the previous range', () => {
    expect(daysBegun(report)).toBe(3);
    expect(daysBegun({ ...report, previousRange: { from: '2026-02-23', to: '2026-03-01' } })).toBe(7);
  });
  it('keeps every day on the axis but plots no zeros for days still to come', () => {
    const points = trendPoints(report);
    expect(points.map((point) => point.date)).toEqual(week.map((day) => day.date));
    expect(points.slice(0, 3)).toEqual([
      { date: '2026-03-02', impressions: 4, views: 2, conversions: 1 },
      { date: '2026-03-03', impressions: 4, views: 2, conversions: 0 },
      { date: '2026-03-04', impressions: 4, views: 2, conversions: 0 },
    ]);
    expect(points.slice(3).every((point) => point.impressions === null && point.views === null && point.conversions === null)).toBe(true);
  });
  it('plots every day of a period that is over', () => {
    const past = { ...report, previousRange: { from: '2026-02-23', to: '2026-03-01' } };
    expect(trendPoints(past).every((point) => point.impressions === 4)).toBe(true);
  });
});

describe('the trust progress sentence', () => {
  it('follows the spec’s pattern with the real number and level', () => {
    const t = initI18n('en').t;
    // 11 verified: Silver; Gold at 25 → 14 more, the spec's sample sentence.
    expect(trustProgressText(t, trust(11))).toBe('14 more verified purchases to reach Gold badge!');
    expect(trustProgressText(t, trust(0))).toBe('10 more verified purchases to reach Silver badge!');
    expect(trustProgressText(t, trust(60))).toBe(catalogs.en.vendorInsights.topLevel);
  });
  it('reads in the reader’s language', () => {
    const french = initI18n('fr').t;
    expect(trustProgressText(french, trust(11))).toBe('Encore 14 achats vérifiés pour obtenir le badge Or !');
  });
});

describe('figures on screen', () => {
  it('never shows NaN: no purchase reads as zero euros', () => {
    expect(formatEuro(null, 'en')).toBe('€0.00');
    expect(formatEuro(Number.NaN, 'en')).toBe('€0.00');
    expect(formatEuro(27.75, 'en')).toBe('€27.75');
  });
  it('scales a chart to its data, or to the spec’s 200 when there is none', () => {
    expect(chartMaximum([0, 0, 0])).toBe(200);
    expect(chartMaximum([])).toBe(200);
    expect(chartMaximum([3, 17, 5])).toBe(17);
  });
  it('writes hours and ranges', () => {
    expect(formatHour(9)).toBe('09:00');
    expect(formatDateRange('2026-03-02', '2026-03-08', 'en').replace(/\s/g, ' ')).toBe('2 – 8 Mar 2026');
  });
});

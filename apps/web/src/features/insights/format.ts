/** How insight figures read on screen: the spec's change colour rule, money, dates, hours and the trust sentence. */
import type { TFunction } from 'i18next';
import type { VendorInsights } from '@qrib/shared/insight-schemas';
import { dateLocale } from '../../lib/format.ts';
import { dateTimeFormat, numberFormat } from '../../lib/intl-formats.ts';
import '../../lib/owner-strings.ts';

/** Spec §2.4: a change starting with + is good news (green). */
export function isPositiveChange(change: string): boolean {
  return change.startsWith('+');
}

/** No change at all ('0%', '0.0%'): neither good nor bad news. */
export function isNeutralChange(change: string): boolean {
  return /^[+-]?0(?:\.0+)?%$/.test(change);
}

/** Keeps '+12.5%' reading left to right inside right-to-left text (Unicode isolates). */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}

/** Green for growth, red for a fall, the page's muted grey for no change (0% is not bad news). */
export function changeToneClass(change: string): string {
  if (isNeutralChange(change)) return 'text-slate-600';
  return isPositiveChange(change) ? 'text-green-700' : 'text-red-700';
}

/** Euros in the reader's language; no purchase yet reads as zero, never NaN. */
export function formatEuro(value: number | null, language: string): string {
  const amount = value === null || !Number.isFinite(value) ? 0 : value;
  return numberFormat(language, { style: 'currency', currency: 'EUR' }).format(amount);
}

/** Ranges already written: Intl's formatRange builds its interval pattern anew on each call (tens of ms on a phone). */
const dateRanges = new Map<string, string>();

/** A report's first and last calendar days (YYYY-MM-DD) as one range in the reader's language. */
export function formatDateRange(from: string, to: string, language: string): string {
  const key = `${language} ${from} ${to}`;
  const known = dateRanges.get(key);
  if (known !== undefined) return known;
  const format = dateTimeFormat(dateLocale(language), { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const range = format.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
  dateRanges.set(key, range);
  return range;
}

/** A day of the trend on a chart axis: day and short month. */
export function formatShortDate(isoDate: string, language: string): string {
  return dateTimeFormat(dateLocale(language), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));
}

const DAY_MS = 86_400_000;

/**
 * How many days of the report have begun: the API compares a period under way with as many days of the
 * previous one (previousRange), so its length is the count of days that have happened, by the server's clock
 * in Malta time.
 */
export function daysBegun(report: Pick<VendorInsights, 'range' | 'previousRange'>): number {
  const from = Date.parse(`${report.previousRange.from}T00:00:00Z`);
  const to = Date.parse(`${report.previousRange.to}T00:00:00Z`);
  const begun = Math.round((to - from) / DAY_MS) + 1;
  return Number.isFinite(begun) ? Math.min(Math.max(begun, 0), report.range.days) : report.range.days;
}

export interface TrendPoint {
  date: string;
  impressions: number | null;
  views: number | null;
  conversions: number | null;
}

/**
 * The trend's points: every day of the period keeps its place on the axis, but a day that has not happened yet
 * has no values (the lines stop at today) instead of reading as a day of zeros.
 */
export function trendPoints(report: Pick<VendorInsights, 'range' | 'previousRange' | 'trend'>): TrendPoint[] {
  const begun = daysBegun(report);
  return report.trend.map((day, index) =>
    index < begun
      ? { date: day.date, impressions: day.impressions, views: day.views, conversions: day.conversions }
      : { date: day.date, impressions: null, views: null, conversions: null },
  );
}

/** An hour of day (Malta time) as 'HH:00'. */
export function formatHour(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

/** The axis maximum of a chart: the data's largest value, or the spec's 200 while there is none. */
export function chartMaximum(values: number[], emptyMaximum = 200): number {
  const largest = Math.max(0, ...values.filter((value) => Number.isFinite(value)));
  return largest > 0 ? largest : emptyMaximum;
}

/** The spec's sentence under the progress bar: '14 more verified purchases to reach Gold badge!' with real figures. */
export function trustProgressText(t: TFunction, trust: VendorInsights['trust']): string {
  if (!trust.nextLevel) return t('vendorInsights.topLevel');
  return t('vendorInsights.moreToNextLevel', {
    count: trust.purchasesToNextLevel,
    level: t(`vendorInsights.levels.${trust.nextLevel}`),
  });
}

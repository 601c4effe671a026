/**
 * How offers' values read on screen: the discount badge rule of DESIGN.md §5, the time left of spec §4, and
 * dates in the reader's language.
 */
import type { TFunction } from 'i18next';
import { MALTA_TIME_ZONE } from '@qrib/shared/malta-time';
import type { DiscountType } from '@qrib/shared/offer-constants';
import { timeLeft } from '@qrib/shared/time-left';
import { dateTimeFormat as cachedDateTimeFormat, numberFormat } from './intl-formats.ts';

const dateTimeFormat = (language: string, options: Intl.DateTimeFormatOptions) => cachedDateTimeFormat(dateLocale(language), options);

/**
 * English dates and times the Maltese way (issue 27): '27 Nov 2026, 18:33', day first and 24-hour. en-GB writes them
 * exactly as en-MT does and every runtime's ICU has it (en-MT is missing from small builds); other languages as they are.
 */
export function dateLocale(language: string): string {
  return language === 'en' ? 'en-GB' : language;
}

/** A Buy-X-get-Y offer's quantities (issue 27), both or neither: an offer as the API answers it has them. */
export interface BuyGetQuantities {
  buyQuantity?: number | null;
  getQuantity?: number | null;
}

/**
 * The badge (DESIGN.md §5): '20%', '€4.50 off'; a Buy-X-get-Y offer with its quantities 'Buy 2, get 1 free' (issue 27,
 * worded in every language so no plural is needed), without them the spec's 'Special Off'. Pass the offer itself as
 * `quantities` where it has them.
 */
export function formatDiscount(t: TFunction, discountType: DiscountType, value: number, quantities?: BuyGetQuantities): string {
  // The number is written the reader's way by i18next (lib/i18n.ts); euros and cents show two decimals (€4.50, 12.5%).
  const cents = Number.isInteger(value) ? {} : { formatParams: { value: { minimumFractionDigits: 2, maximumFractionDigits: 2 } } };
  if (discountType === 'PERCENTAGE') return t('offerDetail.discountPercent', { value });
  if (discountType === 'FIXED') return t('offerDetail.discountFixed', { value, ...cents });
  const buy = quantities?.buyQuantity;
  const get = quantities?.getQuantity;
  if (typeof buy === 'number' && typeof get === 'number') return t('pricing.buyGetFree', { buy, get });
  return t('offerDetail.specialOff');
}

/** An amount in euros in the reader's language, always with cents: '€4.00' (en), '4,00 €' (fr), '٤٫٠٠ €' (ar). */
export function formatEuros(amount: number, language: string): string {
  return numberFormat(language, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
}

/**
 * The price before and after (issue 27): '€4.00 → €3.20', the arrow pointing from before to after in the reading
 * direction (← in Arabic, whose line runs right to left); the price before alone when there is no price after (a
 * Buy-X-get-Y offer), null without a price before. For the cards, the offer page and the owner's detail.
 */
export function formatPriceChange(t: TFunction, language: string, regularPrice: number | null | undefined, offerPrice: number | null | undefined): string | null {
  if (regularPrice === null || regularPrice === undefined) return null;
  const before = formatEuros(regularPrice, language);
  if (offerPrice === null || offerPrice === undefined) return before;
  return t('pricing.priceChange', { before, after: formatEuros(offerPrice, language) });
}

/** Spec §4 on a card: 'Offer Expired', 'N hours Left' or 'N days Left'. */
export function timeLeftText(t: (key: string, options?: Record<string, unknown>) => string, endDate: string, now = new Date()): string {
  const left = timeLeft(endDate, now);
  if (left.kind === 'expired') return t('messages.offerExpired');
  return left.kind === 'hours' ? t('messages.hoursLeft', { count: left.count }) : t('messages.daysLeft', { count: left.count });
}

/** A limited offer's units left (issue 13): 'Sold out' at none, else '{n} left'. */
export function unitsLeftText(t: (key: string, options?: Record<string, unknown>) => string, remaining: number): string {
  return remaining === 0 ? t('messages.soldOut') : t('messages.unitsLeft', { count: remaining });
}

/**
 * How far away a shop is (DESIGN.md §5), numbers in the reader's language: from 1 km the spec's 'x.x km Away'
 * ('Distance: x.x km Away' on the category screen), under 1 km whole metres to the nearest 10 ('350 m away'),
 * so a shop next door never reads '0.0 km Away'.
 */
export function distanceText(t: TFunction, distanceKm: number, language: string, label: 'away' | 'distance' = 'away'): string {
  const metres = Math.max(10, Math.round((distanceKm * 1000) / 10) * 10);
  if (metres < 1000) {
    const distance = numberFormat(language, { maximumFractionDigits: 0 }).format(metres);
    return t(label === 'away' ? 'messages.metresAway' : 'messages.distanceAwayMetres', { distance });
  }
  const distance = numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(distanceKm);
  return t(label === 'away' ? 'messages.kmAway' : 'messages.distanceAway', { distance });
}

/** A calendar date (YYYY-MM-DD) in the reader's language; the date itself never shifts with the time zone. */
export function formatDate(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** An instant (ISO 8601) as date and time in the reader's language, on Malta's clock wherever the reader is. */
export function formatMaltaDateTime(isoInstant: string, language: string): string {
  const date = new Date(isoInstant);
  if (Number.isNaN(date.getTime())) return isoInstant;
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: MALTA_TIME_ZONE }).format(date);
}

/** An instant (ISO 8601) as its day in the reader's language, on Malta's clock (a review's date). */
export function formatMaltaDay(isoInstant: string, language: string): string {
  const date = new Date(isoInstant);
  if (Number.isNaN(date.getTime())) return isoInstant;
  return dateTimeFormat(language, { dateStyle: 'medium', timeZone: MALTA_TIME_ZONE }).format(date);
}

/** An instant (ISO 8601) as the time of day in the reader's language, on Malta's clock (a redemption at the till). */
export function formatMaltaTime(isoInstant: string, language: string): string {
  const date = new Date(isoInstant);
  if (Number.isNaN(date.getTime())) return isoInstant;
  return dateTimeFormat(language, { timeStyle: 'short', timeZone: MALTA_TIME_ZONE }).format(date);
}

/** A missing value shows as a dash (spec §2.4). */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

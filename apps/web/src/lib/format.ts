/** How offers' values read on screen: the discount badge rule of DESIGN.md §5, and dates in the reader's language. */
import type { TFunction } from 'i18next';
import type { DiscountType } from '@qrib/shared';

export function formatDiscount(t: TFunction, discountType: DiscountType, value: number): string {
  const amount = Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (discountType === 'PERCENTAGE') return t('offerDetail.discountPercent', { value: amount });
  if (discountType === 'FIXED') return t('offerDetail.discountFixed', { value: amount });
  return t('offerDetail.specialOff');
}

/** A calendar date (YYYY-MM-DD) in the reader's language; the date itself never shifts with the time zone. */
export function formatDate(isoDate: string, language: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** A missing value shows as a dash (spec §2.4). */
export function orDash(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

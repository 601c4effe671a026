/**
 * Issue 27: the price an offer gives, from the shop's price before (`regularPrice`, euros). One rule for the API's
 * answers, the share pages' JSON-LD and the cards: PERCENTAGE takes the percentage off, FIXED the amount (never below
 * zero), rounded to the cent; BUYXGETY has no single price, and without a price before nothing is known (null).
 */
import type { DiscountType } from './offer-constants.ts';

export function offerPrice(discountType: DiscountType, discountValue: number, regularPrice: number | null): number | null {
  if (regularPrice === null || !(regularPrice > 0)) return null;
  const cents = Math.round(regularPrice * 100);
  if (discountType === 'PERCENTAGE') return Math.max(0, Math.round(cents * (1 - Math.min(discountValue, 100) / 100))) / 100;
  if (discountType === 'FIXED') return Math.max(0, cents - Math.round(discountValue * 100)) / 100;
  return null;
}

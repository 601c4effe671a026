/** The offer vocabulary (spec §5), without zod: screens that only show offers import it and load no schema code. */
export { DISCOUNT_TYPES, OFFER_STATUSES, REDEMPTION_LIMITS, TARGET_AUDIENCES, type DiscountType, type OfferStatus } from './enums.ts';
/** The largest discount value that is not a percentage (euros off; percentages stop at 100). */
export const MAX_DISCOUNT_VALUE = 100_000;
/** Issue 27: the largest quantity a Buy-X-get-Y offer names ('Buy 2, get 1 free'). */
export const MAX_BUY_GET_QUANTITY = 99;

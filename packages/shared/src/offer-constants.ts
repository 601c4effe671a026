/** The offer vocabulary (spec §5), without zod: screens that only show offers import it and load no schema code. */
export { DISCOUNT_TYPES, OFFER_STATUSES, REDEMPTION_LIMITS, TARGET_AUDIENCES, type DiscountType, type OfferStatus } from './enums.ts';
/** The largest discount value that is not a percentage (euros off; percentages stop at 100). */
export const MAX_DISCOUNT_VALUE = 100_000;

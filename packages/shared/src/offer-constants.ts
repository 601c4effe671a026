/** The offer vocabulary (spec §5), without zod: screens that only show offers import it and load no schema code. */
export const DISCOUNT_TYPES = ['PERCENTAGE', 'FIXED', 'BUYXGETY'] as const;
/** The largest discount value that is not a percentage (euros off; percentages stop at 100). */
export const MAX_DISCOUNT_VALUE = 100_000;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const TARGET_AUDIENCES = ['ALL_CUSTOMERS', 'PREMIUM_CUSTOMERS', 'NEW_CUSTOMERS'] as const;
export const REDEMPTION_LIMITS = ['UNLIMITED', 'LIMITED'] as const;
/** REMOVED (issue 14): taken down by an admin after a report; its owner sees it and cannot change it. */
export const OFFER_STATUSES = ['ACTIVE', 'PAUSED', 'ENDED', 'REMOVED'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** Nearby offers (spec §2.4 customer home and category screen, §7, §9; DESIGN.md §6). */
import { z } from 'zod';
import { categorySchema } from './category-schemas.ts';
import { MAX_INT } from './constants.ts';
import { OFFER_EVENT_KINDS } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { filterFlagParam, openStateFields, scheduleStateFields } from './opening-hours-schemas.ts';
import { DISCOUNT_TYPES, OFFER_STATUSES } from './offer-constants.ts';
import { NEARBY_RADIUS_KM, MAX_NEARBY_RADIUS_KM, SEARCH_SORTS, SEARCH_TEXT_MAX_LENGTH } from './nearby-constants.ts';

export * from './nearby-constants.ts';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const coordinate = (limit: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: MESSAGES.coordinatesInvalid })
      .refine(Number.isFinite, { error: MESSAGES.coordinatesInvalid })
      .min(-limit, { error: MESSAGES.coordinatesInvalid })
      .max(limit, { error: MESSAGES.coordinatesInvalid }),
  );

export const nearbyQuerySchema = z.object({
  latitude: coordinate(90),
  longitude: coordinate(180),
  radiusKm: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: MESSAGES.radiusInvalid })
      .refine(Number.isFinite, { error: MESSAGES.radiusInvalid })
      .gt(0, { error: MESSAGES.radiusInvalid })
      .max(MAX_NEARBY_RADIUS_KM, { error: MESSAGES.radiusInvalid })
      .default(NEARBY_RADIUS_KM),
  ),
  categoryId: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: MESSAGES.categoryUnknown })
      .int({ error: MESSAGES.categoryUnknown })
      .positive({ error: MESSAGES.categoryUnknown })
      .max(MAX_INT, { error: MESSAGES.categoryUnknown })
      .optional(),
  ),
  cursor: z.preprocess(blankToUndefined, z.string().max(200, { error: MESSAGES.cursorInvalid }).optional()),
  /** Issue 28: only shops open now (their hours say so at this instant in Malta), only offers that hold now. */
  openNow: filterFlagParam,
  activeNow: filterFlagParam,
});
export type NearbyQuery = z.output<typeof nearbyQuerySchema>;

export const nearbyOfferSchema = z.object({
  offerId: z.number().int(),
  imageUrl: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  termsAndConditions: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  /** Units left of a LIMITED offer (issue 13), null when unlimited. Sold-out offers are not listed. */
  remaining: z.number().int().nullable(),
  /** Marked featured by its shop (issue 14): a shop's featured offers come first among its offers, labelled 'Featured'. */
  featuredOffer: z.boolean(),
  /**
   * Issue 27 (last, after the fields of the database's nearby_offer_json type): the price before (euros) when known,
   * the price after (`offerPrice`: PERCENTAGE and FIXED only, else null), and a Buy-X-get-Y offer's quantities.
   */
  regularPrice: z.number().nullable(),
  offerPrice: z.number().nullable(),
  buyQuantity: z.number().int().nullable(),
  getQuantity: z.number().int().nullable(),
  /** Issue 28 §3 (last): the happy-hour schedule and whether it holds now. */
  ...scheduleStateFields,
});

/** Spec §3 "Nearby result": a business with its offers, nearest first. */
export const nearbyBusinessSchema = z.object({
  vendorId: z.number().int(),
  businessName: z.string(),
  logoUrl: z.string().nullable(),
  distance: z.number(),
  businessAddress: z.string(),
  /** The shop's position (public, DESIGN.md §5): its marker on the map view. */
  latitude: z.number(),
  longitude: z.number(),
  offers: z.array(nearbyOfferSchema),
  /** Issue 28 (last): open now, and when that next changes (opening-hours.ts). */
  ...openStateFields,
});
export type NearbyBusiness = z.infer<typeof nearbyBusinessSchema>;

/** The category screen's answer: offers (not businesses), each with its distance and business. */
export const nearbyCategoryOfferSchema = nearbyOfferSchema.extend({
  distance: z.number(),
  category: categorySchema.nullable(),
  vendor: z.object({ vendorId: z.number().int(), businessName: z.string(), businessAddress: z.string(), logoUrl: z.string().nullable(), ...openStateFields }),
});
export type NearbyCategoryOffer = z.infer<typeof nearbyCategoryOfferSchema>;

export const nearbyResponseSchema = z.object({
  data: z.union([z.array(nearbyBusinessSchema), z.array(nearbyCategoryOfferSchema)]),
  nextCursor: z.string().nullable(),
});

/** A saved offer (favourites): the offer as a card shows it, its business, and when it was saved. */
export const favoriteSchema = nearbyOfferSchema.extend({
  vendor: z.object({ vendorId: z.number().int(), businessName: z.string(), businessAddress: z.string(), logoUrl: z.string().nullable(), ...openStateFields }),
  savedAt: z.string(),
});
export type Favorite = z.infer<typeof favoriteSchema>;
export const favoritesResponseSchema = z.object({ data: z.array(favoriteSchema) });

/** Offer events the client reports in batches (impressions of cards, detail views, direction requests). */
export { OFFER_EVENT_KINDS, type OfferEventKind } from './enums.ts';
export const MAX_EVENTS_PER_BATCH = 100;
export const offerEventsRequestSchema = z.object({
  events: z
    .array(
      z.object({
        offerId: z.number({ error: MESSAGES.offerNotFound }).int({ error: MESSAGES.offerNotFound }).positive({ error: MESSAGES.offerNotFound }).max(MAX_INT, { error: MESSAGES.offerNotFound }),
        kind: z.enum(OFFER_EVENT_KINDS, { error: MESSAGES.eventKindInvalid }),
      }),
      { error: MESSAGES.eventsInvalid },
    )
    .min(1, { error: MESSAGES.eventsInvalid })
    .max(MAX_EVENTS_PER_BATCH, { error: MESSAGES.eventsInvalid }),
});
export type OfferEventInput = z.infer<typeof offerEventsRequestSchema>['events'][number];
/**
 * The answer to a batch: how many events were sent, never how many were kept (that would tell a caller which
 * offers exist but are hidden, and which they already counted this hour).
 */
export const offerEventsResponseSchema = z.object({ accepted: z.number().int() });

/** Search (issue 4): text over title, description, category and business name, with working filters. */
export const searchQuerySchema = z.object({
  q: z.preprocess(blankToUndefined, z.string({ error: MESSAGES.searchTooLong }).trim().max(SEARCH_TEXT_MAX_LENGTH, { error: MESSAGES.searchTooLong }).optional()),
  categoryId: nearbyQuerySchema.shape.categoryId,
  discountType: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() ? value.trim().toUpperCase() : undefined),
    z.enum(DISCOUNT_TYPES, { error: MESSAGES.discountValueInvalid }).optional(),
  ),
  minDiscount: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: MESSAGES.discountValueInvalid }).refine(Number.isFinite, { error: MESSAGES.discountValueInvalid }).min(0, { error: MESSAGES.discountValueInvalid }).optional(),
  ),
  latitude: z.preprocess(blankToUndefined, coordinate(90).optional()),
  longitude: z.preprocess(blankToUndefined, coordinate(180).optional()),
  maxDistanceKm: z.preprocess(
    blankToUndefined,
    z.coerce.number({ error: MESSAGES.radiusInvalid }).refine(Number.isFinite, { error: MESSAGES.radiusInvalid }).gt(0, { error: MESSAGES.radiusInvalid }).max(MAX_NEARBY_RADIUS_KM, { error: MESSAGES.radiusInvalid }).optional(),
  ),
  sort: z.preprocess(blankToUndefined, z.enum(SEARCH_SORTS, { error: MESSAGES.sortInvalid }).default('relevance')),
  cursor: nearbyQuerySchema.shape.cursor,
  openNow: filterFlagParam,
  activeNow: filterFlagParam,
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const searchResultSchema = nearbyOfferSchema.extend({
  distance: z.number().nullable(),
  category: categorySchema.nullable(),
  /** With the shop's position (public, DESIGN.md §5): its marker on the map view. */
  vendor: z.object({
    vendorId: z.number().int(),
    businessName: z.string(),
    businessAddress: z.string(),
    logoUrl: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    ...openStateFields,
  }),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
export const searchResponseSchema = z.object({ data: z.array(searchResultSchema), nextCursor: z.string().nullable() });

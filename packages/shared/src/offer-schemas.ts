/**
 * Offers (spec §2.4 Add Offer, §3, §5): the fields' rules, shared by the form and `POST /offers/` /
 * `PATCH /offers/:id`. Multipart sends text, so numbers and booleans are read from strings too.
 */
import { z } from 'zod';
import { categorySchema } from './category-schemas.ts';
import { FIELD_LABELS } from './field-labels.ts';
import { MAX_INT } from './constants.ts';
import { calendarDate } from './date-rules.ts';
import { isCalendarDate } from './malta-time.ts';
import { codedMessage } from './message-codes.ts';
import { MESSAGES } from './messages.ts';
import { multiLine, singleLine } from './text-rules.ts';
import { openStateFields, scheduleStateFields } from './opening-hours-schemas.ts';
import { ratingSchema } from './shop-schemas.ts';
import { BUSINESS_TYPES, openingHoursText } from './vendor-schemas.ts';
import { DISCOUNT_TYPES, MAX_BUY_GET_QUANTITY, MAX_DISCOUNT_VALUE, TARGET_AUDIENCES, REDEMPTION_LIMITS, OFFER_STATUSES } from './offer-constants.ts';

export * from './offer-constants.ts';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const trimmedNumber = (value: unknown) => {
  const blank = blankToUndefined(value);
  return typeof blank === 'string' ? Number(blank.trim()) : blank;
};
const upperCase = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : value);
const flag = (defaultValue: boolean) =>
  z.preprocess((value) => {
    if (value === undefined || value === '') return defaultValue;
    if (typeof value === 'string') return ['true', 'on', '1', 'yes'].includes(value.trim().toLowerCase());
    return value;
  }, z.boolean());

const dateField = (field: 'startDate' | 'endDate', requiredMessage: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: requiredMessage })
      .trim()
      .apply(calendarDate(field, MESSAGES.dateInvalid)),
  );

const longText = (field: 'title' | 'description' | 'termsAndConditions', max: number) =>
  codedMessage('textTooLong', { field, label: FIELD_LABELS[field], max });

/** A hidden Maximum Redemptions (the offer is not Limited) is ignored, never validated. */
function dropUnusedMaximum(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const { redemptionLimit } = input as { redemptionLimit?: unknown };
  return upperCase(redemptionLimit) === 'LIMITED' ? input : { ...input, maxRedemptions: undefined };
}

/**
 * Issue 27: Buy and Get free belong to a Buy-X-get-Y offer only; with any other discount type they are hidden on the
 * form and ignored here (never validated, stored as null), as a hidden Maximum Redemptions is.
 */
function dropUnusedQuantities(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  const { discountType } = input as { discountType?: unknown };
  return upperCase(discountType) === 'BUYXGETY' ? input : { ...input, buyQuantity: undefined, getQuantity: undefined };
}

/** Whole euros and cents: at most two decimals (the column keeps cents; 4.505 would be stored as something else). */
const hasCents = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** Issue 27: the price before (euros, optional): blank or left out is null, i.e. unknown (a PATCH without it clears it). */
const regularPriceField = z
  .preprocess(
    // A decimal comma ('4,50', as most of Europe writes it) reads as a point.
    (value) => trimmedNumber(typeof value === 'string' && /^\s*\d+,\d{1,2}\s*$/.test(value) ? value.replace(',', '.') : value),
    z
      .number({ error: MESSAGES.regularPriceInvalid })
      .refine(Number.isFinite, { error: MESSAGES.regularPriceInvalid })
      .gt(0, { error: MESSAGES.regularPriceInvalid })
      .refine(hasCents, { error: MESSAGES.regularPriceInvalid })
      .max(MAX_DISCOUNT_VALUE, { error: codedMessage('regularPriceTooHigh', { max: MAX_DISCOUNT_VALUE }) })
      .optional(),
  )
  .transform((value) => value ?? null);

const quantityField = (message: string) =>
  z.preprocess(
    trimmedNumber,
    z
      .number({ error: message })
      .int({ error: message })
      .min(1, { error: message })
      .max(MAX_BUY_GET_QUANTITY, { error: message })
      .optional(),
  );

export const offerFieldsSchema = z.preprocess(
  (input) => dropUnusedQuantities(dropUnusedMaximum(input)),
  z
  .object({
    title: z
      .string({ error: MESSAGES.offerTitleRequired })
      .trim()
      .min(1, { error: MESSAGES.offerTitleRequired })
      .apply(singleLine('title'))
      .max(120, { error: longText('title', 120) }),
    description: z
      .string({ error: MESSAGES.offerDescriptionRequired })
      .trim()
      .min(1, { error: MESSAGES.offerDescriptionRequired })
      .apply(multiLine('description'))
      .max(2000, { error: longText('description', 2000) }),
    categoryId: z.preprocess(
      trimmedNumber,
      z
        .number({ error: MESSAGES.categoryRequired })
        .int({ error: MESSAGES.categoryRequired })
        .positive({ error: MESSAGES.categoryRequired })
        .max(MAX_INT, { error: MESSAGES.categoryUnknown }),
    ),
    discountType: z.preprocess(
      (value) => {
        const upper = upperCase(blankToUndefined(value));
        return upper === 'PERCENT' ? 'PERCENTAGE' : (upper ?? 'PERCENTAGE');
      },
      z.enum(DISCOUNT_TYPES, { error: MESSAGES.discountValueInvalid }),
    ),
    discountValue: z.preprocess(
      trimmedNumber,
      z
        .number({ error: (issue) => (issue.input === undefined ? MESSAGES.discountValueRequired : MESSAGES.discountValueInvalid) })
        .refine(Number.isFinite, { error: MESSAGES.discountValueInvalid })
        // The column keeps cents: anything under one cent would be stored as 0.
        .min(0.01, { error: MESSAGES.discountValueInvalid }),
    ),
    startDate: dateField('startDate', MESSAGES.startDateRequired),
    endDate: dateField('endDate', MESSAGES.endDateRequired),
    termsAndConditions: z
      .preprocess(
        blankToUndefined,
        z
          .string({ error: longText('termsAndConditions', 2000) })
          .trim()
          .apply(multiLine('termsAndConditions'))
          .max(2000, { error: longText('termsAndConditions', 2000) })
          .optional(),
      )
      .transform((value) => value || null),
    targetAudience: z.preprocess((value) => upperCase(blankToUndefined(value)) ?? 'ALL_CUSTOMERS', z.enum(TARGET_AUDIENCES)),
    redemptionLimit: z.preprocess((value) => upperCase(blankToUndefined(value)) ?? 'UNLIMITED', z.enum(REDEMPTION_LIMITS)),
    maxRedemptions: z.preprocess(
      trimmedNumber,
      z
        .number({ error: MESSAGES.maxRedemptionsInvalid })
        .int({ error: MESSAGES.maxRedemptionsInvalid })
        .min(1, { error: MESSAGES.maxRedemptionsInvalid })
        .max(MAX_INT, { error: MESSAGES.maxRedemptionsInvalid })
        .optional(),
    ),
    sendNotifications: flag(true),
    featuredOffer: flag(false),
    regularPrice: regularPriceField,
    buyQuantity: quantityField(codedMessage('buyQuantityInvalid', { max: MAX_BUY_GET_QUANTITY })),
    getQuantity: quantityField(codedMessage('getQuantityInvalid', { max: MAX_BUY_GET_QUANTITY })),
    /**
     * Issue 28 §3: a happy-hour schedule in OSM opening_hours syntax ('' or left out: none, the offer holds all day);
     * the API checks that it reads and that it falls on some day between the start and end dates.
     */
    schedule: openingHoursText(MESSAGES.scheduleTooLong)
      .optional()
      .transform((value) => value ?? null),
  })
  // Cross-field rules run even while other fields still fail (`when`), so the form shows every message at once.
  .refine((offer) => offer.startDate <= offer.endDate, {
    path: ['endDate'],
    error: MESSAGES.endBeforeStart,
    when: (payload) => {
      const value = payload.value as { startDate?: unknown; endDate?: unknown } | undefined;
      return typeof value?.startDate === 'string' && isCalendarDate(value.startDate) && typeof value.endDate === 'string' && isCalendarDate(value.endDate);
    },
  })
  .refine((offer) => offer.discountType !== 'PERCENTAGE' || offer.discountValue <= 100, {
    path: ['discountValue'],
    error: MESSAGES.percentageTooHigh,
    when: (payload) => {
      const value = payload.value as { discountType?: unknown; discountValue?: unknown } | undefined;
      return value?.discountType === 'PERCENTAGE' && typeof value.discountValue === 'number' && value.discountValue > 0;
    },
  })
  // Every other type (euros off, or a value that only labels a buy-x-get-y offer) stops at MAX_DISCOUNT_VALUE.
  .refine((offer) => offer.discountType === 'PERCENTAGE' || offer.discountValue <= MAX_DISCOUNT_VALUE, {
    path: ['discountValue'],
    error: codedMessage('discountValueTooHigh', { max: MAX_DISCOUNT_VALUE }),
    when: (payload) => {
      const value = payload.value as { discountType?: unknown; discountValue?: unknown } | undefined;
      return value?.discountType !== 'PERCENTAGE' && typeof value?.discountValue === 'number' && value.discountValue > 0;
    },
  })
  .refine((offer) => offer.redemptionLimit !== 'LIMITED' || offer.maxRedemptions !== undefined, {
    path: ['maxRedemptions'],
    error: MESSAGES.maxRedemptionsInvalid,
    when: (payload) => (payload.value as { redemptionLimit?: unknown } | undefined)?.redemptionLimit === 'LIMITED',
  })
  // Buy and Get free: both or neither (the one missing is named).
  .refine((offer) => offer.buyQuantity !== undefined || offer.getQuantity === undefined, {
    path: ['buyQuantity'],
    error: MESSAGES.buyQuantityRequired,
    when: (payload) => {
      const value = payload.value as { buyQuantity?: unknown; getQuantity?: unknown } | undefined;
      return value?.buyQuantity === undefined && value?.getQuantity !== undefined;
    },
  })
  .refine((offer) => offer.getQuantity !== undefined || offer.buyQuantity === undefined, {
    path: ['getQuantity'],
    error: MESSAGES.getQuantityRequired,
    when: (payload) => {
      const value = payload.value as { buyQuantity?: unknown; getQuantity?: unknown } | undefined;
      return value?.getQuantity === undefined && value?.buyQuantity !== undefined;
    },
  })
  // Only the LIMITED offers keep a maximum; quantities left out are null.
  .transform((offer) => ({
    ...offer,
    maxRedemptions: offer.redemptionLimit === 'LIMITED' ? (offer.maxRedemptions ?? null) : null,
    buyQuantity: offer.buyQuantity ?? null,
    getQuantity: offer.getQuantity ?? null,
  })),
);

export type OfferFields = z.output<typeof offerFieldsSchema>;

/** What `POST /offers/` reads besides the offer's fields (spec §3: status and vendorId are sent). */
export const offerCreateExtrasSchema = z.object({
  status: z.preprocess((value) => upperCase(blankToUndefined(value)) ?? 'ACTIVE', z.literal('ACTIVE', { error: MESSAGES.offerStartsActive })),
  vendorId: z.preprocess(trimmedNumber, z.number({ error: MESSAGES.vendorNotYours }).int({ error: MESSAGES.vendorNotYours }).positive({ error: MESSAGES.vendorNotYours }).max(MAX_INT, { error: MESSAGES.vendorNotYours }).optional()),
});

export const offerImageSchema = z.object({
  imageId: z.number().int(),
  cardUrl: z.string(),
  detailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export type OfferImage = z.infer<typeof offerImageSchema>;

/**
 * The business of an offer. Its name, type, address, phone and location are public (shoppers need them for
 * distance, directions and maps); the contact e-mail and contact person are sent to the owner only (DESIGN.md §5).
 */
export const offerVendorSchema = z.object({
  vendorId: z.number().int(),
  businessName: z.string(),
  businessType: z.enum(BUSINESS_TYPES),
  businessAddress: z.string(),
  /** The shop's logo (issue 27: every card shows the logo or the initial); null without one. */
  logoUrl: z.string().nullable(),
  contactPhone: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Issue 28 §2: the shop's hours (null when not given) and whether it is open now. */
  openingHours: z.string().nullable(),
  ...openStateFields,
  contactEmail: z.string().optional(),
  primaryContactName: z.string().optional(),
});

/**
 * Spec §3 "Offer document": the registration facts shown with an offer, one per registration document; the
 * documents are private, so only the owner gets any (others get `documents: []`).
 */
export const offerDocumentSchema = z.object({
  documentId: z.number().int(),
  offeringsDescription: z.string().nullable(),
  primaryContactName: z.string(),
  locationLatitude: z.number(),
  locationLongitude: z.number(),
});

export const offerSchema = z.object({
  offerId: z.number().int(),
  vendorId: z.number().int(),
  title: z.string(),
  description: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(OFFER_STATUSES),
  featuredOffer: z.boolean(),
  targetAudience: z.enum(TARGET_AUDIENCES),
  termsAndConditions: z.string().nullable(),
  redemptionLimit: z.enum(REDEMPTION_LIMITS),
  maxRedemptions: z.number().int().nullable(),
  /**
   * Issue 27: the price before (euros) when the shop gave it, the price after computed from it by `offerPrice`
   * (PERCENTAGE and FIXED; null for BUYXGETY or without a price before), and a Buy-X-get-Y offer's quantities.
   */
  regularPrice: z.number().nullable(),
  offerPrice: z.number().nullable(),
  buyQuantity: z.number().int().nullable(),
  getQuantity: z.number().int().nullable(),
  /** Issue 28 §3: the happy-hour schedule and whether it holds now (opening-hours.ts). */
  ...scheduleStateFields,
  /**
   * Redemptions at the till so far (issue 13), for the offer's owner only (null to anyone else: an unlimited offer's
   * count is the shop's sales), and the units left, for everyone (null when unlimited).
   */
  redeemedCount: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  sendNotifications: z.boolean(),
  category: categorySchema.nullable(),
  vendor: offerVendorSchema,
  documents: z.array(offerDocumentSchema),
  images: z.array(offerImageSchema),
  imageUrl: z.string().nullable(),
  isOwner: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The shop's rating (issue 14), on GET /offers/:offerId only. */
  rating: ratingSchema.optional(),
});
export type Offer = z.infer<typeof offerSchema>;
export const offerResponseSchema = z.object({ data: offerSchema });
export const offersResponseSchema = z.object({ data: z.array(offerSchema) });
export const offerIdParamsSchema = z.object({
  offerId: z.coerce
    .number({ error: MESSAGES.offerNotFound })
    .int({ error: MESSAGES.offerNotFound })
    .positive({ error: MESSAGES.offerNotFound })
    .max(MAX_INT, { error: MESSAGES.offerNotFound }),
});

/** Spec §5: only JPG, JPEG and PNG are kept, at most 6; others and extras are dropped silently. */
export function keepOfferImages<T extends { name: string }>(existing: readonly T[], added: readonly T[], max = 6): T[] {
  return [...existing, ...added.filter((file) => /\.(jpe?g|png)$/i.test(file.name))].slice(0, max);
}

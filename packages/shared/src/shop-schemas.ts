/** A shop's public page (issue 12, DESIGN.md §5): its public face and its current offers as cards. */
import { z } from 'zod';
import { MAX_INT } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { nearbyOfferSchema } from './nearby-schemas.ts';
import { openStateFields } from './opening-hours-schemas.ts';
import { BUSINESS_TYPES } from './vendor-schemas.ts';

export const shopParamsSchema = z.object({
  vendorId: z.coerce
    .number({ error: MESSAGES.shopNotFound })
    .int({ error: MESSAGES.shopNotFound })
    .positive({ error: MESSAGES.shopNotFound })
    .max(MAX_INT, { error: MESSAGES.shopNotFound }),
});

/**
 * A shop's rating as shoppers see it (issue 14): the mean stars (one decimal) of the last RATING_WINDOW_MONTHS months,
 * each shopper's latest review of the shop, and how many were counted; average null with none.
 */
export const ratingSchema = z.object({ average: z.number().nullable(), count: z.number().int() });
export type Rating = z.infer<typeof ratingSchema>;

export const shopSchema = z.object({
  vendorId: z.number().int(),
  businessName: z.string(),
  businessType: z.enum(BUSINESS_TYPES),
  businessAddress: z.string(),
  contactPhone: z.string(),
  logoUrl: z.string().nullable(),
  /** Issue 28: the cover photo across the top of the shop page, and the shop's website (null when none). */
  coverUrl: z.string().nullable(),
  website: z.string().nullable(),
  /** Issue 28 §2: the hours as the shop wrote them (OSM opening_hours syntax), null when not given; open now. */
  openingHours: z.string().nullable(),
  ...openStateFields,
  latitude: z.number(),
  longitude: z.number(),
  /** Its ACTIVE offers not yet ended in Malta's calendar, newest first. */
  offers: z.array(nearbyOfferSchema),
  /** The rating shoppers see (GET /vendors/:vendorId always answers it). */
  rating: ratingSchema.optional(),
});
export type Shop = z.infer<typeof shopSchema>;
export const shopResponseSchema = z.object({ data: shopSchema });

/** A shop's public page (issue 12, DESIGN.md §5): its public face and its current offers as cards. */
import { z } from 'zod';
import { MAX_INT } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { nearbyOfferSchema } from './nearby-schemas.ts';
import { BUSINESS_TYPES } from './vendor-schemas.ts';

export const shopParamsSchema = z.object({
  vendorId: z.coerce
    .number({ error: MESSAGES.shopNotFound })
    .int({ error: MESSAGES.shopNotFound })
    .positive({ error: MESSAGES.shopNotFound })
    .max(MAX_INT, { error: MESSAGES.shopNotFound }),
});

export const shopSchema = z.object({
  vendorId: z.number().int(),
  businessName: z.string(),
  businessType: z.enum(BUSINESS_TYPES),
  businessAddress: z.string(),
  contactPhone: z.string(),
  logoUrl: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** Its ACTIVE offers not yet ended in Malta's calendar, newest first. */
  offers: z.array(nearbyOfferSchema),
});
export type Shop = z.infer<typeof shopSchema>;
export const shopResponseSchema = z.object({ data: shopSchema });

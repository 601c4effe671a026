/**
 * Shop entry recognition (spec §2.4 "Shop Entry Recognition"; DESIGN.md §3 shop_visits, §4): with the
 * shopper's permission, standing within 75 m of a shop whose offers they viewed or saved in the last 7 days
 * creates a visit, and they are asked once whether they bought something there.
 */
import { z } from 'zod';
import { MAX_INT } from './constants.ts';
import { VISIT_ANSWERS } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { nearbyQuerySchema } from './nearby-schemas.ts';

/** How close (haversine metres) the shopper must be to a shop for a visit. */
export const SHOP_ENTRY_RADIUS_M = 75;
/** Only shops whose offers the shopper viewed or saved (or has saved) within this many days are recognised. */
export const SHOP_ENTRY_INTEREST_DAYS = 7;
/**
 * Detections of the same shop within this many hours of a visit are that same visit: the shopper is never
 * asked twice about it (walking out and back in for a coffee is one visit).
 */
export const SHOP_VISIT_WINDOW_HOURS = 12;
/** Detections allowed per account per minute (the client asks only when the device moved). */
export const SHOP_ENTRY_DETECTIONS_PER_MINUTE = 30;

export { VISIT_ANSWERS, type VisitAnswer } from './enums.ts';

/** POST /visits/detect: where the shopper stands, validated like the nearby search. */
export const visitDetectRequestSchema = z.object({
  latitude: nearbyQuerySchema.shape.latitude,
  longitude: nearbyQuerySchema.shape.longitude,
});
export type VisitDetectRequest = z.output<typeof visitDetectRequestSchema>;

/** POST /visits/:visitId: the shopper's one answer. */
export const visitAnswerRequestSchema = z.object({
  answer: z.enum(VISIT_ANSWERS, { error: MESSAGES.visitAnswerInvalid }),
});

export const visitIdParamsSchema = z.object({
  visitId: z.coerce
    .number({ error: MESSAGES.visitNotFound })
    .int({ error: MESSAGES.visitNotFound })
    .positive({ error: MESSAGES.visitNotFound })
    .max(MAX_INT, { error: MESSAGES.visitNotFound }),
});

/** What the Detected shop card shows, and what the receipt upload needs (vendorId, visitId, offerId). */
export const shopVisitSchema = z.object({
  visitId: z.number().int(),
  vendorId: z.number().int(),
  businessName: z.string(),
  businessAddress: z.string(),
  logoUrl: z.string().nullable(),
  /** Haversine km from where the shopper stood; null when no location came with the request (answering). */
  distance: z.number().nullable(),
  detectedAt: z.string(),
  /** The offer of this shop the shopper viewed or saved most recently, if any. */
  offer: z.object({ offerId: z.number().int(), title: z.string() }).nullable(),
  answer: z.enum(VISIT_ANSWERS).nullable(),
  answeredAt: z.string().nullable(),
});
export type ShopVisit = z.infer<typeof shopVisitSchema>;

export const shopVisitResponseSchema = z.object({ data: shopVisitSchema });
/** Detection answers null when there is nothing to ask about. */
export const detectVisitResponseSchema = z.object({ data: shopVisitSchema.nullable() });

/**
 * Claims and redemptions (issue 13, DESIGN.md §10 Redemption): the shopper's code for an offer, and the shop's
 * redemption of it at the till.
 */
import { z } from 'zod';
import { CLAIM_STATUSES, isClaimCode, normalizeClaimCode } from './claim-constants.ts';
import { MAX_INT } from './constants.ts';
import { calendarDate } from './date-rules.ts';
import { MESSAGES } from './messages.ts';

export * from './claim-constants.ts';

/**
 * Whether the shopper may review a purchase (issue 14), on GET /me/claims and GET /me/receipts: the review written of
 * it, and whether one may be written now (the purchase grants one, none written yet, the review window still open).
 */
export const purchaseReviewSchema = z.object({
  reviewId: z.number().int().nullable(),
  canReview: z.boolean(),
  /** The end of the review window; null for a purchase that grants no review. */
  reviewableUntil: z.string().nullable(),
});

export const claimSchema = z.object({
  claimId: z.number().int(),
  offerId: z.number().int(),
  vendorId: z.number().int(),
  code: z.string(),
  status: z.enum(CLAIM_STATUSES),
  createdAt: z.string(),
  /** When the offer ends (the end of its end date in Malta): the code is usable until then. */
  expiresAt: z.string(),
  redeemedAt: z.string().nullable(),
  offer: z.object({
    title: z.string(),
    imageUrl: z.string().nullable(),
    businessName: z.string(),
    businessAddress: z.string(),
    endDate: z.string(),
    remaining: z.number().int().nullable(),
  }),
  /** On GET /me/claims (issue 14). */
  review: purchaseReviewSchema.optional(),
});
export type Claim = z.infer<typeof claimSchema>;
export const claimResponseSchema = z.object({ data: claimSchema });
export const claimsResponseSchema = z.object({ data: z.array(claimSchema) });

/** POST /vendors/me/redemptions: the code as staff typed or scanned it (case, spaces and hyphens do not matter). */
export const redeemRequestSchema = z.object({
  code: z
    .string({ error: MESSAGES.claimCodeInvalid })
    .max(64, { error: MESSAGES.claimCodeInvalid })
    .transform(normalizeClaimCode)
    .refine(isClaimCode, { error: MESSAGES.claimCodeInvalid }),
});
export type RedeemRequest = z.input<typeof redeemRequestSchema>;

export const redemptionSchema = z.object({
  claimId: z.number().int(),
  code: z.string(),
  offerId: z.number().int(),
  offerTitle: z.string(),
  redeemedAt: z.string(),
  /** Until when staff may undo it. */
  undoUntil: z.string(),
  /** The offer's units left after it (null when unlimited). */
  remaining: z.number().int().nullable(),
  /** Issue 28 §4: who redeemed it at the till (the owner or a staff member), and their name; null for an account since deleted. */
  redeemedByUserId: z.number().int().nullable(),
  redeemedByName: z.string().nullable(),
  /**
   * Issue 29 §2: OFFER, a code for an offer; REWARD, a stamp card's reward (claimId and offerId are then 0, offerTitle
   * is the reward's text, and it is undone by its rewardId).
   */
  kind: z.enum(['OFFER', 'REWARD']),
  rewardId: z.number().int().nullable(),
  rewardText: z.string().nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;
export const redemptionResponseSchema = z.object({ data: redemptionSchema });
export const redemptionsResponseSchema = z.object({ data: z.array(redemptionSchema) });

/** GET /vendors/me/redemptions?date=YYYY-MM-DD: one Malta day, today when left out. */
export const redemptionsQuerySchema = z.object({
  date: z.string({ error: MESSAGES.redemptionDateInvalid }).apply(calendarDate('date', MESSAGES.redemptionDateInvalid)).optional(),
});

export const rewardIdParamsSchema = z.object({
  rewardId: z.coerce
    .number({ error: MESSAGES.redemptionNotFound })
    .int({ error: MESSAGES.redemptionNotFound })
    .positive({ error: MESSAGES.redemptionNotFound })
    .max(MAX_INT, { error: MESSAGES.redemptionNotFound }),
});

export const claimIdParamsSchema = z.object({
  claimId: z.coerce
    .number({ error: MESSAGES.redemptionNotFound })
    .int({ error: MESSAGES.redemptionNotFound })
    .positive({ error: MESSAGES.redemptionNotFound })
    .max(MAX_INT, { error: MESSAGES.redemptionNotFound }),
});

/**
 * The bell (DESIGN.md §3 notifications, §4 GET /me/notifications): a receipt the shop decided on, and a new
 * or resumed offer from a shop the user saved an offer of; a code redeemed (the shopper), an offer sold out (its owner). The web builds each text from the payload.
 */
import { z } from 'zod';
import { MAX_INT } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { businessStatusPayloadSchema } from './admin-vendor-schemas.ts';
import { RECEIPT_DECISIONS } from './receipt-schemas.ts';
import { REPORT_KINDS, REPORT_OUTCOMES, SUSPICIOUS_DECISIONS } from './trust-constants.ts';

export * from './notification-constants.ts';

export const receiptDecidedPayloadSchema = z.object({
  receiptId: z.number().int(),
  status: z.enum(RECEIPT_DECISIONS),
  businessName: z.string(),
  reason: z.string().nullable(),
});
export const newOfferPayloadSchema = z.object({
  offerId: z.number().int(),
  title: z.string(),
  businessName: z.string(),
  /** Issue 28 §3: the happy-hour schedule (OSM syntax), absent or null when the offer holds all day. */
  schedule: z.string().nullable().optional(),
});

/** To the shopper: their code was redeemed at the till (issue 13). */
export const claimRedeemedPayloadSchema = z.object({
  claimId: z.number().int(),
  offerId: z.number().int(),
  title: z.string(),
  businessName: z.string(),
});
/** To the shop's owner: a LIMITED offer's last unit was redeemed (issue 13). */
export const offerSoldOutPayloadSchema = z.object({
  offerId: z.number().int(),
  title: z.string(),
});

/** To the shop's owner: a shopper reviewed the shop (issue 14); the offer's title when the purchase was for one. */
export const reviewReceivedPayloadSchema = z.object({
  reviewId: z.number().int(),
  vendorId: z.number().int(),
  stars: z.number().int(),
  offerTitle: z.string().nullable(),
});
/** To the reviewer: the shop replied to their review. */
export const reviewRepliedPayloadSchema = z.object({
  reviewId: z.number().int(),
  vendorId: z.number().int(),
  businessName: z.string(),
});
/** To the reporter: what Qrib decided on the item they reported, with the admin's reason (null when kept without one). */
export const reportDecidedPayloadSchema = z.object({
  reportId: z.number().int(),
  kind: z.enum(REPORT_KINDS),
  itemId: z.number().int(),
  title: z.string(),
  outcome: z.enum(REPORT_OUTCOMES),
  reason: z.string().nullable(),
});
/** To the business or the reviewer: Qrib removed their offer, shop or review, with the statement of reasons. */
export const contentRemovedPayloadSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  itemId: z.number().int(),
  title: z.string(),
  reason: z.string().nullable(),
});

/** To the shop's owner (issue 24): a shopper asked the shop to check a receipt the automatic check rejected or held. */
export const receiptCheckAskedPayloadSchema = z.object({
  receiptId: z.number().int(),
  vendorId: z.number().int(),
});
/**
 * To the reviewer and the shop's owner (issue 24): Qrib settled the dispute over a reviewed receipt; the review counts
 * again (KEPT) or was removed (REMOVED), with Qrib's reason. `recipient` says which side reads it.
 */
export const reviewDisputeSettledPayloadSchema = z.object({
  reviewId: z.number().int(),
  vendorId: z.number().int(),
  businessName: z.string(),
  stars: z.number().int(),
  outcome: z.enum(REPORT_OUTCOMES),
  reason: z.string().nullable(),
  recipient: z.enum(['REVIEWER', 'OWNER']),
});

/** To the shop's owner (issue 24): an admin cleared or excluded a burst of activity at the shop, with the statement of reasons. */
export const suspiciousActivityDecidedPayloadSchema = z.object({
  activityId: z.number().int(),
  vendorId: z.number().int(),
  businessName: z.string(),
  decision: z.enum(SUSPICIOUS_DECISIONS),
  reason: z.string(),
});

/** To the shopper (issue 29 §2): a shop's stamp card issued a reward. */
export const stampRewardPayloadSchema = z.object({
  rewardId: z.number().int(),
  vendorId: z.number().int(),
  businessName: z.string(),
  rewardText: z.string(),
});

const notificationBase = { id: z.number().int(), readAt: z.string().nullable(), createdAt: z.string() };
export const notificationSchema = z.discriminatedUnion('kind', [
  z.object({ ...notificationBase, kind: z.literal('RECEIPT_DECIDED'), payload: receiptDecidedPayloadSchema }),
  z.object({ ...notificationBase, kind: z.literal('NEW_OFFER'), payload: newOfferPayloadSchema }),
  z.object({ ...notificationBase, kind: z.literal('CLAIM_REDEEMED'), payload: claimRedeemedPayloadSchema }),
  z.object({ ...notificationBase, kind: z.literal('OFFER_SOLD_OUT'), payload: offerSoldOutPayloadSchema }),
  z.object({ ...notificationBase, kind: z.literal('BUSINESS_STATUS'), payload: businessStatusPayloadSchema }),
  z.object({ ...notificationBase, kind: z.literal('REVIEW_RECEIVED'), payload: reviewReceivedPayloadSchema }),
  z.object({ ...notificationBase, kind: z.literal('REVIEW_REPLIED'), payload: reviewRepliedPayloadSchema }),
  z.object({ ...notificationBase, kind: z.literal('REPORT_DECIDED'), payload: reportDecidedPayloadSchema }),
  z.object({ ...notificationBase, kind: z.literal('CONTENT_REMOVED'), payload: contentRemovedPayloadSchema }),
  z.object({ ...notificationBase, kind: z.literal('RECEIPT_CHECK_ASKED'), payload: receiptCheckAskedPayloadSchema }),
  z.object({ ...notificationBase, kind: z.literal('REVIEW_DISPUTE_SETTLED'), payload: reviewDisputeSettledPayloadSchema }),
  z.object({ ...notificationBase, kind: z.literal('SUSPICIOUS_ACTIVITY_DECIDED'), payload: suspiciousActivityDecidedPayloadSchema }),
  z.object({ ...notificationBase, kind: z.literal('STAMP_REWARD'), payload: stampRewardPayloadSchema }),
]);
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = z.object({ data: z.array(notificationSchema), unreadCount: z.number().int() });
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** POST /me/notifications/read: these of the user's notifications, or all of them when `ids` is left out. */
export const markNotificationsReadRequestSchema = z.object({
  ids: z
    .array(z.number({ error: MESSAGES.notificationIdsInvalid }).int({ error: MESSAGES.notificationIdsInvalid }).positive({ error: MESSAGES.notificationIdsInvalid }).max(MAX_INT, { error: MESSAGES.notificationIdsInvalid }), {
      error: MESSAGES.notificationIdsInvalid,
    })
    .min(1, { error: MESSAGES.notificationIdsInvalid })
    .max(100, { error: MESSAGES.notificationIdsInvalid })
    .optional(),
});
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequestSchema>;
export const markNotificationsReadResponseSchema = z.object({ unreadCount: z.number().int() });

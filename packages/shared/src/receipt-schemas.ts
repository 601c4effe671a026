/**
 * Receipts (spec §2.4 "Receipt upload", §5, §8, §9; DESIGN.md §3, §4, §8): what the upload form sends, what a
 * receipt looks like when it comes back, and the shops a shopper can name a receipt for.
 */
import { z } from 'zod';
import { purchaseReviewSchema } from './claim-schemas.ts';
import { MAX_INT } from './constants.ts';
import { messageCodeSchema, messageParamsSchema } from './error-schema.ts';
import { codedMessage } from './message-codes.ts';
import { MESSAGES } from './messages.ts';
import { DISCOUNT_TYPES } from './offer-constants.ts';
import { multiLine } from './text-rules.ts';
import { RECEIPT_AUTO_STATUSES, RECEIPT_CONTENT_TYPES, RECEIPT_STATUSES } from './receipt-constants.ts';

export * from './receipt-constants.ts';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalId = (message: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: message })
      .int({ error: message })
      .positive({ error: message })
      .max(MAX_INT, { error: message })
      .optional(),
  );

/** The multipart text fields of POST /file/upload-bills; the consumer is the signed-in user (DESIGN.md §5). */
export const receiptUploadFieldsSchema = z.object({
  vendorId: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: MESSAGES.receiptShopRequired })
      .int({ error: MESSAGES.receiptShopRequired })
      .positive({ error: MESSAGES.receiptShopRequired })
      .max(MAX_INT, { error: MESSAGES.receiptShopRequired }),
  ),
  offerId: optionalId(MESSAGES.offerNotFound),
  visitId: optionalId(MESSAGES.visitNotFound),
  /** The redeemed code this receipt proves (issue 13): the purchase then counts once, as the redemption. */
  claimId: optionalId(MESSAGES.claimIdInvalid),
});
export type ReceiptUploadFields = z.output<typeof receiptUploadFieldsSchema>;

export const receiptFileSchema = z.object({
  fileId: z.number().int(),
  contentType: z.enum(RECEIPT_CONTENT_TYPES),
  byteSize: z.number().int(),
  /** A private address: only the uploader and the shop's owner may fetch it. */
  url: z.string(),
});

/** The offer a receipt is for (or a shop's offer to choose from): what Purchase Details and My receipts show. */
export const receiptOfferSchema = z.object({
  offerId: z.number().int(),
  title: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number(),
  startDate: z.string(),
  endDate: z.string(),
});

export type ReceiptOffer = z.infer<typeof receiptOfferSchema>;

export const receiptSchema = z.object({
  receiptId: z.number().int(),
  status: z.enum(RECEIPT_STATUSES),
  /** In English, for API clients: the automatic verdict's reason made from its code, or the owner's own words. */
  reason: z.string().nullable(),
  /** The automatic verdict's reason as a code with its params (null for the owner's own words or none). */
  reasonCode: messageCodeSchema.nullable(),
  reasonParams: messageParamsSchema,
  vendor: z.object({ vendorId: z.number().int(), businessName: z.string(), businessAddress: z.string() }),
  offer: receiptOfferSchema.nullable(),
  visitId: z.number().int().nullable(),
  claimId: z.number().int().nullable(),
  files: z.array(receiptFileSchema),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** On GET /me/receipts (issue 14): whether the shopper may review the purchase. */
  review: purchaseReviewSchema.optional(),
  /** Issue 24: when the shopper asked the shop to check it (POST /receipts/:receiptId/ask-shop), else null. */
  askedShopAt: z.string().nullable(),
  /** Whether the shopper may still ask: the automatic check rejected or held it, the owner has not decided, not asked yet. */
  canAskShop: z.boolean(),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptResponseSchema = z.object({ data: receiptSchema });
export const receiptsResponseSchema = z.object({ data: z.array(receiptSchema) });

export const receiptFileParamsSchema = z.object({
  receiptId: z.coerce
    .number({ error: MESSAGES.receiptNotFound })
    .int({ error: MESSAGES.receiptNotFound })
    .positive({ error: MESSAGES.receiptNotFound })
    .max(MAX_INT, { error: MESSAGES.receiptNotFound }),
  fileId: z.coerce
    .number({ error: MESSAGES.receiptNotFound })
    .int({ error: MESSAGES.receiptNotFound })
    .positive({ error: MESSAGES.receiptNotFound })
    .max(MAX_INT, { error: MESSAGES.receiptNotFound }),
});

/** Why a shop is offered for a receipt: the shopper was detected there, saved one of its offers, or opened one. */
export const RECEIPT_SHOP_REASONS = ['REDEEMED', 'VISITED', 'SAVED', 'VIEWED'] as const;
export type ReceiptShopReason = (typeof RECEIPT_SHOP_REASONS)[number];

/** A shop the shopper may upload a receipt for, with its offers for the Purchase Details block. */
export const receiptShopSchema = z.object({
  vendorId: z.number().int(),
  businessName: z.string(),
  businessAddress: z.string(),
  reason: z.enum(RECEIPT_SHOP_REASONS),
  lastSeenAt: z.string(),
  offers: z.array(receiptOfferSchema),
});
export type ReceiptShop = z.infer<typeof receiptShopSchema>;
export const receiptShopsResponseSchema = z.object({ data: z.array(receiptShopSchema) });

/** The owner's decision on a receipt (DESIGN.md §8): confirm it, or reject it with a reason the shopper sees. */
export const RECEIPT_DECISIONS = ['VERIFIED', 'REJECTED'] as const;
export type ReceiptDecision = (typeof RECEIPT_DECISIONS)[number];
export const MAX_DECISION_REASON_LENGTH = 300;

/** POST /receipts/:receiptId/decision. A rejection needs a reason; a confirmation may carry a note. */
export const receiptDecisionRequestSchema = z
  .object({
    status: z.enum(RECEIPT_DECISIONS, { error: MESSAGES.receiptDecisionInvalid }),
    reason: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim() || undefined : value === null ? undefined : value),
      z
        .string({ error: MESSAGES.receiptRejectReasonRequired })
        .apply(multiLine('reason'))
        .max(MAX_DECISION_REASON_LENGTH, { error: codedMessage('receiptDecisionReasonTooLong', { max: MAX_DECISION_REASON_LENGTH }) })
        .optional(),
    ),
  })
  .superRefine((decision, context) => {
    if (decision.status === 'REJECTED' && decision.reason === undefined) {
      context.addIssue({ code: 'custom', path: ['reason'], message: MESSAGES.receiptRejectReasonRequired });
    }
  });
export type ReceiptDecisionRequest = z.output<typeof receiptDecisionRequestSchema>;

export const receiptIdParamsSchema = receiptFileParamsSchema.pick({ receiptId: true });

/** GET /vendors/me/receipts: the shop's queue, optionally only receipts with one current status. */
export const vendorReceiptsQuerySchema = z.object({
  status: z.enum(RECEIPT_STATUSES, { error: MESSAGES.receiptStatusFilterInvalid }).optional(),
});

/**
 * A receipt as the shop's owner reviews it: what the shopper sees, plus who sent it (display name only),
 * what OCR read and its automatic verdict (null until OCR has run), kept apart from the owner's decision.
 */
export const vendorReceiptSchema = receiptSchema.extend({
  shopperName: z.string(),
  /** The shopper deleted their account (issue 15): shopperName is '' and the screen says 'A former shopper'. */
  formerShopper: z.boolean(),
  extractedMerchant: z.string().nullable(),
  extractedDate: z.string().nullable(),
  extractedTotal: z.number().nullable(),
  autoStatus: z.enum(RECEIPT_AUTO_STATUSES).nullable(),
  autoReason: z.string().nullable(),
  autoReasonCode: messageCodeSchema.nullable(),
  autoReasonParams: messageParamsSchema,
});
export type VendorReceipt = z.infer<typeof vendorReceiptSchema>;
export const vendorReceiptResponseSchema = z.object({ data: vendorReceiptSchema });
export const vendorReceiptsResponseSchema = z.object({ data: z.array(vendorReceiptSchema) });

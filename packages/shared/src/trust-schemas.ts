/**
 * Reviews, reports and the admin's decisions (issue 14): what the API reads and answers. Limits come from
 * trust-constants.ts; every message from MESSAGES.
 */
import { z } from 'zod';
import { MAX_INT } from './constants.ts';
import { codedMessage } from './message-codes.ts';
import { MESSAGES } from './messages.ts';
import { RECEIPT_STATUSES } from './receipt-constants.ts';
import { RECEIPT_DECISIONS } from './receipt-schemas.ts';
import { multiLine } from './text-rules.ts';
import {
  ADMIN_ACTION_ITEM_KINDS,
  ADMIN_ACTIONS,
  ADMIN_DECISION_STATUSES,
  ADMIN_REASON_MAX,
  ADMIN_VENDOR_FILTERS,
  DECISIONS_NEEDING_A_REASON,
  REPORT_KINDS,
  REPORT_OUTCOMES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TEXT_MAX,
  REVIEW_REPLY_MAX,
  REVIEW_STARS_MAX,
  REVIEW_STARS_MIN,
  REVIEW_TEXT_MAX,
  SUSPICIOUS_ACTIVITY_STATUSES,
  SUSPICIOUS_DECISIONS,
  SUSPICIOUS_ITEM_KINDS,
  SUSPICIOUS_RULE_CODES,
  VENDOR_STATUSES,
} from './trust-constants.ts';

export * from './trust-constants.ts';

const id = z.number({ error: MESSAGES.idInvalid }).int({ error: MESSAGES.idInvalid }).min(1, { error: MESSAGES.idInvalid }).max(MAX_INT, { error: MESSAGES.idInvalid });

/** Trimmed; empty is null; longer than `max` is refused with `message`; line breaks kept, what cannot be seen refused. */
function optionalText(field: 'reviewText' | 'reportText' | 'reason', max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .apply(multiLine(field))
    .nullish()
    .transform((value) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    })
    .refine((value) => value === null || value.length <= max, { error: message });
}

/** POST /reviews: exactly one of claimId and receiptId. */
export const reviewCreateSchema = z
  .object({
    claimId: id.optional(),
    receiptId: id.optional(),
    stars: z
      .number({ error: MESSAGES.reviewStarsInvalid })
      .int({ error: MESSAGES.reviewStarsInvalid })
      .min(REVIEW_STARS_MIN, { error: MESSAGES.reviewStarsInvalid })
      .max(REVIEW_STARS_MAX, { error: MESSAGES.reviewStarsInvalid }),
    text: optionalText('reviewText', REVIEW_TEXT_MAX, codedMessage('reviewTextTooLong', { max: REVIEW_TEXT_MAX })),
  })
  .refine((body) => (body.claimId === undefined) !== (body.receiptId === undefined), { error: MESSAGES.reviewNeedsOnePurchase, path: ['claimId'] });
export type ReviewCreateRequest = z.input<typeof reviewCreateSchema>;

/** POST /reviews/:reviewId/reply: 1 to REVIEW_REPLY_MAX characters once trimmed. */
export const reviewReplySchema = z.object({
  text: z
    .string({ error: codedMessage('replyLength', { max: REVIEW_REPLY_MAX }) })
    .trim()
    .min(1, { error: codedMessage('replyLength', { max: REVIEW_REPLY_MAX }) })
    .apply(multiLine('replyText'))
    .max(REVIEW_REPLY_MAX, { error: codedMessage('replyLength', { max: REVIEW_REPLY_MAX }) }),
});
export type ReviewReplyRequest = z.input<typeof reviewReplySchema>;

export const reviewSchema = z.object({
  reviewId: z.number().int(),
  vendorId: z.number().int(),
  offerId: z.number().int().nullable(),
  /** The offer's title when the purchase was for one (null for a receipt of no offer, or an offer since deleted). */
  offerTitle: z.string().nullable().optional(),
  stars: z.number().int(),
  text: z.string().nullable(),
  createdAt: z.string(),
  /**
   * First name and initial ('Maria B.'). A review whose author deleted their account (issue 15) keeps its stars under
   * a pseudonym: formerShopper, with an empty displayName, and screens say 'A former shopper'.
   */
  author: z.object({ displayName: z.string(), formerShopper: z.boolean() }),
  verifiedPurchase: z.literal(true),
  reply: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
  /** Whether the signed-in reader wrote it (the app offers no Report of one's own review). */
  mine: z.boolean(),
  /**
   * Issue 24 (ADR 016): its author's account is not established yet, so only its author sees it, and it is in no
   * rating; it goes live by itself once the account is (ESTABLISHED_ACCOUNT_DAYS, verified address).
   */
  pendingEstablished: z.boolean(),
  /** Issue 24: the shop rejected the receipt the automatic check verified; shown, left out of the rating until Qrib settles it. */
  underDispute: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;
export const reviewResponseSchema = z.object({ data: reviewSchema });
export const reviewsPageSchema = z.object({
  data: z.array(reviewSchema),
  nextCursor: z.string().nullable(),
  /** The shop's rating: mean stars of the last RATING_WINDOW_MONTHS, each shopper's latest review; null with none. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }),
});
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;

/** POST /reports: text is required for OTHER. */
export const reportCreateSchema = z
  .object({
    kind: z.enum(REPORT_KINDS, { error: MESSAGES.reportKindInvalid }),
    id,
    reason: z.enum(REPORT_REASONS, { error: MESSAGES.reportReasonInvalid }),
    text: optionalText('reportText', REPORT_TEXT_MAX, codedMessage('reportTextTooLong', { max: REPORT_TEXT_MAX })),
  })
  .refine((body) => body.reason !== 'OTHER' || body.text !== null, { error: MESSAGES.reportTextRequired, path: ['text'] });
export type ReportCreateRequest = z.input<typeof reportCreateSchema>;
export const reportCreatedSchema = z.object({ data: z.object({ reportId: z.number().int(), status: z.enum(REPORT_STATUSES) }) });

/** A reason an admin gives: 1 to ADMIN_REASON_MAX characters once trimmed (optional where a decision needs none). */
const adminReason = optionalText('reason', ADMIN_REASON_MAX, codedMessage('reasonTooLong', { max: ADMIN_REASON_MAX }));

/** POST /admin/vendors/:vendorId/decision. */
export const adminDecisionSchema = z
  .object({
    status: z.enum(ADMIN_DECISION_STATUSES, { error: MESSAGES.decisionStatusInvalid }),
    reason: adminReason,
  })
  .refine((body) => !(DECISIONS_NEEDING_A_REASON as readonly string[]).includes(body.status) || body.reason !== null, {
    error: MESSAGES.decisionReasonRequired,
    path: ['reason'],
  });
export type AdminDecisionRequest = z.input<typeof adminDecisionSchema>;

/** GET /admin/vendors?status= (required). */
export const adminVendorsQuerySchema = z.object({
  status: z.enum(ADMIN_VENDOR_FILTERS, { error: MESSAGES.adminStatusRequired }),
  cursor: z.string().max(200).optional(),
});

/** POST /admin/reports/:kind/:itemId/decision: keep the item, or remove it with the statement of reasons. */
export const reportDecisionSchema = z
  .object({
    outcome: z.enum(REPORT_OUTCOMES, { error: MESSAGES.reportOutcomeInvalid }),
    reason: adminReason,
  })
  .refine((body) => body.outcome !== 'REMOVED' || body.reason !== null, { error: MESSAGES.decisionReasonRequired, path: ['reason'] });

/** POST /admin/receipts/:receiptId/settle: the admin's verdict on a disputed receipt, with why. */
export const receiptSettlementSchema = z
  .object({
    status: z.enum(RECEIPT_DECISIONS, { error: MESSAGES.settlementStatusInvalid }),
    reason: adminReason,
  })
  .refine((body) => body.reason !== null, { error: MESSAGES.decisionReasonRequired, path: ['reason'] });

export const vendorStatusSchema = z.enum(VENDOR_STATUSES);

// The platform's console (issue 14): reports grouped per item, the admin's decisions, receipt disputes, the headline
// figures and the log of admin actions.

const coercedId = z.coerce
  .number({ error: MESSAGES.idInvalid })
  .int({ error: MESSAGES.idInvalid })
  .min(1, { error: MESSAGES.idInvalid })
  .max(MAX_INT, { error: MESSAGES.idInvalid });
/** An account named in the console; formerShopper for a deleted account's pseudonymous row (issue 15), shown as 'A former shopper'. */
const userRef = z.object({ userId: z.number().int(), username: z.string(), formerShopper: z.boolean() });

/** POST /admin/reports/:kind/:itemId/decision. */
export const reportItemParamsSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: MESSAGES.reportKindInvalid }),
  itemId: coercedId,
});

/** GET /admin/reports: OPEN reports grouped per item, the item first reported first. */
export const reportedItemSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  itemId: z.number().int(),
  /** The business the item belongs to (the business itself for VENDOR); null when the item no longer exists. */
  vendorId: z.number().int().nullable(),
  /** The offer's title, the business's name, or the reviewed shop's name. */
  title: z.string(),
  /** The review's text or the start of the offer's description. */
  excerpt: z.string().nullable(),
  /** The item's own state (offer ACTIVE/PAUSED/ENDED/REMOVED, business status, review PUBLISHED/REMOVED). */
  itemStatus: z.string().nullable(),
  reportCount: z.number().int(),
  firstReportedAt: z.string(),
  reports: z.array(
    z.object({
      reportId: z.number().int(),
      reason: z.enum(REPORT_REASONS),
      text: z.string().nullable(),
      createdAt: z.string(),
      reporter: userRef,
    }),
  ),
});
export type ReportedItem = z.infer<typeof reportedItemSchema>;
export const reportedItemsResponseSchema = z.object({ data: z.array(reportedItemSchema) });

export const reportDecisionResponseSchema = z.object({
  data: z.object({
    kind: z.enum(REPORT_KINDS),
    itemId: z.number().int(),
    outcome: z.enum(REPORT_OUTCOMES),
    /** How many open reports the decision closed. */
    decidedReports: z.number().int(),
  }),
});
export type ReportDecisionResult = z.infer<typeof reportDecisionResponseSchema>['data'];

/** GET /admin/receipt-disputes: receipts the automatic check VERIFIED and the shop then REJECTED, not yet settled. */
export const receiptDisputeSchema = z.object({
  receiptId: z.number().int(),
  vendorId: z.number().int(),
  businessName: z.string(),
  offerId: z.number().int().nullable(),
  offerTitle: z.string().nullable(),
  shopper: userRef,
  autoStatus: z.enum(RECEIPT_STATUSES).nullable(),
  status: z.enum(RECEIPT_STATUSES),
  /** The owner's own words when they rejected it. */
  ownerReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  files: z.array(z.object({ fileId: z.number().int(), contentType: z.string(), url: z.string() })),
});
export type ReceiptDispute = z.infer<typeof receiptDisputeSchema>;
export const receiptDisputesResponseSchema = z.object({ data: z.array(receiptDisputeSchema) });

export const receiptSettlementResponseSchema = z.object({
  data: z.object({ receiptId: z.number().int(), status: z.enum(RECEIPT_DECISIONS), settledAt: z.string() }),
});

const count = z.number().int();
/** GET /admin/overview: the console's headline figures. */
export const adminOverviewSchema = z.object({
  vendors: z.object({ PENDING: count, ACTIVE: count, REJECTED: count, SUSPENDED: count, CLOSED: count }),
  /** ACTIVE offers of ACTIVE businesses, not ended (Malta today) and not sold out. */
  offersLive: z.number().int(),
  /** Distinct accounts with an offer event, a claim, a receipt or a saved offer since Monday 00:00 in Malta. */
  shoppersActiveThisWeek: z.number().int(),
  receipts: z.object({ PENDING: count, VERIFIED: count, REJECTED: count, NEEDS_REVIEW: count }),
  /** Items with at least one OPEN report (the entries of the reports queue). */
  openReports: z.number().int(),
  openDisputes: z.number().int(),
  /** Suspicious-activity entries waiting for an admin (issue 24). */
  suspiciousOpen: z.number().int(),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
export const adminOverviewResponseSchema = z.object({ data: adminOverviewSchema });

/** GET /admin/actions?cursor=: every admin action, newest first. */
export const adminActionsQuerySchema = z.object({ cursor: z.string().max(200).optional() });
export const adminActionSchema = z.object({
  actionId: z.number().int(),
  /** Null when the admin's account was deleted since. */
  admin: userRef.nullable(),
  action: z.enum(ADMIN_ACTIONS),
  itemKind: z.enum(ADMIN_ACTION_ITEM_KINDS),
  itemId: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminActionEntry = z.infer<typeof adminActionSchema>;
export const adminActionsResponseSchema = z.object({ data: z.array(adminActionSchema), nextCursor: z.string().nullable() });

// The suspicious-activity queue (issue 24, ADR 016): bursts of new or same-network accounts at one shop, whose items
// count nowhere until an admin clears them.

/** GET /admin/suspicious-activity?status= (OPEN when left out). */
export const suspiciousActivityQuerySchema = z.object({
  status: z.enum(SUSPICIOUS_ACTIVITY_STATUSES, { error: MESSAGES.suspiciousStatusInvalid }).default('OPEN'),
});
export const suspiciousActivityParamsSchema = z.object({
  id: z.coerce
    .number({ error: MESSAGES.suspiciousNotFound })
    .int({ error: MESSAGES.suspiciousNotFound })
    .min(1, { error: MESSAGES.suspiciousNotFound })
    .max(MAX_INT, { error: MESSAGES.suspiciousNotFound }),
});
/** POST /admin/suspicious-activity/:id/decision: CLEAR or EXCLUDE, always with the statement of reasons the shop reads. */
export const suspiciousActivityDecisionSchema = z
  .object({
    decision: z.enum(SUSPICIOUS_DECISIONS, { error: MESSAGES.suspiciousDecisionInvalid }),
    reason: adminReason,
  })
  .refine((body) => body.reason !== null, { error: MESSAGES.decisionReasonRequired, path: ['reason'] });
export type SuspiciousActivityDecisionRequest = z.input<typeof suspiciousActivityDecisionSchema>;

export const suspiciousActivitySchema = z.object({
  id: z.number().int(),
  vendorId: z.number().int(),
  businessName: z.string(),
  status: z.enum(SUSPICIOUS_ACTIVITY_STATUSES),
  ruleCode: z.enum(SUSPICIOUS_RULE_CODES),
  /** The rule's figures when it listed the entry: windowMinutes, minAccounts, newAccountDays. */
  ruleParams: z.record(z.string(), z.union([z.string(), z.number()])),
  detectedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The admin's statement of reasons, once decided. */
  reason: z.string().nullable(),
  /** The accounts listed, the first to act first. */
  accounts: z.array(
    z.object({
      userId: z.number().int(),
      username: z.string(),
      createdAt: z.string(),
      emailVerified: z.boolean(),
      /** Signed up from the same network as another account listed in the entry. */
      sameNetwork: z.boolean(),
    }),
  ),
  /** The redemptions, reviews and automatically verified receipts listed, oldest first. */
  events: z.array(
    z.object({
      kind: z.enum(SUSPICIOUS_ITEM_KINDS),
      itemId: z.number().int(),
      userId: z.number().int(),
      username: z.string(),
      occurredAt: z.string(),
      /** A review's stars; null for a purchase. */
      stars: z.number().int().nullable(),
    }),
  ),
});
export type SuspiciousActivity = z.infer<typeof suspiciousActivitySchema>;
export const suspiciousActivityListResponseSchema = z.object({ data: z.array(suspiciousActivitySchema) });
export const suspiciousActivityResponseSchema = z.object({ data: suspiciousActivitySchema });

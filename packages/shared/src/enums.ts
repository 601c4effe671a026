/**
 * Every enumeration the database stores, written once (issue 26, ADR 020): the API's tables (apps/api/src/db/schema.ts)
 * take their columns' values from here, the zod schemas and the screens read the same lists (through the *-constants
 * and *-schemas files that re-export them). Without zod, so screens that only show values load no schema code.
 *
 * Each list is in the order of the table's column. The columns are `text` (no PostgreSQL enum type, no CHECK), so a
 * value added here needs no migration; apps/api/test/db/enums.test.ts fails when a column and its list differ.
 */

/** vendors.business_type */
export const BUSINESS_TYPES = ['GROCERY', 'RESTAURANT', 'HEALTHCARE', 'SERVICES', 'OTHER'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** vendors.status: only ACTIVE businesses are seen by shoppers. */
export const VENDOR_STATUSES = ['ACTIVE', 'PENDING', 'REJECTED', 'SUSPENDED', 'CLOSED'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

/** offers.discount_type */
export const DISCOUNT_TYPES = ['PERCENTAGE', 'FIXED', 'BUYXGETY'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
/** offers.target_audience */
export const TARGET_AUDIENCES = ['ALL_CUSTOMERS', 'PREMIUM_CUSTOMERS', 'NEW_CUSTOMERS'] as const;
/** offers.redemption_limit */
export const REDEMPTION_LIMITS = ['UNLIMITED', 'LIMITED'] as const;
/** offers.status. REMOVED (issue 14): taken down by an admin after a report; its owner sees it and cannot change it. */
export const OFFER_STATUSES = ['ACTIVE', 'PAUSED', 'ENDED', 'REMOVED'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** offer_events.kind: what the client reports in batches (impressions of cards, detail views, direction requests). */
export const OFFER_EVENT_KINDS = ['IMPRESSION', 'VIEW', 'SAVE', 'DIRECTIONS'] as const;
export type OfferEventKind = (typeof OFFER_EVENT_KINDS)[number];

/** receipts.status */
export const RECEIPT_STATUSES = ['PENDING', 'VERIFIED', 'REJECTED', 'NEEDS_REVIEW'] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
/** receipts.auto_status: the automatic check's verdict (null until it has run). */
export const RECEIPT_AUTO_STATUSES = ['VERIFIED', 'REJECTED', 'NEEDS_REVIEW'] as const;

/** offer_claims.status. A claim as read may also be EXPIRED (claim-constants.ts' CLAIM_STATUSES), which is not stored. */
export const STORED_CLAIM_STATUSES = ['ACTIVE', 'REDEEMED'] as const;

/** shop_visits.answer */
export const VISIT_ANSWERS = ['PURCHASED', 'NOT_PURCHASED'] as const;
export type VisitAnswer = (typeof VISIT_ANSWERS)[number];

/** stamps.source (issue 29 §2): a code redeemed at the till, a VERIFIED receipt, or a till stamp of the shopper's pass. */
export const STAMP_SOURCES = ['REDEMPTION', 'RECEIPT', 'TILL'] as const;

/** notifications.kind: what the bell shows. */
export const NOTIFICATION_KINDS = [
  'RECEIPT_DECIDED',
  'NEW_OFFER',
  'CLAIM_REDEEMED',
  'OFFER_SOLD_OUT',
  // Issue 14: an admin's decision on the owner's business; a review of the shop; the owner's reply to a review; a
  // report's outcome for the reporter; an item of the reader's taken down, with the statement of reasons.
  'BUSINESS_STATUS',
  'REVIEW_RECEIVED',
  'REVIEW_REPLIED',
  'REPORT_DECIDED',
  'CONTENT_REMOVED',
  // Issue 24: to the owner, a shopper asked the shop to check a receipt; to both sides, a disputed review settled.
  'RECEIPT_CHECK_ASKED',
  'REVIEW_DISPUTE_SETTLED',
  // Issue 24: to the shop's owner, an admin's decision on suspicious activity at the shop, with the statement of reasons.
  'SUSPICIOUS_ACTIVITY_DECIDED',
  // Issue 29 §2: to the shopper, the last stamp of a shop's card issued a reward (a code under My codes).
  'STAMP_REWARD',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** reviews.status: nobody but an admin (after a report) takes a review down. */
export const REVIEW_STATUSES = ['PUBLISHED', 'REMOVED'] as const;

/** reports.item_kind */
export const REPORT_KINDS = ['OFFER', 'VENDOR', 'REVIEW'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** reports.reason */
export const REPORT_REASONS = ['MISLEADING', 'ILLEGAL', 'OFFENSIVE', 'FAKE_REVIEW', 'OTHER'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** reports.status */
export const REPORT_STATUSES = ['OPEN', 'KEPT', 'REMOVED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** admin_actions.action */
export const ADMIN_ACTIONS = [
  'APPROVE_VENDOR',
  'REJECT_VENDOR',
  'SUSPEND_VENDOR',
  'REINSTATE_VENDOR',
  'KEEP_ITEM',
  'REMOVE_ITEM',
  'SETTLE_RECEIPT',
  'GRANT_ADMIN',
  'REVOKE_ADMIN',
  // Issue 24: a decision on a suspicious-activity entry.
  'CLEAR_SUSPICIOUS',
  'EXCLUDE_SUSPICIOUS',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
/** admin_actions.item_kind: what an admin action is about. */
export const ADMIN_ACTION_ITEM_KINDS = ['VENDOR', 'OFFER', 'REVIEW', 'RECEIPT', 'USER', 'SUSPICIOUS_ACTIVITY'] as const;
export type AdminActionItemKind = (typeof ADMIN_ACTION_ITEM_KINDS)[number];

/** vendor_members.role and staff_invitations.role (issue 28 §4): a business has one OWNER; MANAGER and CASHIER are invited. */
export const STAFF_ROLES = ['OWNER', 'MANAGER', 'CASHIER'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** account_tokens.purpose: the one-time links mailed to a person. */
export const ACCOUNT_TOKEN_PURPOSES = ['PASSWORD_RESET', 'EMAIL_VERIFICATION'] as const;

/**
 * mail_outbox.kind: what is mailed. The account's own mails (reset, verification, password and address changes, the
 * export, the business's state) are always sent; RECEIPT_DECIDED, NEW_OFFER and WEEKLY_REPORT follow 'Email Notifications'.
 */
export const MAIL_KINDS = [
  'PASSWORD_RESET',
  'EMAIL_VERIFICATION',
  'PASSWORD_CHANGED',
  'EMAIL_CHANGED',
  'EXPORT_READY',
  'BUSINESS_STATUS',
  'RECEIPT_DECIDED',
  'NEW_OFFER',
  'WEEKLY_REPORT',
  'STAFF_INVITATION',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
/** mail_outbox.status */
export const MAIL_STATUSES = ['PENDING', 'SENDING', 'SENT', 'FAILED'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * push_outbox.kind (issue 29 §1): what a push is about. The first five follow a notification of the same kind (the
 * bell's words); the others are the push's own.
 */
export const PUSH_OUTBOX_KINDS = [
  'NEW_OFFER',
  'CLAIM_REDEEMED',
  'RECEIPT_DECIDED',
  'OFFER_SOLD_OUT',
  'REVIEW_RECEIVED',
  'ENDING_TOMORROW',
  'CODE_ENDING_TOMORROW',
  'NEARBY',
  'TEST',
] as const;
export type PushOutboxKind = (typeof PUSH_OUTBOX_KINDS)[number];
/** push_outbox.status: SUMMARIZED, held in quiet hours and told in the morning's one summary instead. */
export const PUSH_OUTBOX_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'SUMMARIZED', 'SKIPPED', 'FAILED'] as const;
export type PushOutboxStatus = (typeof PUSH_OUTBOX_STATUSES)[number];

/** data_exports.status */
export const EXPORT_STATUSES = ['PENDING', 'READY', 'FAILED'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** suspicious_activity.status */
export const SUSPICIOUS_ACTIVITY_STATUSES = ['OPEN', 'CLEARED', 'EXCLUDED'] as const;
export type SuspiciousActivityStatus = (typeof SUSPICIOUS_ACTIVITY_STATUSES)[number];
/** suspicious_activity_items.item_kind: a till redemption, a review, an automatically verified receipt. */
export const SUSPICIOUS_ITEM_KINDS = ['REDEMPTION', 'REVIEW', 'RECEIPT'] as const;
export type SuspiciousItemKind = (typeof SUSPICIOUS_ITEM_KINDS)[number];

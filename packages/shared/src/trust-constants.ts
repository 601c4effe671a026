/**
 * Trust and safety (issue 14, DESIGN.md §10): reviews, reports, the businesses admins check, and the rating, without
 * zod (screens that only show them load no schema code). Every limit and list the API, the screens and the public
 * pages ('How ratings and reviews work', 'How offers are ordered') name is written here once; the stored lists are
 * written in enums.ts and re-exported here.
 */
import type { VendorStatus } from './enums.ts';

/** A review is written within this many days of the purchase (the redemption, or the receipt's upload). */
export const REVIEW_WINDOW_DAYS = 30;
export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_REPLY_MAX = 1000;
export const REVIEW_STARS_MIN = 1;
export const REVIEW_STARS_MAX = 5;
/** GET /vendors/:vendorId/reviews answers this many a page (newest first, then a cursor). */
export const REVIEWS_PAGE_SIZE = 20;
/** The rating shoppers see: the mean stars of the last this-many months, each shopper's latest review of the shop. */
export const RATING_WINDOW_MONTHS = 12;
/**
 * The purchases that grant a review: the shop did not confirm them alone. A redemption (the shopper's own code at the
 * till), a receipt VERIFIED by the automatic check, or one an admin settled as VERIFIED. A receipt only the owner
 * confirmed grants none (else a shop could create its reviewers or shut out its critics).
 */
export const REVIEWABLE_PURCHASES = ['REDEMPTION', 'AUTO_VERIFIED_RECEIPT', 'ADMIN_SETTLED_RECEIPT'] as const;
/**
 * An account is established (issue 24, ADR 016) when its address is verified and it is at least this many days old,
 * or has counted purchases at ESTABLISHED_OTHER_SHOPS or more shops other than the one in question. Only an
 * established account's review is live and its purchases count for the trust level and PREMIUM.
 */
export const ESTABLISHED_ACCOUNT_DAYS = 7;
export const ESTABLISHED_OTHER_SHOPS = 2;
/** The trust level counts at most this many verified purchases per shopper, shop and (Malta) day. */
export const TRUST_PURCHASES_PER_SHOPPER_DAY = 1;

export {
  ADMIN_ACTION_ITEM_KINDS,
  ADMIN_ACTIONS,
  REPORT_KINDS,
  REPORT_REASONS,
  REPORT_STATUSES,
  REVIEW_STATUSES,
  SUSPICIOUS_ACTIVITY_STATUSES,
  SUSPICIOUS_ITEM_KINDS,
  VENDOR_STATUSES,
  type AdminAction,
  type AdminActionItemKind,
  type ReportKind,
  type ReportReason,
  type ReportStatus,
  type SuspiciousActivityStatus,
  type SuspiciousItemKind,
  type VendorStatus,
} from './enums.ts';
/** An admin's decision on a reported item (and on a disputed review): keep it, or remove it. */
export const REPORT_OUTCOMES = ['KEPT', 'REMOVED'] as const;
export const REPORT_TEXT_MAX = 1000;
/** Reports one account may send in an hour (the 11th answers 429). */
export const REPORTS_PER_HOUR = 10;

/** What GET /admin/vendors?status= may ask for. */
export const ADMIN_VENDOR_FILTERS = ['PENDING', 'ACTIVE', 'REJECTED', 'SUSPENDED'] as const;
/** What an admin may decide, and from which state (anything else is 409). A refused business that resubmits is PENDING again. */
export const VENDOR_DECISIONS = {
  PENDING: ['ACTIVE', 'REJECTED'],
  ACTIVE: ['SUSPENDED'],
  SUSPENDED: ['ACTIVE'],
  REJECTED: [],
  CLOSED: [],
} as const satisfies Record<VendorStatus, readonly VendorStatus[]>;
export const ADMIN_DECISION_STATUSES = ['ACTIVE', 'REJECTED', 'SUSPENDED'] as const;
/** Decisions that must say why (the owner reads it: Regulation 2019/1150 Art. 4). */
export const DECISIONS_NEEDING_A_REASON = ['REJECTED', 'SUSPENDED'] as const;
export const ADMIN_REASON_MAX = 1000;
/** GET /admin/actions answers this many a page, newest first. */
export const ADMIN_ACTIONS_PAGE_SIZE = 50;

/**
 * The suspicious-activity queue (issue 24, ADR 016). Rule NEW_ACCOUNTS_BURST: at one shop, within
 * SUSPICIOUS_BURST_WINDOW_MINUTES, SUSPICIOUS_BURST_ACCOUNTS or more distinct accounts that are each new (address not
 * verified, or younger than SUSPICIOUS_NEW_ACCOUNT_DAYS) or share a sign-up network with another account active there
 * in the window that was made within SUSPICIOUS_NEW_ACCOUNT_DAYS of it, each with a redemption, a review or an automatically verified receipt at the shop.
 */
export const SUSPICIOUS_RULE_CODES = ['NEW_ACCOUNTS_BURST'] as const;
export type SuspiciousRuleCode = (typeof SUSPICIOUS_RULE_CODES)[number];
export const SUSPICIOUS_BURST_WINDOW_MINUTES = 60;
export const SUSPICIOUS_BURST_ACCOUNTS = 3;
/** An account younger than this, or with an address not verified, is new for the rule. */
export const SUSPICIOUS_NEW_ACCOUNT_DAYS = 7;
/** CLEAR: its items count again. EXCLUDE: its reviews are removed and its purchases stay out of every figure. */
export const SUSPICIOUS_DECISIONS = ['CLEAR', 'EXCLUDE'] as const;
export type SuspiciousDecision = (typeof SUSPICIOUS_DECISIONS)[number];
/** The console's dispute rate of a shop: disputes and automatically verified receipts of this many days. */
export const DISPUTE_RATE_DAYS = 90;

/**
 * What orders offers (Directive 2005/29 Art. 7(4a)), for the page 'How offers are ordered': nearby and a category by
 * distance, featured offers lifted first and labelled 'Featured'; search by match quality, then distance. Nothing is paid for.
 */
export const RANKING_PARAMETERS = ['DISTANCE', 'FEATURED', 'MATCH_QUALITY'] as const;

/** Notification kinds and limits, without zod: the app shell polls with them and loads no schema code. */
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
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** How many notifications the list shows (newest first); the unread count covers them all. */
export const NOTIFICATIONS_PAGE_SIZE = 50;
/** How often the web asks for new notifications. */
export const NOTIFICATIONS_POLL_MS = 60_000;

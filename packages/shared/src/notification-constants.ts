/** Notification kinds and limits, without zod: the app shell polls with them and loads no schema code. */
export const NOTIFICATION_KINDS = ['RECEIPT_DECIDED', 'NEW_OFFER', 'CLAIM_REDEEMED', 'OFFER_SOLD_OUT'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** How many notifications the list shows (newest first); the unread count covers them all. */
export const NOTIFICATIONS_PAGE_SIZE = 50;
/** How often the web asks for new notifications. */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** Notification kinds and limits, without zod: the app shell polls with them and loads no schema code. */
export { NOTIFICATION_KINDS, type NotificationKind } from './enums.ts';
/** How many notifications the list shows (newest first); the unread count covers them all. */
export const NOTIFICATIONS_PAGE_SIZE = 50;
/** How often the web asks for new notifications. */
export const NOTIFICATIONS_POLL_MS = 60_000;

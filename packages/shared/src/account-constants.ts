/**
 * Accounts (issue 15): mail, password reset, e-mail verification, the data export and deleting an account. The
 * limits every side reads (the API enforces them, the screens and the public pages say them), without zod.
 */
import type { MailKind } from './enums.ts';

/** A password reset link works this long, once. */
export const RESET_LINK_MINUTES = 30;
/** An e-mail verification link (sign-up, resend, a changed address) works this long, once. */
export const VERIFY_LINK_HOURS = 48;
/** Password reset requests per address, and per network, in an hour. */
export const PASSWORD_RESETS_PER_ADDRESS_PER_HOUR = 3;
export const PASSWORD_RESETS_PER_IP_PER_HOUR = 10;
/** Verification mails (resend, change of address) an account may ask for in an hour. */
export const VERIFICATION_MAILS_PER_HOUR = 5;
/** A ready data export can be downloaded this long; after it, 410. */
export const EXPORT_HOURS = 24;
/** Mails written to DATA_DIR/outbox (no SMTP_URL) are deleted after this many days. */
export const OUTBOX_FILE_DAYS = 7;
/** Sending a mail is tried this many times (with growing waits) before it is marked FAILED. */
export const MAIL_MAX_ATTEMPTS = 6;
/** The weekly report goes out on Monday from this hour, Malta time. */
export const WEEKLY_REPORT_HOUR = 8;

/**
 * What is mailed, a mail's and an export's states (written once in enums.ts). The account's own mails are always
 * sent; RECEIPT_DECIDED, NEW_OFFER and WEEKLY_REPORT follow 'Email Notifications'.
 */
export { EXPORT_STATUSES, MAIL_KINDS, MAIL_STATUSES, type ExportStatus, type MailKind, type MailStatus } from './enums.ts';
export { PUSH_OUTBOX_KINDS, PUSH_OUTBOX_STATUSES, type PushOutboxKind, type PushOutboxStatus } from './enums.ts';
/** The kinds a person can turn off with 'Email Notifications' (and the unsubscribe link). */
export const OPTIONAL_MAIL_KINDS: readonly MailKind[] = ['RECEIPT_DECIDED', 'NEW_OFFER', 'WEEKLY_REPORT'];

/** The web screens a mail links to (outside the protected layout, DESIGN.md §5); the API builds links from PUBLIC_URL. */
export const MAIL_LINK_PATHS = {
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  unsubscribe: '/unsubscribe',
  profile: '/profile',
  staffInvitation: '/staff-invitation',
} as const;

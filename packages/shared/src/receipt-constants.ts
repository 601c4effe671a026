/** Receipt limits and states, without zod: the receipt screens import them and load no schema code. */
/** Spec §9: at most 10 files, images and PDF. DESIGN.md §8: each at most 10 MB. */
export const MAX_RECEIPT_FILES = 10;
export const MAX_RECEIPT_FILE_BYTES = 10 * 1024 * 1024;
/** What the file picker offers; the server decides by content, never by this list. */
export const RECEIPT_ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';
export const RECEIPT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/** Shops whose offers the shopper opened within this many days are offered as the receipt's shop. */
export const RECEIPT_SHOP_LOOKBACK_DAYS = 30;
export { RECEIPT_AUTO_STATUSES, RECEIPT_STATUSES, type ReceiptStatus } from './enums.ts';

/**
 * Redemption at the till (issue 13, DESIGN.md §10), without zod: the code screen and the till screen import it and
 * load no schema code. Which purchases count where is written here once (PURCHASE_COUNTS).
 */
import { STORED_CLAIM_STATUSES } from './enums.ts';

/** A code's characters: digits and capitals without 0/O, 1/I/L, so a code read aloud or typed is never ambiguous. */
export const CLAIM_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CLAIM_CODE_LENGTH = 8;
/** A claim as read: EXPIRED is not stored, it is a claim still ACTIVE after its offer ended. */
export const CLAIM_STATUSES = [...STORED_CLAIM_STATUSES, 'EXPIRED'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
/** Staff may undo a redemption this long after it (a mistake at the till). */
export const REDEMPTION_UNDO_MINUTES = 10;
/**
 * Different wrong codes one staff session may try in REDEMPTION_FAILURE_WINDOW_MINUTES before its till waits (no
 * guessing other shoppers' codes). The same wrong code typed again is one wrong code; genuine codes never count.
 */
export const REDEMPTION_FAILURES_PER_SESSION = 20;
export const REDEMPTION_FAILURE_WINDOW_MINUTES = 10;
/** Past that limit, each code the session sends (right or wrong) is answered after this wait, one after the other. */
export const REDEMPTION_WAIT_SECONDS = 2;
/** PREMIUM_CUSTOMERS offers: shoppers with at least this many verified purchases on Qrib, at any shop. */
export const PREMIUM_VERIFIED_PURCHASES = 5;

/**
 * What counts as a purchase, where (issue 13 item 5). A purchase is a redemption at the till, or a VERIFIED receipt
 * that names no redeemed claim (a receipt for a redeemed claim proves the same purchase: it is counted once, as the
 * redemption). A CHECKED_RECEIPT is a VERIFIED receipt the shop did not decide alone (issue 14): VERIFIED by the
 * automatic check, or settled as VERIFIED by an admin; one only the owner confirmed is a 'customer confirmation'.
 * Each figure below counts exactly these.
 */
export const PURCHASE_COUNTS = {
  /** The dashboard's and insights' Conversions, by the day of the purchase. */
  conversions: ['REDEMPTION', 'VERIFIED_RECEIPT'],
  /**
   * The trust level's verified purchases: only those the shop did not decide alone, at most
   * TRUST_PURCHASES_PER_SHOPPER_DAY per shopper, shop and Malta day (issue 14).
   */
  trustLevel: ['REDEMPTION', 'CHECKED_RECEIPT'],
  /** NEW_CUSTOMERS: a shopper with any of these at the shop is no longer new there. */
  newCustomer: ['REDEMPTION', 'VERIFIED_RECEIPT'],
  /** PREMIUM_CUSTOMERS: at least PREMIUM_VERIFIED_PURCHASES of these, at any shop, by an established account (issue 24). */
  premium: ['REDEMPTION', 'VERIFIED_RECEIPT'],
  /** An established account (issue 24, ADR 016): these at ESTABLISHED_OTHER_SHOPS other shops, when not flagged. */
  establishedAccount: ['REDEMPTION', 'CHECKED_RECEIPT'],
} as const satisfies Record<string, readonly ('REDEMPTION' | 'VERIFIED_RECEIPT' | 'CHECKED_RECEIPT')[]>;

/** What staff type, as the API reads it: upper case, without spaces or hyphens ('ab3d-ef7h' → 'AB3DEF7H'). */
export function normalizeClaimCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]+/g, '');
}

const CODE_PATTERN = new RegExp(`^[${CLAIM_CODE_ALPHABET}]{${CLAIM_CODE_LENGTH}}$`);

/** A normalized text that can be a code (right characters, right length). */
export function isClaimCode(code: string): boolean {
  return CODE_PATTERN.test(code);
}

/** A code as shown to people: two groups of four ('AB3D EF7H'), easier to read across a counter. */
export function formatClaimCode(code: string): string {
  return code.length === CLAIM_CODE_LENGTH ? `${code.slice(0, 4)} ${code.slice(4)}` : code;
}

/** Units left of an offer: null when unlimited, never below 0. */
export function remainingUnits(maxRedemptions: number | null, redeemedCount: number): number | null {
  return maxRedemptions === null ? null : Math.max(0, maxRedemptions - redeemedCount);
}

/** Business constants of spec §9 that both the API and the web app rely on. */
export const AUTH_COOKIE_NAME = 'auth_token';
export const AUTH_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
export const AUTH_TOKEN_LIFETIME = '7d';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PHONE_MIN_LENGTH = 7;

export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_EXPANDED_PX = 256;
export const SIDEBAR_COLLAPSED_PX = 80;

/**
 * Login attempts allowed in one window: per IP and username (a person mistyping) and per IP (one machine trying
 * many accounts). Many machines trying one account are slowed down, never refused (the owner must still get in).
 */
export const LOGIN_ATTEMPTS_PER_USERNAME = 5;
export const LOGIN_ATTEMPTS_PER_IP = 30;
/** After this many failed logins on one account in the window (from any networks), each attempt on it waits LOGIN_DELAY_MS. */
export const LOGIN_DELAY_AFTER_FAILURES = 10;
export const LOGIN_DELAY_MS = 2_000;
export const LOGIN_ATTEMPT_WINDOW_MINUTES = 15;
/** Sign-ups allowed per IP per hour by default (each costs an argon2id hash); SIGNUPS_PER_HOUR changes it. */
export const SIGNUPS_PER_IP_PER_HOUR = 30;

/** The spec's four default categories, shown when the category list cannot be loaded. */
export const DEFAULT_CATEGORY_NAMES = ['Food & Dining', 'Retail Shopping', 'Local Services', 'Events & Fun'] as const;

/** Spec §9: registration documents. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const MAX_DOCUMENTS = 10;
export const OFFERINGS_MAX_LENGTH = 500;

/** Spec §9: offer images, JPG/JPEG/PNG only, up to 6; each at most 10 MB and 40 megapixels. */
export const MAX_OFFER_IMAGES = 6;
export const MAX_OFFER_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The largest PostgreSQL integer: ids and counts above it are refused as invalid, not passed to the database. */
export const MAX_INT = 2_147_483_647;

/** How deeply a JSON body may nest arrays and objects; ours need 3, and a deeper one is refused before anything walks it. */
export const MAX_JSON_DEPTH = 32;

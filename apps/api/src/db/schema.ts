/**
 * The one Drizzle schema (DESIGN.md §3), used with PGlite and node-postgres alike. Migrations under
 * apps/api/drizzle are generated from it with `npm run db:generate` and committed. Every enumerated column takes its
 * values from packages/shared/src/enums.ts (written once, ADR 020); schema-enums.test.ts holds each column to its list.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  primaryKey,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ACCOUNT_TOKEN_PURPOSES,
  ADMIN_ACTION_ITEM_KINDS,
  ADMIN_ACTIONS,
  BUSINESS_TYPES,
  DISCOUNT_TYPES,
  EXPORT_STATUSES,
  MAIL_KINDS,
  MAIL_STATUSES,
  NOTIFICATION_KINDS,
  OFFER_EVENT_KINDS,
  OFFER_STATUSES,
  PUSH_OUTBOX_KINDS,
  PUSH_OUTBOX_STATUSES,
  RECEIPT_AUTO_STATUSES,
  RECEIPT_STATUSES,
  REDEMPTION_LIMITS,
  REPORT_KINDS,
  REPORT_REASONS,
  STAMP_SOURCES,
  REPORT_STATUSES,
  REVIEW_STATUSES,
  STORED_CLAIM_STATUSES,
  SUSPICIOUS_ACTIVITY_STATUSES,
  SUSPICIOUS_ITEM_KINDS,
  STAFF_ROLES,
  TARGET_AUDIENCES,
  VENDOR_STATUSES,
  VISIT_ANSWERS,
} from '@qrib/shared/enums';

export interface UserPreferences {
  emailNotifications: boolean;
  /** Dark Mode as the person chose it; null until they choose: the app follows the device's setting (issue 27). */
  darkMode: boolean | null;
  language: string;
  /** Shop entry recognition is opt-in. */
  shopEntryDetection: boolean;
}

/** Every preference's value while the account has not set it. */
export const DEFAULT_PREFERENCES: UserPreferences = { emailNotifications: true, darkMode: null, language: 'en', shopEntryDetection: false };

/**
 * What the preferences column holds. Dark Mode's choice is kept under `colorScheme` (issue 27), written only when the
 * person chooses: every row was created with `darkMode: false` (the column's default below), so that key cannot tell
 * 'chose light' from 'never chose'. `darkMode: true` in an older row was a choice and still reads as dark.
 */
export type StoredPreferences = Partial<Omit<UserPreferences, 'darkMode'>> & { darkMode?: boolean; colorScheme?: 'light' | 'dark' };

/**
 * What the column holds for a new account (the migration's default). Keys added later are absent from
 * such rows, so rows are read over DEFAULT_PREFERENCES (see domains/accounts/repository/users.ts).
 */
const STORED_DEFAULT_PREFERENCES: StoredPreferences = { emailNotifications: true, darkMode: false, language: 'en' };

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    username: text('username').notNull(),
    /** Null for an account made through an identity provider (issue 27) until the person sets a password. */
    passwordHash: text('password_hash'),
    preferences: jsonb('preferences').$type<StoredPreferences>().notNull().default(STORED_DEFAULT_PREFERENCES),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The platform's ADMIN role (issue 14): granted from ADMIN_USERNAMES at boot or by `npm run admin -- grant`. */
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Issue 15: when the address was verified (a link mailed to it was followed); null until then. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** A new address waiting for its verification link; it replaces `email` once verified. */
    pendingEmail: text('pending_email'),
    /**
     * Set on the pseudonymous row that a deleted account's shop records are reassigned to (issue 15): nobody signs in
     * as it, nothing personal is on it, and screens call it 'A former shopper'.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Issue 24: a hash of the network the account signed up from (IPv4 /24, IPv6 /48; never the address itself), so
     * a burst of accounts made from one network at one shop can be seen (the suspicious-activity queue).
     */
    signupNetwork: text('signup_network'),
  },
  (table) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
  ],
);

export const categories = pgTable('categories', {
  categoryId: serial('category_id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  iconUrl: text('icon_url'),
});

export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    businessType: text('business_type', { enum: BUSINESS_TYPES }).notNull(),
    businessAddress: text('business_address').notNull(),
    locationLatitude: doublePrecision('location_latitude').notNull(),
    locationLongitude: doublePrecision('location_longitude').notNull(),
    primaryContactName: text('primary_contact_name').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    offeringsDescription: text('offerings_description'),
    logoKey: text('logo_key'),
    /** Issue 28: the shop page's cover photo (a public/ key like the logo's), its website (http or https URL). */
    coverKey: text('cover_key'),
    website: text('website'),
    /**
     * Issue 28 §2: the shop's hours in OSM opening_hours syntax (kernel/opening-hours.ts reads them in Malta), null when
     * not given ('hours not given', never 'closed'); their open intervals for the coming fortnight are in
     * vendor_open_intervals.
     */
    openingHours: text('opening_hours'),
    /**
     * Only ACTIVE businesses are seen by shoppers (issue 14, DESIGN.md §10): a registration is PENDING until an admin
     * approves (ACTIVE) or refuses it (REJECTED, with a reason; a correction makes it PENDING again); an admin may
     * suspend an ACTIVE one (SUSPENDED, with a reason) and reinstate it; an owner may close theirs (CLOSED, issue 15).
     * The column's default stays ACTIVE for rows written outside registration (seeds, bulk loaders).
     */
    status: text('status', { enum: VENDOR_STATUSES })
      .notNull()
      .default('ACTIVE'),
    /** The admin's reason for the latest REJECTED or SUSPENDED (null otherwise), shown to the owner. */
    statusReason: text('status_reason'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The latest end date of the business's ACTIVE offers, null when it has none: kept by triggers on offers
     * (migration 0012), so the nearby home asks `current_offer_until >= today` instead of searching its offers.
     */
    currentOfferUntil: date('current_offer_until', { mode: 'string' }),
  },
  (table) => [
    index('vendors_location_gist').using(
      'gist',
      sql`ll_to_earth(${table.locationLatitude}, ${table.locationLongitude})`,
    ),
  ],
);

export const offers = pgTable(
  'offers',
  {
    offerId: serial('offer_id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.categoryId),
    title: text('title').notNull(),
    description: text('description').notNull(),
    discountType: text('discount_type', { enum: DISCOUNT_TYPES }).notNull(),
    discountValue: numeric('discount_value', { precision: 10, scale: 2 }).notNull(),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    termsAndConditions: text('terms_and_conditions'),
    targetAudience: text('target_audience', { enum: TARGET_AUDIENCES })
      .notNull()
      .default('ALL_CUSTOMERS'),
    redemptionLimit: text('redemption_limit', { enum: REDEMPTION_LIMITS })
      .notNull()
      .default('UNLIMITED'),
    maxRedemptions: integer('max_redemptions'),
    /**
     * Redemptions at the till so far (issue 13): raised in the same statement that checks it against
     * max_redemptions, so a LIMITED offer never has more (domains/claims/redeem-code.ts).
     */
    redeemedCount: integer('redeemed_count').notNull().default(0),
    sendNotifications: boolean('send_notifications').notNull().default(true),
    featuredOffer: boolean('featured_offer').notNull().default(false),
    /**
     * Issue 28 §3: a happy-hour schedule in OSM opening_hours syntax (`Mo-Th 17:00-19:00`), null when the offer holds
     * all day; its windows for the coming fortnight are in offer_schedule_intervals.
     */
    schedule: text('schedule'),
    /** Issue 27: the price before the offer, in euros, when the shop gives it; offerPrice is computed from it. */
    regularPrice: numeric('regular_price', { precision: 10, scale: 2 }),
    /** Issue 27: BUYXGETY's quantities ('Buy 2, get 1 free'), both or neither. */
    buyQuantity: integer('buy_quantity'),
    getQuantity: integer('get_quantity'),
    /** REMOVED (issue 14): taken down by an admin after a report; its owner cannot bring it back. */
    status: text('status', { enum: OFFER_STATUSES })
      .notNull()
      .default('ACTIVE'),
    /** The admin's statement of reasons when the offer was REMOVED. */
    statusReason: text('status_reason'),
    // A copy of the vendor's location so the spatial index can sit on the offers themselves.
    locationLatitude: doublePrecision('location_latitude').notNull(),
    locationLongitude: doublePrecision('location_longitude').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('offers_vendor_idx').on(table.vendorId),
    index('offers_active_location_gist')
      .using('gist', sql`ll_to_earth(${table.locationLatitude}, ${table.locationLongitude})`)
      .where(sql`${table.status} = 'ACTIVE'`),
    check('offers_regular_price_check', sql`${table.regularPrice} IS NULL OR ${table.regularPrice} > 0`),
    check(
      'offers_buy_get_check',
      sql`(${table.buyQuantity} IS NULL) = (${table.getQuantity} IS NULL) AND coalesce(${table.buyQuantity}, 1) >= 1 AND coalesce(${table.getQuantity}, 1) >= 1`,
    ),
  ],
);

export const vendorDocuments = pgTable(
  'vendor_documents',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('vendor_documents_vendor_idx').on(table.vendorId)],
);

export const offerImages = pgTable(
  'offer_images',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.offerId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    cardKey: text('card_key').notNull(),
    detailKey: text('detail_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (table) => [uniqueIndex('offer_images_offer_position_key').on(table.offerId, table.position)],
);

/**
 * Issue 28 §2: when each shop with hours is open, from a week ago to `horizon` (a fortnight ahead): touching spans
 * joined, written with every change of its hours and renewed daily (businesses/hours-refresh.ts), so the nearby and
 * search statements ask "open now" of an index instead of evaluating hours. An interval ending at `horizon` may go on.
 */
export const vendorOpenIntervals = pgTable(
  'vendor_open_intervals',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    horizon: timestamp('horizon', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.vendorId, table.opensAt] }), index('vendor_open_intervals_closes_idx').on(table.vendorId, table.closesAt)],
);

/** Issue 28 §3: an offer's happy-hour windows, as vendor_open_intervals for shops. */
export const offerScheduleIntervals = pgTable(
  'offer_schedule_intervals',
  {
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.offerId, { onDelete: 'cascade' }),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    horizon: timestamp('horizon', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.offerId, table.opensAt] }), index('offer_schedule_intervals_closes_idx').on(table.offerId, table.closesAt)],
);

export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.offerId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.offerId] }), index('favorites_offer_idx').on(table.offerId)],
);

/** What shoppers do with offers (DESIGN.md §3): the source of the vendor's real insights. */
export const offerEvents = pgTable(
  'offer_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.offerId, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: OFFER_EVENT_KINDS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('offer_events_vendor_time_idx').on(table.vendorId, table.createdAt),
    index('offer_events_offer_idx').on(table.offerId),
    // At most one view and one impression per person, offer and hour (issue 10): one shopper cannot inflate a shop's figures.
    uniqueIndex('offer_events_once_an_hour_key')
      .on(table.offerId, table.userId, table.kind, sql`date_trunc('hour', ${table.createdAt} AT TIME ZONE 'UTC')`)
      .where(sql`${table.kind} IN ('VIEW', 'IMPRESSION') AND ${table.userId} IS NOT NULL`),
  ],
);

/**
 * A shopper's proof of purchase at one shop (DESIGN.md §8). PENDING until it is read (issue 5's OCR) or
 * decided by the shop's owner.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: serial('id').primaryKey(),
    consumerUserId: integer('consumer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').references(() => offers.offerId, { onDelete: 'set null' }),
    /** The redeemed claim this receipt proves (issue 13): the purchase then counts once, as the redemption. */
    claimId: integer('claim_id').references(() => offerClaims.id, { onDelete: 'set null' }),
    visitId: integer('visit_id').references(() => shopVisits.id, { onDelete: 'set null' }),
    status: text('status', { enum: RECEIPT_STATUSES })
      .notNull()
      .default('PENDING'),
    /** The owner's own words when they reject; automatic verdicts leave it null and keep a code instead. */
    reason: text('reason'),
    /** Why, as a stable code (a MESSAGES key) with its params, for automatic verdicts (issue 11): never an English sentence. */
    reasonCode: text('reason_code'),
    reasonParams: jsonb('reason_params').$type<Record<string, string | number>>(),
    extractedTotal: numeric('extracted_total', { precision: 10, scale: 2 }),
    extractedDate: date('extracted_date'),
    extractedMerchant: text('extracted_merchant'),
    /** The automatic verdict and its reason, kept when the shop's owner decides otherwise. */
    autoStatus: text('auto_status', { enum: RECEIPT_AUTO_STATUSES }),
    autoReason: text('auto_reason'),
    autoReasonCode: text('auto_reason_code'),
    autoReasonParams: jsonb('auto_reason_params').$type<Record<string, string | number>>(),
    ocrText: text('ocr_text'),
    /** Set when a verification worker claims the receipt (and again when its check fails: retried a few minutes later). */
    processingStartedAt: timestamp('processing_started_at', { withTimezone: true }),
    /**
     * Issue 25: the process holding the claim (its owner key, as in pending_uploads.owner) and the last time it said it
     * was still working on it; a claim whose process is gone or whose heartbeat is old is taken over at once.
     */
    claimOwner: integer('claim_owner'),
    claimHeartbeatAt: timestamp('claim_heartbeat_at', { withTimezone: true }),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The owner's decision (once per receipt). */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * An admin's settlement of a dispute (issue 14: a receipt the automatic check VERIFIED and the shop then
     * rejected): the admin's verdict is the receipt's status; a receipt an admin settled as VERIFIED grants a review.
     */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledByUserId: integer('settled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    settledReason: text('settled_reason'),
    /**
     * Issue 24: when the shopper asked the shop to check a receipt the automatic check rejected or held ('Ask the
     * shop to check', once per receipt): it then waits for the owner as NEEDS_REVIEW.
     */
    askedShopAt: timestamp('asked_shop_at', { withTimezone: true }),
  },
  (table) => [
    index('receipts_consumer_idx').on(table.consumerUserId, table.createdAt),
    index('receipts_vendor_idx').on(table.vendorId, table.createdAt),
    index('receipts_unchecked_idx').on(table.createdAt).where(sql`${table.checkedAt} IS NULL`),
    uniqueIndex('receipts_claim_key').on(table.claimId),
  ],
);

/**
 * A shopper's code for one offer (issue 13, DESIGN.md §10): shown at the till, redeemed once by the shop's staff.
 * EXPIRED is not stored: a claim still ACTIVE after its offer ended is read as EXPIRED. `vendor_id` is the offer's
 * shop, kept here so a code is unique per shop across every claim it ever had.
 */
export const offerClaims = pgTable(
  'offer_claims',
  {
    id: serial('id').primaryKey(),
    offerId: integer('offer_id')
      .notNull()
      .references(() => offers.offerId, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    status: text('status', { enum: STORED_CLAIM_STATUSES })
      .notNull()
      .default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedByUserId: integer('redeemed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('offer_claims_vendor_code_key').on(table.vendorId, table.code),
    uniqueIndex('offer_claims_offer_user_key').on(table.offerId, table.userId),
    index('offer_claims_user_idx').on(table.userId, table.createdAt),
    index('offer_claims_vendor_redeemed_idx').on(table.vendorId, table.redeemedAt).where(sql`${table.redeemedAt} IS NOT NULL`),
  ],
);

/** The private files of a receipt. A file's bytes may be sent only once, by anyone (sha256 unique). */
export const receiptFiles = pgTable(
  'receipt_files',
  {
    id: serial('id').primaryKey(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    perceptualHash: text('perceptual_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('receipt_files_sha256_key').on(table.sha256),
    index('receipt_files_receipt_idx').on(table.receiptId),
  ],
);

/** A shopper detected at a shop (shop-entry recognition); answer stays null until they say. */
export const shopVisits = pgTable(
  'shop_visits',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    answer: text('answer', { enum: VISIT_ANSWERS }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (table) => [index('shop_visits_user_vendor_idx').on(table.userId, table.vendorId, table.detectedAt)],
);

/** What the bell shows (DESIGN.md §3): a receipt decided, a new offer from a shop the user saved an offer of. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    payload: jsonb('payload').$type<Record<string, string | number | null>>().notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notifications_user_time_idx').on(table.userId, table.createdAt)],
);

/**
 * A signed-in session (issue 10): the token names it, logout revokes it on every replica (NOTIFY on
 * `qrib_sessions`), `last_seen_at` is written at most once every few minutes.
 */
/**
 * Issue 27: a sign-in at an OpenID Connect provider tied to an account. One account may have several; an identity
 * belongs to one account. Linked to an existing account only after that account's password (never by e-mail alone).
 */
/**
 * Issue 28: every change a shop makes to its own page (PATCH /vendors/me, its logo and cover), a row per field: who,
 * when, the value before and after (text; null for none). The admin console shows it; it goes with the business.
 */
export const vendorChanges = pgTable(
  'vendor_changes',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    changedByUserId: integer('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    field: text('field').notNull(),
    before: text('before'),
    after: text('after'),
  },
  (table) => [index('vendor_changes_vendor_idx').on(table.vendorId, table.changedAt)],
);

export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The address the provider gave at linking (shown on the profile); not used to sign in. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('user_identities_issuer_subject_key').on(table.issuer, table.subject),
    index('user_identities_user_idx').on(table.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Storage keys a request is about to write (issue 10): recorded before the files, deleted by the final insert in
 * the same transaction. Rows left behind name files of a request that died; start-up removes those files.
 * `owner` is the writing process's key (a process still alive holds an advisory lock on it).
 */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    storageKey: text('storage_key').notNull(),
    owner: integer('owner').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pending_uploads_owner_idx').on(table.owner), index('pending_uploads_key_idx').on(table.storageKey)],
);

/** Rate-limit counters every replica sees (issue 10; `@fastify/rate-limit`'s store on PostgreSQL). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * A shopper's review of one verified purchase (issue 14, DESIGN.md §10): a redemption at the till (claim_id) or a
 * receipt the shop did not decide alone (receipt_id), exactly one of the two, each reviewed once. The owner may
 * reply once; nobody but an admin (after a report) takes a review down (status REMOVED, with the reason).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').references(() => offers.offerId, { onDelete: 'set null' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimId: integer('claim_id').references(() => offerClaims.id, { onDelete: 'set null' }),
    receiptId: integer('receipt_id').references(() => receipts.id, { onDelete: 'set null' }),
    stars: integer('stars').notNull(),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    status: text('status', { enum: REVIEW_STATUSES })
      .notNull()
      .default('PUBLISHED'),
    statusReason: text('status_reason'),
  },
  (table) => [
    uniqueIndex('reviews_claim_key').on(table.claimId),
    uniqueIndex('reviews_receipt_key').on(table.receiptId),
    index('reviews_vendor_time_idx').on(table.vendorId, table.createdAt),
    index('reviews_user_idx').on(table.userId),
    check('reviews_stars_check', sql`${table.stars} BETWEEN 1 AND 5`),
    // One purchase per review (the API demands exactly one; a deleted purchase leaves the review with none).
    check('reviews_one_purchase_check', sql`num_nonnulls(${table.claimId}, ${table.receiptId}) <= 1`),
  ],
);

/**
 * A report of an offer, a business or a review (issue 14, Digital Services Act Art. 16): OPEN until an admin keeps
 * the item (KEPT) or removes it (REMOVED) with a statement of reasons; the reporter is told the outcome.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterUserId: integer('reporter_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemKind: text('item_kind', { enum: REPORT_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    text: text('text'),
    status: text('status', { enum: REPORT_STATUSES })
      .notNull()
      .default('OPEN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    outcomeReason: text('outcome_reason'),
  },
  (table) => [
    // The caller's same open report again is the one they have (200), never a second row.
    uniqueIndex('reports_open_once_key').on(table.reporterUserId, table.itemKind, table.itemId).where(sql`${table.status} = 'OPEN'`),
    index('reports_item_idx').on(table.itemKind, table.itemId),
    index('reports_open_idx').on(table.createdAt).where(sql`${table.status} = 'OPEN'`),
  ],
);

/** Every admin action (issue 14): who, what, on which item, why and when; listed in the console. */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminUserId: integer('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
    itemKind: text('item_kind', { enum: ADMIN_ACTION_ITEM_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('admin_actions_time_idx').on(table.createdAt)],
);

/**
 * One-time links mailed to a person (issue 15): a password reset (30 minutes) or an address to verify (48 hours).
 * Only the token's SHA-256 is stored; a link works once (`used_at`), and a new one of the same purpose ends the old.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link was sent to: for a verification, the address it verifies. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('account_tokens_user_idx').on(table.userId, table.purpose)],
);

/**
 * The people of a business (issue 28 §4, ADR 025): its owner (role OWNER, kept by a trigger on vendors.owner_user_id,
 * migration 0023) and the staff the owner invited (MANAGER, CASHIER). A person belongs to at most one business (the
 * UNIQUE user_id). What each role may do is packages/shared/src/staff-permissions.ts; every `/vendors/me/*` route reads
 * the row on each request, so a removed member's next request is refused on every replica.
 */
export const vendorMembers = pgTable(
  'vendor_members',
  {
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    addedByUserId: integer('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.vendorId, table.userId] })],
);

/**
 * An owner's invitation of a person to the business's staff (issue 28 §4): mailed as a one-time link whose token's
 * SHA-256 is kept here (like account_tokens), usable for STAFF_INVITATION_DAYS by the account of the address it went to.
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedByUserId: integer('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedByUserId: integer('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('staff_invitations_vendor_idx').on(table.vendorId)],
);

/**
 * A shop's stamp card (issue 29 §2, ADR 026): "a reward after N purchases Qrib has verified". A business runs at most
 * one at a time (the partial unique index); DELETE /vendors/me/stamp-card sets ended_at, and the card's row stays, so
 * the stamps and rewards earned under it keep their terms. The ranges are packages/shared/src/stamp-card-schemas.ts's.
 */
export const stampCards = pgTable(
  'stamp_cards',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    stampsRequired: integer('stamps_required').notNull(),
    rewardText: text('reward_text').notNull(),
    /** Days a reward stays valid once earned; null: until it is used. */
    expiresAfterDays: integer('expires_after_days'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('stamp_cards_one_running_key').on(table.vendorId).where(sql`${table.endedAt} IS NULL`),
    check('stamp_cards_stamps_required_check', sql`${table.stampsRequired} BETWEEN 3 AND 20`),
    check('stamp_cards_reward_text_check', sql`char_length(${table.rewardText}) BETWEEN 1 AND 80`),
    check('stamp_cards_expires_after_days_check', sql`${table.expiresAfterDays} IS NULL OR ${table.expiresAfterDays} BETWEEN 1 AND 365`),
  ],
);

/**
 * Rewards a stamp card issued (issue 29 §2, ADR 026): a code like an offer's, redeemed once at the shop's till. The
 * card's terms are copied when it is issued (its text, its expiry), so changing or ending the card changes no reward
 * already earned. `revoked_at`: a stamp it was made of was taken back before it was used.
 */
export const stampRewards = pgTable(
  'stamp_rewards',
  {
    id: serial('id').primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => stampCards.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    rewardText: text('reward_text').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
    redeemedByUserId: integer('redeemed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('stamp_rewards_vendor_code_key').on(table.vendorId, table.code), index('stamp_rewards_user_idx').on(table.userId)],
);

/**
 * One stamp (issue 29 §2, ADR 026): a purchase Qrib counts at a shop running a card. Its source is a redeemed code
 * (`claim_id`), a VERIFIED receipt (`receipt_id`) or a till stamp (`TILL`, the cashier who scanned the shopper's
 * card in `stamped_by_user_id`). The partial unique indexes are the rules under any concurrency: never two live stamps
 * for one purchase, at most one live stamp a shopper a shop a Malta day. `reward_id`: the reward it went into.
 */
export const stamps = pgTable(
  'stamps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    cardId: integer('card_id')
      .notNull()
      .references(() => stampCards.id, { onDelete: 'cascade' }),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: STAMP_SOURCES }).notNull(),
    claimId: integer('claim_id').references(() => offerClaims.id, { onDelete: 'cascade' }),
    receiptId: integer('receipt_id').references(() => receipts.id, { onDelete: 'cascade' }),
    stampedByUserId: integer('stamped_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    maltaDay: date('malta_day', { mode: 'string' }).notNull(),
    rewardId: integer('reward_id').references(() => stampRewards.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('stamps_claim_key').on(table.claimId).where(sql`${table.revokedAt} IS NULL`),
    uniqueIndex('stamps_receipt_key').on(table.receiptId).where(sql`${table.revokedAt} IS NULL`),
    uniqueIndex('stamps_one_a_day_key').on(table.vendorId, table.userId, table.maltaDay).where(sql`${table.revokedAt} IS NULL`),
    index('stamps_card_user_idx').on(table.cardId, table.userId),
    // A shopper's cards and an account's deletion or export read by the shopper; a reward's stamps by the reward.
    index('stamps_user_idx').on(table.userId),
    index('stamps_reward_idx').on(table.rewardId).where(sql`${table.rewardId} IS NOT NULL`),
    check(
      'stamps_source_check',
      sql`(${table.source} = 'REDEMPTION' AND ${table.claimId} IS NOT NULL AND ${table.receiptId} IS NULL)
        OR (${table.source} = 'RECEIPT' AND ${table.receiptId} IS NOT NULL AND ${table.claimId} IS NULL)
        OR (${table.source} = 'TILL' AND ${table.claimId} IS NULL AND ${table.receiptId} IS NULL)`,
    ),
  ],
);

/** A shopper's stamp pass (issue 29 §2): the token their card's QR carries, which a cashier scans for a till stamp. */
export const stampPasses = pgTable('stamp_passes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Web push (issue 29 §1): a device's subscription at its browser's push service. It belongs to the account and to the
 * session that made it (`session_id`, kept when that session expires so lapsed shoppers are still reached): logging
 * out of that session, logging out everywhere and deleting the account remove it. One row an endpoint: the same
 * browser subscribing for another account moves it there.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    expirationTime: timestamp('expiration_time', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId), index('push_subscriptions_session_idx').on(table.sessionId)],
);

/**
 * The VAPID key pair (RFC 8292) when none is configured: made once by the first replica to boot (a single row, id 1,
 * inserted ON CONFLICT DO NOTHING), so every replica signs with the same pair and subscriptions outlive restarts.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: integer('id').primaryKey(),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('push_vapid_keys_one_row_check', sql`${table.id} = 1`)],
);

/**
 * What a person gets pushed (issue 29 §1): a switch a kind, the place, distance and categories of 'nearby', the most
 * pushes a day and the quiet hours (Malta time). No row: the defaults (packages/shared DEFAULT_PUSH_SETTINGS), which the
 * queue's trigger reads with COALESCE, so every column's default is the shared one.
 */
export const pushSettings = pgTable(
  'push_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    newOffer: boolean('new_offer').notNull().default(true),
    codeRedeemed: boolean('code_redeemed').notNull().default(true),
    receiptDecided: boolean('receipt_decided').notNull().default(true),
    endingTomorrow: boolean('ending_tomorrow').notNull().default(true),
    soldOut: boolean('sold_out').notNull().default(true),
    newReview: boolean('new_review').notNull().default(true),
    nearby: boolean('nearby').notNull().default(false),
    nearbyLatitude: doublePrecision('nearby_latitude'),
    nearbyLongitude: doublePrecision('nearby_longitude'),
    nearbyLabel: text('nearby_label'),
    nearbyRadiusKm: integer('nearby_radius_km').notNull().default(3),
    nearbyCategoryIds: integer('nearby_category_ids').array().notNull().default(sql`'{}'::integer[]`),
    dailyCap: integer('daily_cap').notNull().default(3),
    quietFrom: integer('quiet_from').notNull().default(22),
    quietUntil: integer('quiet_until').notNull().default(8),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('push_settings_nearby_place_check', sql`NOT ${table.nearby} OR (${table.nearbyLatitude} IS NOT NULL AND ${table.nearbyLongitude} IS NOT NULL)`),
    check('push_settings_radius_check', sql`${table.nearbyRadiusKm} BETWEEN 1 AND 10`),
    check('push_settings_cap_check', sql`${table.dailyCap} BETWEEN 1 AND 10`),
    check('push_settings_quiet_check', sql`${table.quietFrom} BETWEEN 0 AND 23 AND ${table.quietUntil} BETWEEN 0 AND 23`),
  ],
);

/**
 * The push queue (issue 29 §1, ADR 027): a row a push and person, inserted in the transaction of what caused it (the
 * notifications trigger of migration 0028, the offers' nearby search, the ending-tomorrow sweep, a test push) and sent
 * by the pusher of any replica (domains/push/pusher.ts): claimed `FOR UPDATE SKIP LOCKED` until `locked_until`, a
 * device at a time, each device that accepted it kept in `delivered_to` so a replica taking over a lapsed claim sends
 * to the others only. `dedupe_key` makes a push once-only (a person and an offer: never two for one offer).
 * `held`: it came in quiet hours and waits for the morning's summary. `decided_at`: when it was chosen to be sent,
 * which the daily cap counts.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PUSH_OUTBOX_KINDS }).notNull(),
    payload: jsonb('payload').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    /** The offer it is about, if any: its end bounds the push's TTL, and an ended or hidden offer is not pushed. */
    offerId: integer('offer_id'),
    dedupeKey: text('dedupe_key').unique(),
    status: text('status', { enum: PUSH_OUTBOX_STATUSES }).notNull().default('QUEUED'),
    /** Why it was not sent (SKIPPED, FAILED): 'cap', 'ended', 'kind-off', 'no-device', a push service's answer. */
    outcome: text('outcome'),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    held: boolean('held').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredTo: bigint('delivered_to', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('push_outbox_due_idx').on(table.notBefore).where(sql`${table.status} IN ('QUEUED', 'SENDING')`),
    index('push_outbox_decided_idx').on(table.userId, table.decidedAt).where(sql`${table.decidedAt} IS NOT NULL`),
  ],
);

/**
 * The mail queue (issue 15): requests and triggers only insert here (in their own transaction); the mailer sends in
 * the background, retrying with growing waits, so a restart loses none and a refusing server breaks nothing else.
 * `secret` holds a link's raw token until the mail is sent or failed, then it is cleared. `dedupe_key` makes a mail
 * once-only (the weekly report per owner and week, whatever the number of replicas).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    payload: jsonb('payload').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    secret: text('secret'),
    dedupeKey: text('dedupe_key').unique(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} IN ('PENDING', 'SENDING')`)],
);

/**
 * A copy of everything Qrib holds about an account (issue 15, GDPR Art. 15 and 20): prepared in the background as a
 * zip in private storage, downloadable by its account for EXPORT_HOURS once ready (410 after, the file deleted).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('PENDING'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [index('data_exports_user_idx').on(table.userId, table.requestedAt)],
);

/**
 * Issue 24: a burst of purchases or reviews at one shop from accounts that are new, unverified or made from one
 * network (the rule is in domains' suspicious-activity service, ADR 016). OPEN until an admin CLEARS it (its items
 * count again) or EXCLUDES it (its reviews and purchases are left out of every figure for good), with a reason the
 * shop reads. While OPEN or EXCLUDED, its items count nowhere.
 */
export const suspiciousActivity = pgTable(
  'suspicious_activity',
  {
    id: serial('id').primaryKey(),
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    status: text('status', { enum: SUSPICIOUS_ACTIVITY_STATUSES })
      .notNull()
      .default('OPEN'),
    /** The rule that listed it, as a stable code (e.g. NEW_ACCOUNTS_BURST) with its params. */
    ruleCode: text('rule_code').notNull(),
    ruleParams: jsonb('rule_params').$type<Record<string, string | number>>().notNull().default({}),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedByUserId: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
  },
  (table) => [
    index('suspicious_activity_vendor_idx').on(table.vendorId, table.detectedAt),
    index('suspicious_activity_open_idx').on(table.detectedAt).where(sql`${table.status} = 'OPEN'`),
  ],
);

/** The events a suspicious-activity entry lists: a redemption (claim), a review or an automatically verified receipt. */
export const suspiciousActivityItems = pgTable(
  'suspicious_activity_items',
  {
    id: serial('id').primaryKey(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => suspiciousActivity.id, { onDelete: 'cascade' }),
    itemKind: text('item_kind', { enum: SUSPICIOUS_ITEM_KINDS }).notNull(),
    /** offer_claims.id, reviews.id or receipts.id. */
    itemId: integer('item_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    // An event is listed once, whatever bursts it falls in.
    uniqueIndex('suspicious_activity_items_item_key').on(table.itemKind, table.itemId),
    index('suspicious_activity_items_activity_idx').on(table.activityId),
    index('suspicious_activity_items_user_idx').on(table.userId),
  ],
);

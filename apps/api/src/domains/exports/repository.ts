/**
 * SQL of the data export (issue 15, GDPR Art. 15 and 20): asking for one (never a second while one is pending or
 * ready), the queue the background builder claims from (safe with any number of replicas), marking one ready with
 * its mail, expiry, and reading every row Qrib holds about an account for the archive.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import { EXPORT_HOURS, type DataExport } from '@qrib/shared';
import { selectRows, type Db } from '../../db/client.ts';
import {
  adminActions,
  categories,
  dataExports,
  favorites,
  notifications,
  offerClaims,
  pushSettings,
  pushSubscriptions,
  stampPasses,
  stampRewards,
  stamps,
  offerEvents,
  offerImages,
  offers,
  receiptFiles,
  receipts,
  reports,
  reviews,
  shopVisits,
  userIdentities,
  staffInvitations,
  vendorChanges,
  vendorMembers,
  users,
  vendorDocuments,
  vendors,
} from '../../db/schema.ts';
import type { SettleUploads } from '../../kernel/pending-writes.ts';
import { enqueueMail } from '../mail/index.ts';
import { readPreferences } from '../accounts/index.ts';

/** How long a claim holds an export; a replica that dies mid-build leaves it to be claimed again after this. */
export const EXPORT_CLAIM_MINUTES = 10;
/** Builds tried before the export is marked FAILED. */
export const EXPORT_MAX_ATTEMPTS = 3;

export type DataExportRow = typeof dataExports.$inferSelect;

export function presentDataExport(row: DataExportRow): DataExport {
  return {
    exportId: row.id,
    status: row.status,
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    sizeBytes: row.sizeBytes,
  };
}

/** A pending export, or a ready one still downloadable: what a second request answers and the profile shows. */
const isCurrent = or(eq(dataExports.status, 'PENDING'), and(eq(dataExports.status, 'READY'), sql`${dataExports.expiresAt} > now()`));

export function createDataExportsRepository(db: Db) {
  async function findCurrent(tx: Db, userId: number): Promise<DataExportRow | undefined> {
    const [row] = await tx
      .select()
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), isCurrent))
      .orderBy(desc(dataExports.requestedAt))
      .limit(1);
    return row;
  }

  return {
    findCurrent: (userId: number) => findCurrent(db, userId),

    /**
     * The account's current export, or a new PENDING one. The account's row is locked first, so two requests at
     * once (two tabs, two replicas) answer the same export and never write a second. Until it is ready its
     * `expires_at` is a placeholder (EXPORT_HOURS after the request); marking it ready sets the real one.
     */
    async request(userId: number): Promise<{ row: DataExportRow; isNew: boolean }> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const current = await findCurrent(tx, userId);
        if (current) return { row: current, isNew: false };
        const [row] = await tx
          .insert(dataExports)
          .values({ id: randomUUID(), userId, expiresAt: sql`now() + make_interval(hours => ${EXPORT_HOURS})` })
          .returning();
        if (!row) throw new Error('data export not inserted');
        return { row, isNew: true };
      });
    },

    /** One export of this account (undefined for an unknown id and for another account's: both are 404). */
    async findForUser(exportId: string, userId: number): Promise<(DataExportRow & { isExpired: boolean; username: string }) | undefined> {
      const [row] = await db
        .select({ export: dataExports, isExpired: sql<boolean>`${dataExports.expiresAt} <= now()`, username: users.username })
        .from(dataExports)
        .innerJoin(users, eq(users.id, dataExports.userId))
        .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)));
      return row ? { ...row.export, isExpired: row.isExpired, username: row.username } : undefined;
    },

    /**
     * Claims the oldest pending export nobody holds (or whose holder died: its claim is past `locked_until`),
     * counting the attempt. SKIP LOCKED lets every replica's builder claim a different one at once.
     */
    async claimNext(): Promise<{ exportId: string; userId: number; attempts: number } | undefined> {
      const [row] = await selectRows<{ id: string; user_id: number; attempts: number }>(
        db,
        sql`
        UPDATE data_exports SET locked_until = now() + make_interval(mins => ${EXPORT_CLAIM_MINUTES}), attempts = attempts + 1
        WHERE id = (
          SELECT id FROM data_exports
          WHERE status = 'PENDING' AND attempts < ${EXPORT_MAX_ATTEMPTS} AND (locked_until IS NULL OR locked_until < now())
          ORDER BY requested_at, id
          LIMIT 1
          FOR UPDATE SKIP LOCKED
        )
        RETURNING id, user_id, attempts
      `,
      );
      return row ? { exportId: row.id, userId: row.user_id, attempts: row.attempts } : undefined;
    },

    /**
     * Marks a claimed export READY (downloadable for EXPORT_HOURS from now) and, in the same transaction, queues
     * EXPORT_READY to the account's address when it is verified; an unverified address is mailed nothing.
     * Answers false when the export is no longer pending (another replica finished it after this one's claim went
     * stale): the caller then deletes its own file.
     */
    async markReady(exportId: string, storageKey: string, sizeBytes: number, settle?: SettleUploads): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(dataExports)
          .set({
            status: 'READY',
            readyAt: sql`now()`,
            expiresAt: sql`now() + make_interval(hours => ${EXPORT_HOURS})`,
            storageKey,
            sizeBytes,
            lockedUntil: null,
            lastError: null,
          })
          .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'PENDING')))
          .returning();
        if (!row) return false;
        // The archive's key stops being a pending upload in the same commit (issue 25).
        await settle?.(tx);
        const [owner] = await tx
          .select({ email: users.email })
          .from(users)
          .where(and(eq(users.id, row.userId), isNotNull(users.emailVerifiedAt)));
        if (owner) {
          await enqueueMail(tx, {
            userId: row.userId,
            toAddress: owner.email,
            kind: 'EXPORT_READY',
            payload: { exportId, expiresAt: row.expiresAt.toISOString() },
            dedupeKey: `export-ready:${exportId}`,
          });
        }
        return true;
      });
    },

    /**
     * A build that failed: tried again a little later (a minute per attempt so far), or FAILED once it has had
     * EXPORT_MAX_ATTEMPTS tries. The error is kept for the operator, never shown to the person.
     */
    async markAttemptFailed(exportId: string, attempts: number, error: string): Promise<'retry' | 'failed'> {
      const isLast = attempts >= EXPORT_MAX_ATTEMPTS;
      await db
        .update(dataExports)
        .set({
          status: isLast ? 'FAILED' : 'PENDING',
          lockedUntil: isLast ? null : sql`now() + make_interval(mins => ${attempts})`,
          lastError: error.slice(0, 2000),
        })
        .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'PENDING')));
      return isLast ? 'failed' : 'retry';
    },

    /** Pending exports whose last allowed build died with its replica: FAILED, so the person can ask again. */
    async failAbandoned(): Promise<string[]> {
      const rows = await db
        .update(dataExports)
        .set({ status: 'FAILED', lockedUntil: null, lastError: sql`coalesce(${dataExports.lastError}, 'the build was interrupted')` })
        .where(and(eq(dataExports.status, 'PENDING'), sql`${dataExports.attempts} >= ${EXPORT_MAX_ATTEMPTS}`, sql`${dataExports.lockedUntil} < now()`))
        .returning({ id: dataExports.id });
      return rows.map((row) => row.id);
    },

    /** Expired exports that still have a stored archive (the row stays, for the 410). */
    async listExpiredArchives(): Promise<{ exportId: string; storageKey: string }[]> {
      const rows = await db
        .select({ exportId: dataExports.id, storageKey: dataExports.storageKey })
        .from(dataExports)
        .where(and(isNotNull(dataExports.storageKey), lte(dataExports.expiresAt, sql`now()`)));
      return rows.flatMap((row) => (row.storageKey ? [{ exportId: row.exportId, storageKey: row.storageKey }] : []));
    },

    /** Which of these storage keys an export names (the rest under private/exports/ belong to none). */
    async findArchiveKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ storageKey: dataExports.storageKey }).from(dataExports).where(inArray(dataExports.storageKey, keys));
      return new Set(rows.flatMap((row) => (row.storageKey ? [row.storageKey] : [])));
    },

    async forgetArchive(exportId: string): Promise<void> {
      await db.update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, exportId));
    },

    /** Everything Qrib holds about the account, as rows (domains/exports/data-export.ts shapes them into data.json). */
    async collectAccountData(userId: number) {
      const [user] = await db.select().from(users).where(eq(users.id, userId));
      if (!user) return undefined;
      const { passwordHash: _passwordHash, preferences, ...profile } = user;

      const offerOf = { offerId: offers.offerId, title: offers.title, vendorId: vendors.id, businessName: vendors.businessName };
      const favouriteRows = await db
        .select({ createdAt: favorites.createdAt, ...offerOf })
        .from(favorites)
        .innerJoin(offers, eq(offers.offerId, favorites.offerId))
        .innerJoin(vendors, eq(vendors.id, offers.vendorId))
        .where(eq(favorites.userId, userId))
        .orderBy(asc(favorites.createdAt));
      const claimRows = await db
        .select({ claim: offerClaims, ...offerOf })
        .from(offerClaims)
        .innerJoin(offers, eq(offers.offerId, offerClaims.offerId))
        .innerJoin(vendors, eq(vendors.id, offerClaims.vendorId))
        .where(eq(offerClaims.userId, userId))
        .orderBy(asc(offerClaims.createdAt));
      const receiptRows = await db
        .select({ receipt: receipts, businessName: vendors.businessName, offerTitle: offers.title })
        .from(receipts)
        .innerJoin(vendors, eq(vendors.id, receipts.vendorId))
        .leftJoin(offers, eq(offers.offerId, receipts.offerId))
        .where(eq(receipts.consumerUserId, userId))
        .orderBy(asc(receipts.createdAt), asc(receipts.id));
      const receiptIds = receiptRows.map((row) => row.receipt.id);
      const receiptFileRows =
        receiptIds.length === 0
          ? []
          : await db
              .select()
              .from(receiptFiles)
              .where(inArray(receiptFiles.receiptId, receiptIds))
              .orderBy(asc(receiptFiles.receiptId), asc(receiptFiles.position));
      const visitRows = await db
        .select({ visit: shopVisits, businessName: vendors.businessName })
        .from(shopVisits)
        .innerJoin(vendors, eq(vendors.id, shopVisits.vendorId))
        .where(eq(shopVisits.userId, userId))
        .orderBy(asc(shopVisits.detectedAt));
      const notificationRows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt), asc(notifications.id));
      const reviewRows = await db
        .select({ review: reviews, businessName: vendors.businessName })
        .from(reviews)
        .innerJoin(vendors, eq(vendors.id, reviews.vendorId))
        .where(eq(reviews.userId, userId))
        .orderBy(asc(reviews.createdAt));
      const reportRows = await db.select().from(reports).where(eq(reports.reporterUserId, userId)).orderBy(asc(reports.createdAt));
      const eventRows = await db
        .select({ offerId: offerEvents.offerId, vendorId: offerEvents.vendorId, kind: offerEvents.kind, createdAt: offerEvents.createdAt })
        .from(offerEvents)
        .where(eq(offerEvents.userId, userId))
        .orderBy(asc(offerEvents.createdAt), asc(offerEvents.id));
      const adminActionRows = await db.select().from(adminActions).where(eq(adminActions.adminUserId, userId)).orderBy(asc(adminActions.createdAt));
      const identityRows = await db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(asc(userIdentities.id));
      const changeRows = await db.select().from(vendorChanges).where(eq(vendorChanges.changedByUserId, userId)).orderBy(asc(vendorChanges.id));
      // Issue 28 §4: the business the person works at (their role there) and the staff invitations they sent or accepted.
      const membershipRows = await db.select().from(vendorMembers).where(eq(vendorMembers.userId, userId));
      const invitationRows = await db
        .select()
        .from(staffInvitations)
        .where(or(eq(staffInvitations.invitedByUserId, userId), eq(staffInvitations.acceptedByUserId, userId)))
        .orderBy(asc(staffInvitations.id));

      // Issue 29 §2: the person's stamps and rewards; and, without the shoppers' details, the stamps they gave and the
      // rewards they redeemed at a shop's till.
      const stampRows = await db
        .select({ stamp: stamps, businessName: vendors.businessName })
        .from(stamps)
        .innerJoin(vendors, eq(vendors.id, stamps.vendorId))
        .where(eq(stamps.userId, userId))
        .orderBy(asc(stamps.id));
      const rewardRows = await db
        .select({ reward: stampRewards, businessName: vendors.businessName })
        .from(stampRewards)
        .innerJoin(vendors, eq(vendors.id, stampRewards.vendorId))
        .where(eq(stampRewards.userId, userId))
        .orderBy(asc(stampRewards.id));
      const stampsGivenRows = await db
        .select({ businessName: vendors.businessName, source: stamps.source, maltaDay: stamps.maltaDay, createdAt: stamps.createdAt })
        .from(stamps)
        .innerJoin(vendors, eq(vendors.id, stamps.vendorId))
        .where(eq(stamps.stampedByUserId, userId))
        .orderBy(asc(stamps.id));
      const rewardsRedeemedRows = await db
        .select({ businessName: vendors.businessName, rewardText: stampRewards.rewardText, redeemedAt: stampRewards.redeemedAt })
        .from(stampRewards)
        .innerJoin(vendors, eq(vendors.id, stampRewards.vendorId))
        .where(eq(stampRewards.redeemedByUserId, userId))
        .orderBy(asc(stampRewards.id));
      const pushRows = await db
        .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt, expirationTime: pushSubscriptions.expirationTime })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(asc(pushSubscriptions.id));
      const [pushSettingsRow] = await db.select().from(pushSettings).where(eq(pushSettings.userId, userId));
      const [pass] = await db.select({ createdAt: stampPasses.createdAt }).from(stampPasses).where(eq(stampPasses.userId, userId));

      const [vendor] = await db.select().from(vendors).where(eq(vendors.ownerUserId, userId));
      const documentRows = vendor
        ? await db.select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, vendor.id)).orderBy(asc(vendorDocuments.id))
        : [];
      const offerRows = vendor
        ? await db
            .select({ offer: offers, categoryName: categories.name })
            .from(offers)
            .innerJoin(categories, eq(categories.categoryId, offers.categoryId))
            .where(eq(offers.vendorId, vendor.id))
            .orderBy(asc(offers.offerId))
        : [];
      const offerIds = offerRows.map((row) => row.offer.offerId);
      const imageRows =
        offerIds.length === 0
          ? []
          : await db.select().from(offerImages).where(inArray(offerImages.offerId, offerIds)).orderBy(asc(offerImages.offerId), asc(offerImages.position));

      return {
        profile,
        preferences: readPreferences(preferences),
        favourites: favouriteRows,
        claims: claimRows,
        receipts: receiptRows,
        receiptFiles: receiptFileRows,
        visits: visitRows,
        notifications: notificationRows,
        reviews: reviewRows,
        reports: reportRows,
        offerEvents: eventRows,
        adminActions: adminActionRows,
        signInMethods: identityRows,
        businessChanges: changeRows,
        staffMembership: membershipRows,
        staffInvitations: invitationRows,
        stamps: stampRows,
        stampRewards: rewardRows,
        stampsGiven: stampsGivenRows,
        rewardsRedeemedAtTill: rewardsRedeemedRows,
        // The pass's token is a credential (what a cashier scans), not the person's data: when it was made.
        stampPass: pass ?? null,
        pushSubscriptions: pushRows,
        // Null: never changed, the defaults.
        pushSettings: pushSettingsRow ? (({ userId: _userId, ...settings }) => settings)(pushSettingsRow) : null,
        business: vendor ? { vendor, documents: documentRows, offers: offerRows, images: imageRows } : null,
      };
    },
  };
}

export type DataExportsRepository = ReturnType<typeof createDataExportsRepository>;
export type AccountData = NonNullable<Awaited<ReturnType<DataExportsRepository['collectAccountData']>>>;

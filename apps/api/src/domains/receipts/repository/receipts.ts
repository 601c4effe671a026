/**
 * SQL for receipts and their private files (DESIGN.md §3, §8), and the shops a shopper can name a receipt
 * for (recent visits, saved offers, opened offers).
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { isMemberSql } from '../../../db/membership-sql.ts';
import {
  MESSAGES,
  RECEIPT_SHOP_LOOKBACK_DAYS,
  formatMessage,
  isMessageKey,
  type MessageKey,
  type MessageParams,
  type Receipt,
  type ReceiptOffer,
  type ReceiptDecisionRequest,
  type ReceiptStatus,
  type VendorReceipt,
  type ReceiptShop,
  type ReceiptShopReason,
} from '@qrib/shared';
import { isForeignKeyViolation, isUniqueViolation, selectRows, type Db } from '../../../db/client.ts';
import { offers, receiptFiles, receipts, shopVisits, users, vendors } from '../../../db/schema.ts';
import { insertReceiptDecidedNotification } from '../../notifications/index.ts';
import { holdReceiptStamp, stampReceipt } from '../../stamp-cards/index.ts';
import { SHOP_SEEN_BY_SHOPPERS } from '../../../db/shopper-visibility.ts';
import { receiptFileUrl } from '../../../kernel/private-files.ts';

export type ReceiptRow = typeof receipts.$inferSelect;
export type ReceiptFileRow = typeof receiptFiles.$inferSelect;
export type NewReceipt = Pick<typeof receipts.$inferInsert, 'consumerUserId' | 'vendorId' | 'offerId' | 'visitId' | 'claimId'>;
export type NewReceiptFile = Omit<typeof receiptFiles.$inferInsert, 'id' | 'receiptId' | 'createdAt'>;

/** Another upload (by anyone) already holds one of these files. */
export class DuplicateReceiptFile extends Error {}

/** Another receipt already names this claim (issue 13: one receipt per redeemed code). */
export class ClaimHasReceipt extends Error {}

/** The uploading account was deleted while its receipt was on the way (issue 25): no row can name it. */
export class ConsumerGone extends Error {}

function isShaUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const details = current as Error & { code?: string; constraint?: string };
    if (details.code === '23505' && `${details.constraint ?? ''} ${details.message}`.includes('receipt_files_sha256_key')) {
      return true;
    }
  }
  return false;
}

function presentReceiptOffer(offer: typeof offers.$inferSelect): ReceiptOffer {
  return {
    offerId: offer.offerId,
    title: offer.title,
    discountType: offer.discountType,
    discountValue: Number(offer.discountValue),
    startDate: offer.startDate,
    endDate: offer.endDate,
  };
}

/**
 * A stored reason as the API answers it: the code with its params, and in English for API clients (made from the
 * code; the owner's own words, which have no code, as they were typed).
 */
export function presentReason(code: string | null, params: MessageParams | null, words: string | null) {
  if (code === null || !isMessageKey(code)) return { text: words, code: null as MessageKey | null, params: {} };
  const filled = params ?? {};
  return { text: formatMessage(MESSAGES[code], filled), code, params: filled };
}

/**
 * Whether the shopper may ask the shop to check the receipt (issue 24, 'Ask the shop to check'): the automatic check
 * REJECTED or held it (NEEDS_REVIEW) and that is still its status, the owner has not decided, no admin settled it, and
 * it was not asked before (once per receipt, so no rate limit is needed).
 */
export function canAskShop(row: Pick<ReceiptRow, 'status' | 'autoStatus' | 'decidedAt' | 'settledAt' | 'askedShopAt'>): boolean {
  const heldOrRejected = row.autoStatus === 'REJECTED' || row.autoStatus === 'NEEDS_REVIEW';
  return heldOrRejected && row.status === row.autoStatus && row.decidedAt === null && row.settledAt === null && row.askedShopAt === null;
}

export type AskShopOutcome = { kind: 'not-found' } | { kind: 'not-askable' } | { kind: 'asked'; receipt: Receipt };

export function createReceiptsRepository(db: Db) {
  async function present(rows: ReceiptRow[]): Promise<Receipt[]> {
    if (rows.length === 0) return [];
    const receiptIds = rows.map((row) => row.id);
    const vendorIds = [...new Set(rows.map((row) => row.vendorId))];
    const offerIds = [...new Set(rows.flatMap((row) => (row.offerId === null ? [] : [row.offerId])))];
    const [files, vendorRows, offerRows] = await Promise.all([
      db.select().from(receiptFiles).where(inArray(receiptFiles.receiptId, receiptIds)).orderBy(asc(receiptFiles.position)),
      db
        .select({ id: vendors.id, businessName: vendors.businessName, businessAddress: vendors.businessAddress })
        .from(vendors)
        .where(inArray(vendors.id, vendorIds)),
      offerIds.length === 0 ? Promise.resolve([]) : db.select().from(offers).where(inArray(offers.offerId, offerIds)),
    ]);
    const vendorById = new Map(vendorRows.map((vendor) => [vendor.id, vendor]));
    const offerById = new Map(offerRows.map((offer) => [offer.offerId, offer]));
    return rows.map((row) => {
      const vendor = vendorById.get(row.vendorId);
      const offer = row.offerId === null ? undefined : offerById.get(row.offerId);
      const reason = presentReason(row.reasonCode, row.reasonParams, row.reason);
      return {
        receiptId: row.id,
        status: row.status,
        reason: reason.text,
        reasonCode: reason.code,
        reasonParams: reason.params,
        vendor: { vendorId: row.vendorId, businessName: vendor?.businessName ?? '', businessAddress: vendor?.businessAddress ?? '' },
        offer: offer ? presentReceiptOffer(offer) : null,
        visitId: row.visitId,
        claimId: row.claimId,
        files: files
          .filter((file) => file.receiptId === row.id)
          .map((file) => ({
            fileId: file.id,
            contentType: file.contentType as Receipt['files'][number]['contentType'],
            byteSize: file.byteSize,
            url: receiptFileUrl(row.id, file.id),
          })),
        createdAt: row.createdAt.toISOString(),
        decidedAt: row.decidedAt?.toISOString() ?? null,
        askedShopAt: row.askedShopAt?.toISOString() ?? null,
        canAskShop: canAskShop(row),
      };
    });
  }

  /** What the shop's owner reviews: the shopper's view plus the shopper's display name and what OCR made of it. */
  async function presentForVendor(rows: ReceiptRow[]): Promise<VendorReceipt[]> {
    if (rows.length === 0) return [];
    const consumerIds = [...new Set(rows.map((row) => row.consumerUserId))];
    const [presented, shoppers] = await Promise.all([
      present(rows),
      db.select({ id: users.id, name: users.name, deletedAt: users.deletedAt }).from(users).where(inArray(users.id, consumerIds)),
    ]);
    const nameById = new Map(shoppers.map((shopper) => [shopper.id, shopper.name]));
    const formerIds = new Set(shoppers.filter((shopper) => shopper.deletedAt !== null).map((shopper) => shopper.id));
    return rows.map((row, index) => {
      const receipt = presented[index];
      if (!receipt) throw new Error('receipt lost while presenting');
      const autoReason = presentReason(row.autoReasonCode, row.autoReasonParams, row.autoReason);
      return {
        ...receipt,
        shopperName: nameById.get(row.consumerUserId) ?? '',
        formerShopper: formerIds.has(row.consumerUserId),
        extractedMerchant: row.extractedMerchant,
        extractedDate: row.extractedDate,
        extractedTotal: row.extractedTotal === null ? null : Number(row.extractedTotal),
        autoStatus: row.autoStatus,
        autoReason: autoReason.text,
        autoReasonCode: autoReason.code,
        autoReasonParams: autoReason.params,
      };
    });
  }

  return {
    /** The shop's receipt queue, newest first, optionally only those with one current status. */
    async listForVendor(vendorId: number, status?: ReceiptStatus): Promise<VendorReceipt[]> {
      const rows = await db
        .select()
        .from(receipts)
        .where(status === undefined ? eq(receipts.vendorId, vendorId) : and(eq(receipts.vendorId, vendorId), eq(receipts.status, status)))
        .orderBy(desc(receipts.createdAt), desc(receipts.id))
        .limit(100);
      return presentForVendor(rows);
    },

    /** Who may decide on a receipt: the owner of its shop. */
    async findShopOwner(receiptId: number): Promise<{ vendorId: number; ownerUserId: number } | undefined> {
      const [row] = await db
        .select({ vendorId: receipts.vendorId, ownerUserId: vendors.ownerUserId })
        .from(receipts)
        .innerJoin(vendors, eq(vendors.id, receipts.vendorId))
        .where(eq(receipts.id, receiptId));
      return row;
    },

    /**
     * The owner's one decision: a conditional UPDATE (only while decided_at is null, so of two concurrent
     * decisions exactly one wins) and the shopper's notification, in one transaction. Answers undefined when
     * the receipt was already decided. The automatic verdict (auto_*) is left as OCR wrote it.
     */
    async decide(receiptId: number, deciderUserId: number, decision: ReceiptDecisionRequest): Promise<VendorReceipt | undefined> {
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(receipts)
          .set({
            status: decision.status,
            // The owner's own words replace the automatic reason (still kept in auto_reason_code).
            reason: decision.reason ?? null,
            reasonCode: null,
            reasonParams: null,
            decidedAt: sql`now()`,
            decidedByUserId: deciderUserId,
          })
          .where(and(eq(receipts.id, receiptId), isNull(receipts.decidedAt)))
          .returning();
        if (!updated) return undefined;
        const [shop] = await tx.select({ businessName: vendors.businessName }).from(vendors).where(eq(vendors.id, updated.vendorId));
        await insertReceiptDecidedNotification(tx, updated.consumerUserId, {
          receiptId: updated.id,
          status: decision.status,
          businessName: shop?.businessName ?? '',
          reason: updated.reason,
        });
        // Issue 29 §2: a receipt the owner confirms is a purchase their stamp card counts; one they reject after the
        // check verified it (a dispute) counts toward no reward until an admin settles it.
        if (updated.status === 'VERIFIED') await stampReceipt(tx, updated.id);
        else await holdReceiptStamp(tx, updated.id);
        return updated;
      });
      if (!row) return undefined;
      const [presented] = await presentForVendor([row]);
      return presented;
    },

    /**
     * 'Ask the shop to check' (issue 24), in one transaction: the shopper's own receipt, locked, must still be askable
     * (canAskShop); it becomes NEEDS_REVIEW for the owner (the automatic verdict and its reason stay in auto_*, and the
     * reason shown stays the check's), asked_shop_at is stamped and the owner is told (RECEIPT_CHECK_ASKED). Another
     * shopper's receipt is answered as one that does not exist.
     */
    async askShop(receiptId: number, userId: number): Promise<AskShopOutcome> {
      const outcome = await db.transaction(async (tx): Promise<{ kind: 'not-found' } | { kind: 'not-askable' } | { kind: 'asked'; row: ReceiptRow }> => {
        const [found] = await tx
          .select()
          .from(receipts)
          .where(and(eq(receipts.id, receiptId), eq(receipts.consumerUserId, userId)))
          .for('update');
        if (!found) return { kind: 'not-found' };
        if (!canAskShop(found)) return { kind: 'not-askable' };
        const [updated] = await tx
          .update(receipts)
          .set({ status: 'NEEDS_REVIEW', askedShopAt: sql`now()` })
          .where(eq(receipts.id, receiptId))
          .returning();
        if (!updated) throw new Error('receipt vanished while asking the shop');
        await tx.execute(sql`
          INSERT INTO notifications (user_id, kind, payload)
          SELECT v.owner_user_id, 'RECEIPT_CHECK_ASKED', jsonb_build_object('receiptId', ${receiptId}::integer, 'vendorId', v.id)
          FROM vendors v WHERE v.id = ${updated.vendorId}`);
        return { kind: 'asked', row: updated };
      });
      if (outcome.kind !== 'asked') return outcome;
      const [receipt] = await present([outcome.row]);
      if (!receipt) throw new Error('receipt lost while presenting');
      return { kind: 'asked', receipt };
    },

    /** Which of these file hashes some receipt already holds. */
    async findUsedHashes(hashes: string[]): Promise<string[]> {
      if (hashes.length === 0) return [];
      const rows = await db.select({ sha256: receiptFiles.sha256 }).from(receiptFiles).where(inArray(receiptFiles.sha256, hashes));
      return rows.map((row) => row.sha256);
    },

    /**
     * The receipt and its files in one transaction: both exist afterwards or neither does; `inTransaction`
     * commits with them (pending uploads settled).
     */
    async createWithFiles(receipt: NewReceipt, files: NewReceiptFile[], inTransaction?: (tx: Db) => Promise<void>): Promise<Receipt> {
      let row: ReceiptRow;
      try {
        row = await db.transaction(async (tx) => {
          const [inserted] = await tx.insert(receipts).values(receipt).returning();
          if (!inserted) throw new Error('insert returned no receipt');
          await tx.insert(receiptFiles).values(files.map((file) => ({ ...file, receiptId: inserted.id })));
          await inTransaction?.(tx);
          return inserted;
        });
      } catch (error) {
        if (isShaUniqueViolation(error)) throw new DuplicateReceiptFile();
        if (isUniqueViolation(error, 'receipts_claim_key')) throw new ClaimHasReceipt();
        if (isForeignKeyViolation(error, 'receipts_consumer_user_id_users_id_fk')) throw new ConsumerGone();
        throw error;
      }
      const [presented] = await present([row]);
      if (!presented) throw new Error('receipt vanished after insert');
      return presented;
    },

    async listForConsumer(userId: number): Promise<Receipt[]> {
      const rows = await db
        .select()
        .from(receipts)
        .where(eq(receipts.consumerUserId, userId))
        .orderBy(desc(receipts.createdAt), desc(receipts.id))
        .limit(100);
      return present(rows);
    },

    /** A receipt file with who may read it: the uploader and the owner of the receipt's shop. */
    async findFile(
      receiptId: number,
      fileId: number,
    ): Promise<{ file: ReceiptFileRow; consumerUserId: number; shopOwnerUserId: number; vendorId: number; isDispute: boolean } | undefined> {
      const [row] = await db
        .select({
          file: receiptFiles,
          consumerUserId: receipts.consumerUserId,
          shopOwnerUserId: vendors.ownerUserId,
          vendorId: vendors.id,
          // A dispute (issue 14): the automatic check VERIFIED it and the shop rejected it, or an admin settled it.
          isDispute: sql<boolean>`(${receipts.autoStatus} = 'VERIFIED' AND (${receipts.status} = 'REJECTED' OR ${receipts.settledAt} IS NOT NULL))`,
        })
        .from(receiptFiles)
        .innerJoin(receipts, eq(receipts.id, receiptFiles.receiptId))
        .innerJoin(vendors, eq(vendors.id, receipts.vendorId))
        .where(and(eq(receiptFiles.id, fileId), eq(receiptFiles.receiptId, receiptId)));
      return row;
    },

    /** The shop an offer belongs to, whatever its status (a purchase may predate a pause). */
    async findOfferVendorId(offerId: number): Promise<number | undefined> {
      const [row] = await db.select({ vendorId: offers.vendorId }).from(offers).where(eq(offers.offerId, offerId));
      return row?.vendorId;
    },

    async findVisit(visitId: number): Promise<typeof shopVisits.$inferSelect | undefined> {
      const [row] = await db.select().from(shopVisits).where(eq(shopVisits.id, visitId));
      return row;
    },

    /**
     * The shops a shopper may name a receipt for, most recent first: where they were detected, whose offers
     * they saved, and whose offers they opened in the last RECEIPT_SHOP_LOOKBACK_DAYS days. Their own shop
     * and shops no longer active are left out. Each comes with its current offers (Purchase Details).
     */
    async listShopsForReceipt(userId: number): Promise<ReceiptShop[]> {
      const since = sql`now() - make_interval(days => ${RECEIPT_SHOP_LOOKBACK_DAYS})`;
      const shops = await selectRows<{ vendor_id: number; business_name: string; business_address: string; reason: ReceiptShopReason; last_seen_at: Date | string }>(
        db,
        sql`
          WITH seen AS (
            SELECT vendor_id, 'REDEEMED' AS reason, redeemed_at AS at, 0 AS rank FROM offer_claims
              WHERE user_id = ${userId} AND status = 'REDEEMED' AND redeemed_at > ${since}
            UNION ALL
            SELECT vendor_id, 'VISITED', detected_at, 1 FROM shop_visits
              WHERE user_id = ${userId} AND detected_at > ${since}
            UNION ALL
            SELECT o.vendor_id, 'SAVED', f.created_at, 2 FROM favorites f JOIN offers o ON o.offer_id = f.offer_id
              WHERE f.user_id = ${userId}
            UNION ALL
            SELECT vendor_id, 'VIEWED', created_at, 3 FROM offer_events
              WHERE user_id = ${userId} AND kind = 'VIEW' AND created_at > ${since}
          ),
          best AS (
            SELECT DISTINCT ON (vendor_id) vendor_id, reason, max(at) OVER (PARTITION BY vendor_id) AS last_seen_at
            FROM seen ORDER BY vendor_id, rank, at DESC
          )
          SELECT v.id AS vendor_id, v.business_name, v.business_address, b.reason, b.last_seen_at
          FROM best b JOIN vendors v ON v.id = b.vendor_id
          WHERE ${SHOP_SEEN_BY_SHOPPERS} AND NOT ${isMemberSql(sql`v.id`, userId)}
          ORDER BY b.last_seen_at DESC, v.id
          LIMIT 30
        `,
      );
      if (shops.length === 0) return [];
      const offerRows = await db
        .select()
        .from(offers)
        .where(and(inArray(offers.vendorId, shops.map((shop) => shop.vendor_id)), eq(offers.status, 'ACTIVE')))
        .orderBy(desc(offers.createdAt), desc(offers.offerId));
      return shops.map((shop) => ({
        vendorId: shop.vendor_id,
        businessName: shop.business_name,
        businessAddress: shop.business_address,
        reason: shop.reason,
        lastSeenAt: new Date(shop.last_seen_at).toISOString(),
        offers: offerRows
          .filter((offer) => offer.vendorId === shop.vendor_id)
          .slice(0, 20)
          .map(presentReceiptOffer),
      }));
    },
  };
}

export type ReceiptsRepository = ReturnType<typeof createReceiptsRepository>;

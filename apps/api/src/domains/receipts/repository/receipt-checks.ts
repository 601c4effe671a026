/**
 * SQL of the receipt verification queue (DESIGN.md §8): claiming the next unchecked receipt (safe with any
 * number of API replicas on one database), what the rules need to know about it, near-duplicate photos,
 * and writing the automatic verdict without overwriting the shop owner's decision.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MessageCode } from '@qrib/shared';
import { selectRows, type Db } from '../../../db/client.ts';
import { stampReceipt } from '../../stamp-cards/index.ts';
import { offers, receiptFiles, receipts, users, vendors } from '../../../db/schema.ts';

/**
 * A claim that names no live process (one whose check failed, or made without a claimant) is retried after this;
 * the receipt's shop waits meanwhile.
 */
export const STALE_CLAIM_MINUTES = 5;
/** Issue 25: a claim whose process has not said it is still working on it for this long is taken over. */
export const CLAIM_HEARTBEAT_TIMEOUT_SECONDS = 30;

/**
 * The process claiming receipts: its owner key (the one pending uploads use) and SQL that is true while the process
 * named in a column is alive (its session on PostgreSQL; on PGlite, an app open in this process).
 */
export interface ReceiptClaimant {
  owner: number;
  isOwnerAlive(ownerColumn: SQL): SQL;
}

export interface ReceiptToCheck {
  receiptId: number;
  vendorId: number;
  businessName: string;
  uploadedAt: Date;
  offer: { discountType: 'PERCENTAGE' | 'FIXED' | 'BUYXGETY'; discountValue: number; startDate: string; endDate: string; schedule: string | null } | null;
  files: { fileId: number; storageKey: string; contentType: string; perceptualHash: string | null }[];
}

/** An earlier receipt whose photo looks like this one's, and what was read from it. */
export interface PreviousReceipt {
  receiptId: number;
  text: string;
  date: string | null;
  total: number | null;
  /** Found by a close photo hash (else only by the same date and total). */
  isPhotoLookalike: boolean;
}

export interface CheckResult {
  status: 'VERIFIED' | 'REJECTED' | 'NEEDS_REVIEW';
  /** The rule's code and params; stored as codes (the English `reason` column is the owner's own words only). */
  reason: MessageCode | null;
  extractedTotal: number | null;
  extractedDate: string | null;
  extractedMerchant: string | null;
  ocrText: string;
}

/** The advisory lock claims take in turn (any fixed number; this one spells 'RCPT'). */
const CLAIM_LOCK_KEY = 0x52435054;

/**
 * Whether the receipt aliased `r` is held by a claim still being worked on: by a live process that beat its heart
 * lately, or (no process named: a failed check waiting for its retry) claimed less than STALE_CLAIM_MINUTES ago.
 */
function isClaimHeld(r: string, claimant: ReceiptClaimant | undefined): SQL {
  const column = (name: string) => sql.raw(`${r}.${name}`);
  const isOwnerAlive = claimant ? claimant.isOwnerAlive(column('claim_owner')) : sql`false`;
  return sql`(${column('processing_started_at')} IS NOT NULL AND (
    (${column('claim_owner')} IS NULL AND ${column('processing_started_at')} >= now() - make_interval(mins => ${STALE_CLAIM_MINUTES}))
    OR (${column('claim_owner')} IS NOT NULL
      AND ${column('claim_heartbeat_at')} >= now() - make_interval(secs => ${CLAIM_HEARTBEAT_TIMEOUT_SECONDS})
      AND ${isOwnerAlive})
  ))`;
}

/**
 * `claimant` names this process on its claims so others can tell when it died (issue 25); without one (scripts,
 * tests) claims name nobody and are taken back only after STALE_CLAIM_MINUTES.
 */
export function createReceiptChecksRepository(db: Db, claimant?: ReceiptClaimant) {
  return {
    /**
     * Claims the oldest receipt not yet checked (or whose claim nobody holds any more: its process died, its
     * heartbeat stopped, or a failed check waited long enough) and answers its id, or undefined when there is none.
     * SKIP LOCKED lets workers on every replica claim different receipts at once. One shop's receipts are checked
     * one at a time, in upload order, so a photo sent again is always compared with an earlier receipt that has
     * already been read.
     */
    async claimNext(): Promise<number | undefined> {
      const owner = claimant?.owner ?? null;
      // Claims take turns (a transaction-scoped advisory lock): the "no other receipt of this shop is being
      // checked" test must see the claim another worker has just committed, which a concurrent snapshot would not.
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${CLAIM_LOCK_KEY})`);
        const [row] = await selectRows<{ id: number }>(
          tx,
          sql`
          UPDATE receipts SET processing_started_at = now(), claim_owner = ${owner}::int,
            claim_heartbeat_at = CASE WHEN ${owner}::int IS NULL THEN NULL ELSE now() END
          WHERE id = (
            SELECT r.id FROM receipts r
            WHERE r.checked_at IS NULL
              AND NOT ${isClaimHeld('r', claimant)}
              AND NOT EXISTS (
                SELECT 1 FROM receipts busy
                WHERE busy.vendor_id = r.vendor_id AND busy.id <> r.id AND busy.checked_at IS NULL
                  AND ${isClaimHeld('busy', claimant)}
              )
            ORDER BY r.created_at, r.id
            LIMIT 1
            FOR UPDATE SKIP LOCKED
          )
          RETURNING id
        `,
        );
        return row?.id;
      });
    },

    /** Says this process is still working on these claimed receipts (every few seconds while it is). */
    async beatClaims(receiptIds: number[]): Promise<void> {
      if (!claimant || receiptIds.length === 0) return;
      await db
        .update(receipts)
        .set({ claimHeartbeatAt: sql`now()` })
        .where(and(inArray(receipts.id, receiptIds), eq(receipts.claimOwner, claimant.owner)));
    },

    /**
     * After a failed check: the claim names no process any more and counts from now, so the receipt is tried again
     * after STALE_CLAIM_MINUTES (storage or OCR trouble is rarely over in seconds) and its shop waits meanwhile.
     */
    async releaseFailedClaim(receiptId: number): Promise<void> {
      await db
        .update(receipts)
        .set({ processingStartedAt: sql`now()`, claimOwner: null, claimHeartbeatAt: null })
        .where(and(eq(receipts.id, receiptId), sql`${receipts.checkedAt} IS NULL`));
    },

    async findReceiptToCheck(receiptId: number): Promise<ReceiptToCheck | undefined> {
      const [row] = await db
        .select({ receipt: receipts, businessName: vendors.businessName, offer: offers })
        .from(receipts)
        .innerJoin(vendors, eq(vendors.id, receipts.vendorId))
        .leftJoin(offers, eq(offers.offerId, receipts.offerId))
        .where(eq(receipts.id, receiptId));
      if (!row) return undefined;
      const files = await db
        .select({ fileId: receiptFiles.id, storageKey: receiptFiles.storageKey, contentType: receiptFiles.contentType, perceptualHash: receiptFiles.perceptualHash })
        .from(receiptFiles)
        .where(eq(receiptFiles.receiptId, receiptId))
        .orderBy(asc(receiptFiles.position));
      return {
        receiptId,
        vendorId: row.receipt.vendorId,
        businessName: row.businessName,
        uploadedAt: row.receipt.createdAt,
        offer: row.offer
          ? {
              discountType: row.offer.discountType,
              discountValue: Number(row.offer.discountValue),
              startDate: row.offer.startDate,
              endDate: row.offer.endDate,
              schedule: row.offer.schedule,
            }
          : null,
        files,
      };
    },

    /**
     * Earlier receipts for the same shop with a photo within `maxBits` (Hamming distance of the 64-bit
     * difference hashes) of one of this receipt's photos, or (PDFs and re-taken photos have no close hash)
     * with the same date and total read from them, with what was read from them. Receipts printed on one
     * shop's till look alike at 9 x 8 pixels, so the caller compares what they say too.
     */
    async findLookalikeReceipts(
      receipt: { receiptId: number; vendorId: number; hashes: string[]; date: string | null; total: number | null },
      maxBits: number,
    ): Promise<PreviousReceipt[]> {
      const sameFigures = receipt.date !== null && receipt.total !== null;
      if (receipt.hashes.length === 0 && !sameFigures) return [];
      const hashList = sql.join(
        (receipt.hashes.length > 0 ? receipt.hashes : ['']).map((hash) => sql`${hash}`),
        sql`, `,
      );
      const figuresMatch = sameFigures ? sql`(r.extracted_date = ${receipt.date}::date AND r.extracted_total = ${receipt.total}::numeric)` : sql`false`;
      const hashMatch = sql`EXISTS (
        SELECT 1 FROM receipt_files f, unnest(ARRAY[${hashList}]::text[]) AS mine(hash)
        WHERE f.receipt_id = r.id AND f.perceptual_hash IS NOT NULL AND mine.hash <> ''
          AND bit_count(('x' || mine.hash)::bit(64) # ('x' || f.perceptual_hash)::bit(64)) <= ${maxBits}
      )`;
      const rows = await selectRows<{ id: number; ocr_text: string | null; extracted_date: string | null; extracted_total: string | null; photo_match: boolean }>(
        db,
        sql`
          SELECT r.id, r.ocr_text, r.extracted_date::text AS extracted_date, r.extracted_total::text AS extracted_total, ${hashMatch} AS photo_match
          FROM receipts r
          WHERE r.vendor_id = ${receipt.vendorId} AND r.id < ${receipt.receiptId} AND r.checked_at IS NOT NULL
            AND (${figuresMatch} OR ${hashMatch})
          ORDER BY r.id DESC
          LIMIT 20
        `,
      );
      return rows.map((row) => ({
        receiptId: row.id,
        text: row.ocr_text ?? '',
        date: row.extracted_date,
        total: row.extracted_total === null ? null : Number(row.extracted_total),
        isPhotoLookalike: row.photo_match,
      }));
    },

    /**
     * Writes the automatic verdict, the extracted fields and the text in one statement. When the shop's owner
     * has already decided, the verdict is kept beside theirs (auto_status, auto_reason_code) and theirs stands.
     * Reasons are stored as a code with params, never as a sentence. Nothing is written onto the receipt of a deleted
     * account (its pseudonymous row, issue 15): the deletion cleared its text while it was being read.
     */
    async saveResult(receiptId: number, result: CheckResult): Promise<void> {
      const undecided = sql`${receipts.decidedAt} IS NULL`;
      const code = result.reason?.code ?? null;
      const params = result.reason ? JSON.stringify(result.reason.params) : null;
      await db.transaction(async (tx) => {
        const [saved] = await tx
          .update(receipts)
          .set({
            status: sql`CASE WHEN ${undecided} THEN ${result.status} ELSE ${receipts.status} END`,
            reason: sql`CASE WHEN ${undecided} THEN NULL ELSE ${receipts.reason} END`,
            reasonCode: sql`CASE WHEN ${undecided} THEN ${code}::text ELSE ${receipts.reasonCode} END`,
            reasonParams: sql`CASE WHEN ${undecided} THEN ${params}::jsonb ELSE ${receipts.reasonParams} END`,
            autoStatus: result.status,
            autoReason: null,
            autoReasonCode: code,
            autoReasonParams: result.reason?.params ?? null,
            extractedTotal: result.extractedTotal === null ? null : result.extractedTotal.toFixed(2),
            extractedDate: result.extractedDate,
            extractedMerchant: result.extractedMerchant,
            ocrText: result.ocrText,
            checkedAt: sql`now()`,
          })
          .where(
            and(
              eq(receipts.id, receiptId),
              sql`NOT EXISTS (SELECT 1 FROM ${users} WHERE ${users.id} = ${receipts.consumerUserId} AND ${users.deletedAt} IS NOT NULL)`,
            ),
          )
          .returning({ status: receipts.status });
        // Issue 29 §2: a receipt the check VERIFIED (and no owner decided otherwise) stamps the shopper's card, in this
        // transaction: the verdict and its stamp are written together or not at all.
        if (saved?.status === 'VERIFIED') await stampReceipt(tx, receiptId);
      });
    },
  };
}

export type ReceiptChecksRepository = ReturnType<typeof createReceiptChecksRepository>;

/**
 * SQL of the receipt verification queue (DESIGN.md §8): claiming the next unchecked receipt (safe with any
 * number of API replicas on one database), what the rules need to know about it, near-duplicate photos,
 * and writing the automatic verdict without overwriting the shop owner's decision.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { selectRows, type Db } from '../db/client.ts';
import { offers, receiptFiles, receipts, vendors } from '../db/schema.ts';

/** A claim older than this is taken to belong to a worker that died; the receipt is claimed again. */
export const STALE_CLAIM_MINUTES = 5;

export interface ReceiptToCheck {
  receiptId: number;
  vendorId: number;
  businessName: string;
  uploadedAt: Date;
  offer: { discountType: 'PERCENTAGE' | 'FIXED' | 'BUYXGETY'; discountValue: number; startDate: string; endDate: string } | null;
  files: { fileId: number; storageKey: string; contentType: string; perceptualHash: string | null }[];
}

/** An earlier receipt whose photo looks like this one's, and what was read from it. */
export interface PreviousReceipt {
  receiptId: number;
  text: string;
  date: string | null;
  total: number | null;
}

export interface CheckResult {
  status: 'VERIFIED' | 'REJECTED' | 'NEEDS_REVIEW';
  reason: string | null;
  extractedTotal: number | null;
  extractedDate: string | null;
  extractedMerchant: string | null;
  ocrText: string;
}

export function createReceiptChecksRepository(db: Db) {
  return {
    /**
     * Claims the oldest receipt not yet checked (or whose claim went stale) and answers its id, or undefined
     * when there is none. SKIP LOCKED lets workers on every replica claim different receipts at once. One
     * shop's receipts are checked one at a time, in upload order, so a photo sent again is always compared
     * with an earlier receipt that has already been read.
     */
    async claimNext(): Promise<number | undefined> {
      const fresh = sql`now() - make_interval(mins => ${STALE_CLAIM_MINUTES})`;
      const [row] = await selectRows<{ id: number }>(
        db,
        sql`
          UPDATE receipts SET processing_started_at = now()
          WHERE id = (
            SELECT r.id FROM receipts r
            WHERE r.checked_at IS NULL
              AND (r.processing_started_at IS NULL OR r.processing_started_at < ${fresh})
              AND NOT EXISTS (
                SELECT 1 FROM receipts busy
                WHERE busy.vendor_id = r.vendor_id AND busy.id <> r.id AND busy.checked_at IS NULL
                  AND busy.processing_started_at >= ${fresh}
              )
            ORDER BY r.created_at, r.id
            LIMIT 1
            FOR UPDATE SKIP LOCKED
          )
          RETURNING id
        `,
      );
      return row?.id;
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
            }
          : null,
        files,
      };
    },

    /**
     * Earlier receipts for the same shop with a photo within `maxBits` (Hamming distance of the 64-bit
     * difference hashes) of one of this receipt's photos, with what was read from them. Receipts printed on
     * one shop's till look alike at 9 x 8 pixels, so the caller compares what they say too.
     */
    async findLookalikeReceipts(receipt: { receiptId: number; vendorId: number; hashes: string[] }, maxBits: number): Promise<PreviousReceipt[]> {
      if (receipt.hashes.length === 0) return [];
      const hashList = sql.join(
        receipt.hashes.map((hash) => sql`${hash}`),
        sql`, `,
      );
      const rows = await selectRows<{ id: number; ocr_text: string | null; extracted_date: string | null; extracted_total: string | null }>(
        db,
        sql`
          SELECT r.id, r.ocr_text, r.extracted_date::text AS extracted_date, r.extracted_total::text AS extracted_total
          FROM receipts r
          WHERE r.vendor_id = ${receipt.vendorId} AND r.id < ${receipt.receiptId} AND r.checked_at IS NOT NULL
            AND EXISTS (
              SELECT 1 FROM receipt_files f, unnest(ARRAY[${hashList}]::text[]) AS mine(hash)
              WHERE f.receipt_id = r.id AND f.perceptual_hash IS NOT NULL
                AND bit_count(('x' || mine.hash)::bit(64) # ('x' || f.perceptual_hash)::bit(64)) <= ${maxBits}
            )
          ORDER BY r.id DESC
          LIMIT 20
        `,
      );
      return rows.map((row) => ({
        receiptId: row.id,
        text: row.ocr_text ?? '',
        date: row.extracted_date,
        total: row.extracted_total === null ? null : Number(row.extracted_total),
      }));
    },

    /**
     * Writes the automatic verdict, the extracted fields and the text in one statement. When the shop's owner
     * has already decided, the verdict is kept beside theirs (auto_status, auto_reason) and theirs stands.
     */
    async saveResult(receiptId: number, result: CheckResult): Promise<void> {
      await db
        .update(receipts)
        .set({
          status: sql`CASE WHEN ${receipts.decidedAt} IS NULL THEN ${result.status} ELSE ${receipts.status} END`,
          reason: sql`CASE WHEN ${receipts.decidedAt} IS NULL THEN ${result.reason}::text ELSE ${receipts.reason} END`,
          autoStatus: result.status,
          autoReason: result.reason,
          extractedTotal: result.extractedTotal === null ? null : result.extractedTotal.toFixed(2),
          extractedDate: result.extractedDate,
          extractedMerchant: result.extractedMerchant,
          ocrText: result.ocrText,
          checkedAt: sql`now()`,
        })
        .where(eq(receipts.id, receiptId));
    },
  };
}

export type ReceiptChecksRepository = ReturnType<typeof createReceiptChecksRepository>;

/**
 * Reviews of verified purchases and the rating shoppers see (issue 14, DESIGN.md §10 Trust & safety). A purchase grants
 * one review when the shop did not confirm it alone (REVIEWABLE_PURCHASES): a redeemed code, or a receipt VERIFIED by
 * the automatic check or settled by an admin. The rating is written here once, as SQL.
 */
import { sql, type SQL } from 'drizzle-orm';
import { RATING_WINDOW_MONTHS, REVIEW_WINDOW_DAYS, REVIEWS_PAGE_SIZE, type Review } from '@qrib/shared';
import { isUniqueViolation, selectRows, type Db } from '../../../db/client.ts';
import { isMemberSql } from '../../../db/membership-sql.ts';
import { openDisputeSql } from './admin.ts';
import { establishedSql } from './established.ts';
import { receiptNotDecidedAlone } from './purchases.ts';
import { SHOP_SEEN_BY_SHOPPERS } from '../../../db/shopper-visibility.ts';
import { notExcludedSql, notFlaggedSql } from './suspicious-activity.ts';

/** Issue 28 §4: the shop's own people (owner, staff) review it with no purchase, whatever they bought there. */
const NOT_MEMBER = (vendorId: string, userId: string) => sql`NOT ${isMemberSql(sql.raw(vendorId), sql.raw(userId))}`;

/** A purchase of the caller's that might be reviewed: what it is of, whether it grants a review, and until when. */
export interface ReviewablePurchase {
  /** The review's purchase columns: a receipt for a redeemed code is the code's purchase (it counts once). */
  claimId: number | null;
  receiptId: number | null;
  vendorId: number;
  offerId: number | null;
  grantsReview: boolean;
  /** Whether shoppers see the shop (ACTIVE): a PENDING, SUSPENDED, REJECTED or CLOSED shop's purchases are not reviewed. */
  shopSeen: boolean;
  /** The redemption, or the receipt's upload; null for a code not redeemed. */
  madeAt: Date | null;
  reviewId: number | null;
}

/** The review state of one purchase, as the shopper's lists show it. */
export interface PurchaseReviewState {
  reviewId: number | null;
  canReview: boolean;
  reviewableUntil: string | null;
}

export interface Rating {
  average: number | null;
  count: number;
}

export class ReviewAlreadyWritten extends Error {}

interface ReviewRow {
  id: number;
  vendor_id: number;
  user_id: number;
  offer_id: number | null;
  offer_title: string | null;
  stars: number;
  text: string | null;
  created_at: Date | string;
  author_name: string;
  former_shopper: boolean;
  reply_text: string | null;
  replied_at: Date | string | null;
  cursor_time: string;
  pending_established: boolean;
  under_dispute: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** 'Maria Borg' → 'Maria B.'; one name stays as it is. */
export function displayNameOf(name: string): string {
  const parts = name.trim().split(/\s+/u).filter((part) => part !== '');
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  const initial = last ? Array.from(last)[0] : undefined;
  return initial ? `${first} ${initial.toLocaleUpperCase()}.` : first;
}

/** A review as `viewerId` reads it (`mine` when they wrote it). */
function presentReview(row: ReviewRow, viewerId: number): Review {
  return {
    reviewId: row.id,
    vendorId: row.vendor_id,
    offerId: row.offer_id,
    offerTitle: row.offer_title,
    stars: row.stars,
    text: row.text,
    createdAt: iso(row.created_at),
    author: { displayName: row.former_shopper ? '' : displayNameOf(row.author_name), formerShopper: row.former_shopper },
    verifiedPurchase: true,
    reply: row.reply_text === null || row.replied_at === null ? null : { text: row.reply_text, createdAt: iso(row.replied_at) },
    mine: row.user_id === viewerId,
    pendingEstablished: row.pending_established,
    underDispute: row.under_dispute,
  };
}

/**
 * Issue 24 (ADR 016). `rv` is the reviews alias, `u` its author's users row. A review is live (everyone sees it) while
 * PUBLISHED, its author established for the shop and it is not flagged as suspicious activity; otherwise only its
 * author sees it. A live review whose receipt is an open dispute is shown, marked, and left out of the rating.
 */
const authorEstablished = () => establishedSql('u', sql`rv.vendor_id`);
const underDispute = () => sql`EXISTS (SELECT 1 FROM receipts dr WHERE dr.id = rv.receipt_id AND ${openDisputeSql('dr')})`;
/** Whether the review (`rv`, its author `u`) is live: what every reader may see, report or reply to. */
export const liveReviewSql = () => sql`(rv.status = 'PUBLISHED' AND ${authorEstablished()} AND ${notFlaggedSql('REVIEW', 'rv.id')})`;
const live = liveReviewSql;
/** What `viewerId` may read: live reviews, and their own PUBLISHED ones. */
const visibleTo = (viewerId: number) => sql`(${live()} OR (rv.status = 'PUBLISHED' AND rv.user_id = ${viewerId}))`;

const reviewSelect = () => sql`SELECT rv.id, rv.vendor_id, rv.user_id, rv.offer_id, o.title AS offer_title, rv.stars, rv.text, rv.created_at,
    u.name AS author_name, u.deleted_at IS NOT NULL AS former_shopper, rv.reply_text, rv.replied_at,
    to_char(rv.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS cursor_time,
    NOT ${authorEstablished()} AS pending_established, ${underDispute()} AS under_dispute
  FROM reviews rv JOIN users u ON u.id = rv.user_id LEFT JOIN offers o ON o.offer_id = rv.offer_id`;

/** A review page's cursor: the last review's time (to the microsecond) and id. */
function encodeReviewCursor(row: ReviewRow): string {
  return Buffer.from(JSON.stringify({ t: row.cursor_time, id: row.id })).toString('base64url');
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function decodeReviewCursor(text: string): { t: string; id: number } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { t, id } = value as Record<string, unknown>;
  if (typeof t !== 'string' || !CURSOR_TIME.test(t) || Number.isNaN(Date.parse(t))) return undefined;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return undefined;
  return { t, id };
}

/**
 * The rating of a shop: the mean stars (one decimal) of live reviews (issue 24: PUBLISHED, by an established author,
 * not flagged) not under dispute, of the last RATING_WINDOW_MONTHS months, each shopper's latest such review of the
 * shop only.
 */
export function ratingSql(vendorId: number): SQL {
  return sql`
    SELECT round(avg(latest.stars)::numeric, 1) AS average, count(*)::integer AS count
    FROM (
      SELECT DISTINCT ON (rv.user_id) rv.stars
      FROM reviews rv JOIN users u ON u.id = rv.user_id
      WHERE rv.vendor_id = ${vendorId} AND ${live()} AND NOT ${underDispute()}
        AND rv.created_at >= now() - make_interval(months => ${RATING_WINDOW_MONTHS})
        -- Issue 28 §4: a review by one of the shop's people (written before they joined its staff) is not its rating.
        AND ${NOT_MEMBER('rv.vendor_id', 'rv.user_id')}
      ORDER BY rv.user_id, rv.created_at DESC, rv.id DESC
    ) AS latest`;
}

export function createReviewsRepository(db: Db) {
  async function findById(reviewId: number, viewerId: number, database: Db = db): Promise<Review | undefined> {
    const [row] = await selectRows<ReviewRow>(database, sql`${reviewSelect()} WHERE rv.id = ${reviewId} AND ${visibleTo(viewerId)}`);
    return row ? presentReview(row, viewerId) : undefined;
  }

  return {
    findById,

    /**
     * The caller's purchase named by `purchase`, or undefined when it is not theirs. A receipt that names a redeemed
     * code of theirs is that code's purchase (the purchase counts once, as the redemption).
     */
    async findPurchase(userId: number, purchase: { claimId?: number; receiptId?: number }): Promise<ReviewablePurchase | undefined> {
      type Row = {
        claim_id: number | null;
        receipt_id: number | null;
        vendor_id: number;
        offer_id: number | null;
        grants: boolean;
        shop_seen: boolean;
        made_at: Date | string | null;
      };
      const query =
        purchase.claimId !== undefined
          ? sql`SELECT c.id AS claim_id, NULL::integer AS receipt_id, c.vendor_id, c.offer_id, c.status = 'REDEEMED' AND ${notExcludedSql('REDEMPTION', 'c.id')} AND ${NOT_MEMBER('c.vendor_id', 'c.user_id')} AS grants, c.redeemed_at AS made_at,
                  ${SHOP_SEEN_BY_SHOPPERS} AS shop_seen
                FROM offer_claims c JOIN vendors v ON v.id = c.vendor_id WHERE c.id = ${purchase.claimId} AND c.user_id = ${userId}`
          : sql`SELECT
                  rc.id AS claim_id,
                  CASE WHEN rc.id IS NULL THEN r.id ELSE NULL END AS receipt_id,
                  r.vendor_id, COALESCE(rc.offer_id, r.offer_id) AS offer_id,
                  CASE WHEN rc.id IS NULL THEN ${receiptNotDecidedAlone('r')} AND ${notExcludedSql('RECEIPT', 'r.id')} ELSE ${notExcludedSql('REDEMPTION', 'rc.id')} END
                    AND ${NOT_MEMBER('r.vendor_id', 'r.consumer_user_id')} AS grants,
                  CASE WHEN rc.id IS NULL THEN r.created_at ELSE rc.redeemed_at END AS made_at,
                  ${SHOP_SEEN_BY_SHOPPERS} AS shop_seen
                FROM receipts r
                JOIN vendors v ON v.id = r.vendor_id
                LEFT JOIN offer_claims rc ON rc.id = r.claim_id AND rc.status = 'REDEEMED' AND rc.user_id = r.consumer_user_id
                WHERE r.id = ${purchase.receiptId ?? 0} AND r.consumer_user_id = ${userId}`;
      const [row] = await selectRows<Row>(db, query);
      if (!row) return undefined;
      const [written] = await selectRows<{ id: number }>(
        db,
        row.claim_id !== null ? sql`SELECT id FROM reviews WHERE claim_id = ${row.claim_id}` : sql`SELECT id FROM reviews WHERE receipt_id = ${row.receipt_id}`,
      );
      return {
        claimId: row.claim_id,
        receiptId: row.receipt_id,
        vendorId: row.vendor_id,
        offerId: row.offer_id,
        grantsReview: row.grants,
        shopSeen: row.shop_seen,
        madeAt: row.made_at === null ? null : new Date(row.made_at),
        reviewId: written?.id ?? null,
      };
    },

    /**
     * Writes the review and, when it is live at once, tells the shop's owner (REVIEW_RECEIVED), together. A review held
     * until its author is established tells no one: it goes live later by itself, with no job to send a notification
     * then, and the owner reads it on the shop's page. A second review of the same purchase (two requests at once too)
     * meets the unique index: ReviewAlreadyWritten.
     */
    async insert(userId: number, purchase: ReviewablePurchase, stars: number, text: string | null): Promise<Review> {
      try {
        return await db.transaction(async (tx) => {
          const [inserted] = await selectRows<{ id: number }>(
            tx,
            sql`INSERT INTO reviews (vendor_id, offer_id, user_id, claim_id, receipt_id, stars, text)
                VALUES (${purchase.vendorId}, ${purchase.offerId}, ${userId}, ${purchase.claimId}, ${purchase.receiptId}, ${stars}, ${text})
                RETURNING id`,
          );
          if (!inserted) throw new Error('review not inserted');
          await tx.execute(sql`
            INSERT INTO notifications (user_id, kind, payload)
            SELECT v.owner_user_id, 'REVIEW_RECEIVED',
                   jsonb_build_object('reviewId', rv.id, 'vendorId', rv.vendor_id, 'stars', rv.stars, 'offerTitle', o.title)
            FROM reviews rv JOIN users u ON u.id = rv.user_id JOIN vendors v ON v.id = rv.vendor_id LEFT JOIN offers o ON o.offer_id = rv.offer_id
            WHERE rv.id = ${inserted.id} AND ${live()}`);
          const review = await findById(inserted.id, userId, tx);
          if (!review) throw new Error('review not found after insert');
          return review;
        });
      } catch (error) {
        if (isUniqueViolation(error, 'reviews_claim_key') || isUniqueViolation(error, 'reviews_receipt_key')) throw new ReviewAlreadyWritten();
        throw error;
      }
    },

    /** Who may reply: the live review's shop and its owner; undefined for an unknown, removed or held review (issue 24). */
    async findShopOf(reviewId: number): Promise<{ vendorId: number; ownerUserId: number } | undefined> {
      const [row] = await selectRows<{ vendor_id: number; owner_user_id: number }>(
        db,
        sql`SELECT rv.vendor_id, v.owner_user_id FROM reviews rv JOIN users u ON u.id = rv.user_id JOIN vendors v ON v.id = rv.vendor_id
            WHERE rv.id = ${reviewId} AND ${live()}`,
      );
      return row ? { vendorId: row.vendor_id, ownerUserId: row.owner_user_id } : undefined;
    },

    /** The owner's one reply, and REVIEW_REPLIED to the reviewer; undefined when a reply is already there. */
    async reply(reviewId: number, text: string): Promise<Review | undefined> {
      return db.transaction(async (tx) => {
        // The answer is the replying owner's reading of the review.
        const [updated] = await selectRows<{ id: number; owner_user_id: number }>(
          tx,
          sql`UPDATE reviews rv SET reply_text = ${text}, replied_at = now() FROM vendors v
              WHERE rv.id = ${reviewId} AND rv.status = 'PUBLISHED' AND rv.reply_text IS NULL AND v.id = rv.vendor_id
              RETURNING rv.id, v.owner_user_id`,
        );
        if (!updated) return undefined;
        await tx.execute(sql`
          INSERT INTO notifications (user_id, kind, payload)
          SELECT rv.user_id, 'REVIEW_REPLIED', jsonb_build_object('reviewId', rv.id, 'vendorId', rv.vendor_id, 'businessName', v.business_name)
          FROM reviews rv JOIN vendors v ON v.id = rv.vendor_id
          WHERE rv.id = ${reviewId}`);
        return findById(reviewId, updated.owner_user_id, tx);
      });
    },

    /**
     * A shop's reviews as `viewerId` reads them (live ones, and their own held ones: issue 24), newest first,
     * REVIEWS_PAGE_SIZE a page after `cursor`.
     */
    async listForVendor(vendorId: number, viewerId: number, cursor: { t: string; id: number } | undefined): Promise<{ data: Review[]; nextCursor: string | null }> {
      const after = cursor ? sql`AND (rv.created_at, rv.id) < (${cursor.t}::timestamptz, ${cursor.id})` : sql``;
      const rows = await selectRows<ReviewRow>(
        db,
        sql`${reviewSelect()} WHERE rv.vendor_id = ${vendorId} AND ${visibleTo(viewerId)} ${after}
            ORDER BY rv.created_at DESC, rv.id DESC LIMIT ${REVIEWS_PAGE_SIZE + 1}`,
      );
      const page = rows.slice(0, REVIEWS_PAGE_SIZE);
      const last = page[page.length - 1];
      return { data: page.map((row) => presentReview(row, viewerId)), nextCursor: rows.length > REVIEWS_PAGE_SIZE && last ? encodeReviewCursor(last) : null };
    },

    /** The rating shoppers see (see ratingSql). */
    async rating(vendorId: number): Promise<Rating> {
      const [row] = await selectRows<{ average: string | number | null; count: number }>(db, ratingSql(vendorId));
      return { average: row?.average === null || row?.average === undefined ? null : Number(row.average), count: Number(row?.count ?? 0) };
    },

    /**
     * The review state of each of the shopper's codes and receipts: the review written of it, and whether one may be
     * written now (the purchase grants one, its shop is seen by shoppers, none written yet, REVIEW_WINDOW_DAYS not past).
     */
    async statesForUser(userId: number, now = new Date()): Promise<{ claims: Map<number, PurchaseReviewState>; receipts: Map<number, PurchaseReviewState> }> {
      type StateRow = { id: number; grants: boolean; made_at: Date | string | null; review_id: number | null };
      const claimRows = await selectRows<StateRow>(
        db,
        sql`SELECT c.id, c.status = 'REDEEMED' AND ${notExcludedSql('REDEMPTION', 'c.id')} AND ${SHOP_SEEN_BY_SHOPPERS} AND ${NOT_MEMBER('c.vendor_id', 'c.user_id')} AS grants, c.redeemed_at AS made_at, rv.id AS review_id
            FROM offer_claims c JOIN vendors v ON v.id = c.vendor_id LEFT JOIN reviews rv ON rv.claim_id = c.id
            WHERE c.user_id = ${userId}`,
      );
      const receiptRows = await selectRows<StateRow>(
        db,
        sql`SELECT r.id,
              (CASE WHEN rc.id IS NULL THEN ${receiptNotDecidedAlone('r')} AND ${notExcludedSql('RECEIPT', 'r.id')} ELSE ${notExcludedSql('REDEMPTION', 'rc.id')} END)
                AND ${SHOP_SEEN_BY_SHOPPERS} AND ${NOT_MEMBER('r.vendor_id', 'r.consumer_user_id')} AS grants,
              CASE WHEN rc.id IS NULL THEN r.created_at ELSE rc.redeemed_at END AS made_at,
              COALESCE(rv.id, crv.id) AS review_id
            FROM receipts r
            JOIN vendors v ON v.id = r.vendor_id
            LEFT JOIN offer_claims rc ON rc.id = r.claim_id AND rc.status = 'REDEEMED' AND rc.user_id = r.consumer_user_id
            LEFT JOIN reviews rv ON rv.receipt_id = r.id
            LEFT JOIN reviews crv ON crv.claim_id = rc.id
            WHERE r.consumer_user_id = ${userId}`,
      );
      const state = (row: { grants: boolean; made_at: Date | string | null; review_id: number | null }): PurchaseReviewState => {
        if (!row.grants || row.made_at === null) return { reviewId: row.review_id, canReview: false, reviewableUntil: null };
        const until = new Date(new Date(row.made_at).getTime() + WINDOW_MS);
        return { reviewId: row.review_id, canReview: row.review_id === null && until.getTime() > now.getTime(), reviewableUntil: until.toISOString() };
      };
      return {
        claims: new Map(claimRows.map((row) => [row.id, state(row)])),
        receipts: new Map(receiptRows.map((row) => [row.id, state(row)])),
      };
    },
  };
}

export type ReviewsRepository = ReturnType<typeof createReviewsRepository>;

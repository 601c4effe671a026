/**
 * SQL for claims and redemptions (issue 13, DESIGN.md §10 Redemption). A redemption moves the claim from ACTIVE to
 * REDEEMED and raises the offer's `redeemed_count` only while it is under `max_redemptions`, in one transaction:
 * under READ COMMITTED the second of two writers waits for the first's row lock and then re-checks the condition
 * against the committed count, so a LIMITED offer never has more redemptions than its maximum (on PGlite, one
 * connection, the transactions simply run one after the other).
 */
import { sql } from 'drizzle-orm';
import { PURCHASE_COUNTS, maltaDayEnd, maltaMidnight, remainingUnits, type Claim, type ClaimStatus, type Redemption } from '@qrib/shared';
import { isUniqueViolation, selectRows, type Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { publicUrlSql } from '../../db/public-url-sql.ts';
import { establishedSql, purchasesSql } from '../trust/index.ts';
import { isMemberSql } from '../../db/membership-sql.ts';
import { SHOP_SEEN_BY_SHOPPERS } from '../../db/shopper-visibility.ts';
import { scheduleStateOf } from '../../kernel/opening-hours.ts';
import { revokeStamp, stampPurchase } from '../stamp-cards/index.ts';

/** What deciding on a claim needs to know about its offer and shop. */
export interface ClaimableOffer {
  offerId: number;
  vendorId: number;
  ownerUserId: number;
  /** Issue 28 §4: whether the person asking is one of the shop's people (owner or staff); false when nobody asked. */
  viewerIsMember: boolean;
  vendorStatus: string;
  status: 'ACTIVE' | 'PAUSED' | 'ENDED';
  startDate: string;
  endDate: string;
  targetAudience: 'ALL_CUSTOMERS' | 'PREMIUM_CUSTOMERS' | 'NEW_CUSTOMERS';
  maxRedemptions: number | null;
  redeemedCount: number;
  title: string;
}

interface ClaimRow {
  id: number;
  offer_id: number;
  vendor_id: number;
  code: string;
  status: 'ACTIVE' | 'REDEEMED';
  created_at: Date | string;
  redeemed_at: Date | string | null;
  title: string;
  image_url: string | null;
  business_name: string;
  business_address: string;
  end_date: string;
  offer_status: 'ACTIVE' | 'PAUSED' | 'ENDED';
  max_redemptions: number | null;
  redeemed_count: number;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A claim as read: one still ACTIVE after its offer ended (its end date passed, or the shop ended it) is EXPIRED. */
export function presentClaim(row: ClaimRow, now = new Date()): Claim {
  const expiresAt = maltaDayEnd(String(row.end_date));
  const ended = row.offer_status === 'ENDED' || expiresAt.getTime() <= now.getTime();
  const status: ClaimStatus = row.status === 'ACTIVE' && ended ? 'EXPIRED' : row.status;
  return {
    claimId: row.id,
    offerId: row.offer_id,
    vendorId: row.vendor_id,
    code: row.code,
    status,
    createdAt: iso(row.created_at),
    expiresAt: expiresAt.toISOString(),
    redeemedAt: row.redeemed_at === null ? null : iso(row.redeemed_at),
    offer: {
      title: row.title,
      imageUrl: row.image_url,
      businessName: row.business_name,
      businessAddress: row.business_address,
      endDate: String(row.end_date),
      remaining: remainingUnits(row.max_redemptions, row.redeemed_count),
    },
  };
}

const CLAIM_COLUMNS = sql`c.id, c.offer_id, c.vendor_id, c.code, c.status, c.created_at, c.redeemed_at, o.title,
  ${publicUrlSql(sql`i.card_key`)} AS image_url, v.business_name, v.business_address, o.end_date::text AS end_date,
  o.status AS offer_status, o.max_redemptions, o.redeemed_count`;
const CLAIM_JOINS = sql`JOIN offers o ON o.offer_id = c.offer_id JOIN vendors v ON v.id = c.vendor_id
  LEFT JOIN offer_images i ON i.offer_id = o.offer_id AND i.position = 0`;

/** The outcome of a redemption attempt, for the service to answer. */
export type RedeemOutcome =
  | { kind: 'redeemed'; redemption: Redemption; soldOut: boolean }
  | { kind: 'unknown' }
  | { kind: 'already-redeemed'; redeemedAt: Date }
  | { kind: 'offer-closed'; offer: ClaimableOffer }
  /** Issue 28 §3: a happy-hour offer redeemed outside its windows; the next window's start (null: none in a fortnight). */
  | { kind: 'outside-schedule'; schedule: string; nextWindow: string | null }
  | { kind: 'no-longer-new' }
  | { kind: 'sold-out' }
  /** A business shoppers do not see (issue 14: PENDING, REJECTED, SUSPENDED, CLOSED) sells nothing through Qrib. */
  | { kind: 'business-hidden'; status: string; reason: string | null };

/** The statement of reasons kept on a review whose redemption was undone (reviews.status_reason is free text, read by admins). */
export const UNDONE_REVIEW_REASON = 'The redemption was undone at the till.';

/** Thrown inside the transaction to roll it back when the offer has no unit left. */
class SoldOut extends Error {}

/** The code drawn for a claim is already one of the shop's (the unique index decides): draw another. */
export function isClaimCodeTaken(error: unknown): boolean {
  return isUniqueViolation(error, 'offer_claims_vendor_code_key');
}

export function createClaimsRepository(db: Db) {
  async function findClaim(where: ReturnType<typeof sql>): Promise<Claim | undefined> {
    const [row] = await selectRows<ClaimRow>(db, sql`SELECT ${CLAIM_COLUMNS} FROM offer_claims c ${CLAIM_JOINS} WHERE ${where}`);
    return row ? presentClaim(row) : undefined;
  }

  return {
    async findClaimableOffer(offerId: number, viewerUserId: number | null = null): Promise<ClaimableOffer | undefined> {
      const [row] = await selectRows<{
        offer_id: number;
        vendor_id: number;
        owner_user_id: number;
        viewer_is_member: boolean;
        vendor_status: string;
        status: ClaimableOffer['status'];
        start_date: string;
        end_date: string;
        target_audience: ClaimableOffer['targetAudience'];
        max_redemptions: number | null;
        redeemed_count: number;
        title: string;
      }>(
        db,
        sql`SELECT o.offer_id, o.vendor_id, v.owner_user_id, ${isMemberSql(sql`v.id`, sql`${viewerUserId}::integer`)} AS viewer_is_member, v.status AS vendor_status, o.status, o.start_date::text AS start_date,
              o.end_date::text AS end_date, o.target_audience, o.max_redemptions, o.redeemed_count, o.title
            FROM offers o JOIN vendors v ON v.id = o.vendor_id WHERE o.offer_id = ${offerId}`,
      );
      if (!row) return undefined;
      return {
        offerId: row.offer_id,
        vendorId: row.vendor_id,
        ownerUserId: row.owner_user_id,
        viewerIsMember: row.viewer_is_member,
        vendorStatus: row.vendor_status,
        status: row.status,
        startDate: String(row.start_date),
        endDate: String(row.end_date),
        targetAudience: row.target_audience,
        maxRedemptions: row.max_redemptions,
        redeemedCount: Number(row.redeemed_count),
        title: row.title,
      };
    },

    findForUser(offerId: number, userId: number): Promise<Claim | undefined> {
      return findClaim(sql`c.offer_id = ${offerId} AND c.user_id = ${userId}`);
    },

    /** Who a claim belongs to, at which shop, and whether it was redeemed (for a receipt that names it). */
    async findOwnership(claimId: number): Promise<{ userId: number; vendorId: number; offerId: number; status: 'ACTIVE' | 'REDEEMED' } | undefined> {
      const [row] = await selectRows<{ user_id: number; vendor_id: number; offer_id: number; status: 'ACTIVE' | 'REDEEMED' }>(
        db,
        sql`SELECT user_id, vendor_id, offer_id, status FROM offer_claims WHERE id = ${claimId}`,
      );
      return row ? { userId: row.user_id, vendorId: row.vendor_id, offerId: row.offer_id, status: row.status } : undefined;
    },

    findById(claimId: number): Promise<Claim | undefined> {
      return findClaim(sql`c.id = ${claimId}`);
    },

    /**
     * A new claim with `code`, or undefined when the user already has one for the offer (one per shopper per offer) or
     * the code is one of the shop's stamp-card rewards'. A code another claim of the shop has is a unique violation
     * (`offer_claims_vendor_code_key`): the caller draws again.
     */
    async insert(offer: { offerId: number; vendorId: number }, userId: number, code: string): Promise<number | undefined> {
      const [row] = await selectRows<{ id: number }>(
        db,
        // Issue 29 §2: one till reads codes and stamp-card rewards, so a code one of the shop's rewards has is refused as
        // taken (the caller draws again), as a reward's draw refuses the shop's codes.
        sql`INSERT INTO offer_claims (offer_id, vendor_id, user_id, code)
            SELECT ${offer.offerId}, ${offer.vendorId}, ${userId}, ${code}
            WHERE NOT EXISTS (SELECT 1 FROM stamp_rewards r WHERE r.vendor_id = ${offer.vendorId} AND r.code = ${code})
            ON CONFLICT (offer_id, user_id) DO NOTHING RETURNING id`,
      );
      return row?.id;
    },

    /** Every claim of the user, newest first. */
    async listForUser(userId: number): Promise<Claim[]> {
      const rows = await selectRows<ClaimRow>(db, sql`SELECT ${CLAIM_COLUMNS} FROM offer_claims c ${CLAIM_JOINS} WHERE c.user_id = ${userId} ORDER BY c.created_at DESC, c.id DESC`);
      const now = new Date();
      return rows.map((row) => presentClaim(row, now));
    },

    /**
     * The shopper's purchases that count for audiences (PURCHASE_COUNTS in packages/shared): `atShop` at one shop
     * (NEW_CUSTOMERS: any purchase there, established account or not, flagged or not: none of it makes a shopper new),
     * `anywhere` on Qrib (PREMIUM_CUSTOMERS, issue 24: only an account established for this shop has any, flagged
     * purchases left out).
     */
    async countPurchases(userId: number, vendorId: number): Promise<{ atShop: number; anywhere: number }> {
      const [row] = await selectRows<{ at_shop: number; anywhere: number }>(
        db,
        sql`SELECT
              (SELECT count(*)::integer FROM ${purchasesSql(PURCHASE_COUNTS.newCustomer, { userId, vendorId })} AS shop) AS at_shop,
              (SELECT CASE WHEN ${establishedSql('u', vendorId)} THEN (SELECT count(*)::integer FROM ${purchasesSql(PURCHASE_COUNTS.premium, { userId, notFlagged: true })} AS everywhere) ELSE 0 END
               FROM users u WHERE u.id = ${userId}) AS anywhere`,
      );
      return { atShop: Number(row?.at_shop ?? 0), anywhere: Number(row?.anywhere ?? 0) };
    },

    /**
     * Redeems the shop's claim with this code, once: the claim to REDEEMED and the offer's count up by one, or
     * nothing at all (a business shoppers do not see, an unknown code, one already redeemed, an offer not open today,
     * or no unit left). The business is checked again inside the transaction: a suspension committed meanwhile wins.
     */
    async redeem(vendorId: number, code: string, staffUserId: number, today: string, undoMs: number, now = new Date()): Promise<RedeemOutcome> {
      const businessHidden = async (): Promise<RedeemOutcome | undefined> => {
        const [business] = await selectRows<{ status: string; status_reason: string | null; seen: boolean }>(
          db,
          sql`SELECT v.status, v.status_reason, ${SHOP_SEEN_BY_SHOPPERS} AS seen FROM vendors v WHERE v.id = ${vendorId}`,
        );
        return business && !business.seen ? { kind: 'business-hidden', status: business.status, reason: business.status_reason } : undefined;
      };
      const hidden = await businessHidden();
      if (hidden) return hidden;
      const [found] = await selectRows<{
        id: number;
        user_id: number;
        status: 'ACTIVE' | 'REDEEMED';
        redeemed_at: Date | string | null;
        offer_id: number;
        offer_status: ClaimableOffer['status'];
        start_date: string;
        end_date: string;
        target_audience: ClaimableOffer['targetAudience'];
        schedule: string | null;
      }>(
        db,
        sql`SELECT c.id, c.user_id, c.status, c.redeemed_at, o.offer_id, o.status AS offer_status, o.start_date::text AS start_date, o.end_date::text AS end_date,
              o.target_audience, o.schedule
            FROM offer_claims c JOIN offers o ON o.offer_id = c.offer_id WHERE c.vendor_id = ${vendorId} AND c.code = ${code}`,
      );
      if (!found) return { kind: 'unknown' };
      if (found.status === 'REDEEMED' && found.redeemed_at !== null) return { kind: 'already-redeemed', redeemedAt: new Date(found.redeemed_at) };
      const startDate = String(found.start_date);
      const endDate = String(found.end_date);
      if (found.offer_status !== 'ACTIVE' || startDate > today || endDate < today) {
        // Closing ends the offers and the business in one commit: an offer ENDED since the first check may be the
        // business's closing, which is the reason to give.
        const hiddenNow = await businessHidden();
        if (hiddenNow) return hiddenNow;
        const offer = await this.findClaimableOffer(found.offer_id);
        if (offer) return { kind: 'offer-closed', offer };
        return { kind: 'unknown' };
      }
      // Issue 28 §3: a happy-hour code is claimed at any time but redeemed only inside a window (the till's clock).
      if (found.schedule !== null) {
        const window = scheduleStateOf(found.schedule, now);
        if (!window.activeNow) return { kind: 'outside-schedule', schedule: found.schedule, nextWindow: window.windowOpensAt };
      }
      // NEW_CUSTOMERS holds at the till too: a shopper who has bought at the shop since getting the code (another
      // code redeemed, a verified receipt) is no longer new there.
      if (found.target_audience === 'NEW_CUSTOMERS' && (await this.countPurchases(found.user_id, vendorId)).atShop > 0) return { kind: 'no-longer-new' };
      try {
        return await db.transaction(async (tx) => {
          const [claim] = await selectRows<{ id: number; redeemed_at: Date | string }>(
            tx,
            sql`UPDATE offer_claims SET status = 'REDEEMED', redeemed_at = now(), redeemed_by_user_id = ${staffUserId}
                WHERE id = ${found.id} AND status = 'ACTIVE' RETURNING id, redeemed_at`,
          );
          if (!claim) {
            // Another scan of the same code committed first (this one waited for its row lock, then saw REDEEMED).
            const [now] = await selectRows<{ redeemed_at: Date | string | null }>(tx, sql`SELECT redeemed_at FROM offer_claims WHERE id = ${found.id}`);
            return { kind: 'already-redeemed', redeemedAt: new Date(now?.redeemed_at ?? Date.now()) } as const;
          }
          const [offer] = await selectRows<{ title: string; max_redemptions: number | null; redeemed_count: number; business_name: string; owner_user_id: number; staff_name: string | null }>(
            tx,
            sql`UPDATE offers o SET redeemed_count = o.redeemed_count + 1
                FROM vendors v
                WHERE o.offer_id = ${found.offer_id} AND v.id = o.vendor_id AND ${SHOP_SEEN_BY_SHOPPERS}
                  AND o.status = 'ACTIVE' AND o.start_date <= ${today}::date AND o.end_date >= ${today}::date
                  AND (o.max_redemptions IS NULL OR o.redeemed_count < o.max_redemptions)
                RETURNING o.title, o.max_redemptions, o.redeemed_count, v.business_name, v.owner_user_id,
                  (SELECT coalesce(nullif(u.name, ''), u.username) FROM users u WHERE u.id = ${staffUserId}) AS staff_name`,
          );
          if (!offer) throw new SoldOut();
          const redeemedAt = new Date(claim.redeemed_at);
          const remaining = remainingUnits(offer.max_redemptions, Number(offer.redeemed_count));
          // The bells, committed with the redemption: the shopper's code was redeemed; the owner's offer sold out.
          await tx.insert(notifications).values({
            userId: found.user_id,
            kind: 'CLAIM_REDEEMED',
            payload: { claimId: found.id, offerId: found.offer_id, title: offer.title, businessName: offer.business_name },
          });
          if (remaining === 0) {
            await tx.insert(notifications).values({ userId: offer.owner_user_id, kind: 'OFFER_SOLD_OUT', payload: { offerId: found.offer_id, title: offer.title } });
          }
          // Issue 29 §2: the purchase stamps the shopper's card at the shop, if it runs one (and may issue a reward).
          await stampPurchase(tx, vendorId, found.user_id, { kind: 'REDEMPTION', claimId: found.id }, now);
          return {
            kind: 'redeemed',
            redemption: {
              claimId: found.id,
              code,
              offerId: found.offer_id,
              offerTitle: offer.title,
              redeemedAt: redeemedAt.toISOString(),
              undoUntil: new Date(redeemedAt.getTime() + undoMs).toISOString(),
              remaining,
              redeemedByUserId: staffUserId,
              redeemedByName: offer.staff_name,
              kind: 'OFFER',
              rewardId: null,
              rewardText: null,
            },
            soldOut: remaining === 0,
          } as const;
        });
      } catch (error) {
        if (error instanceof SoldOut) {
          const hiddenNow = await businessHidden();
          if (hiddenNow) return hiddenNow;
          // The offer may also have been paused or ended between the check above and the update: say which.
          const offer = await this.findClaimableOffer(found.offer_id);
          if (offer && (offer.status !== 'ACTIVE' || offer.startDate > today || offer.endDate < today)) return { kind: 'offer-closed', offer };
          return { kind: 'sold-out' };
        }
        throw error;
      }
    },

    /**
     * Undoes a redemption made less than `undoMs` ago: the claim back to ACTIVE, the unit back to the offer, the
     * shopper's 'redeemed' notification withdrawn, and a review written of it (issue 14) REMOVED: the purchase did not
     * happen, so its review neither shows nor counts. 'not-found' for a claim of another shop or never redeemed.
     */
    async undo(vendorId: number, claimId: number, undoMs: number, onlyRedeemedBy: number | null = null): Promise<'undone' | 'not-found' | 'too-late' | 'not-yours'> {
      return db.transaction(async (tx) => {
        const [claim] = await selectRows<{ offer_id: number }>(
          tx,
          sql`UPDATE offer_claims SET status = 'ACTIVE', redeemed_at = NULL, redeemed_by_user_id = NULL
              WHERE id = ${claimId} AND vendor_id = ${vendorId} AND status = 'REDEEMED'
                AND redeemed_at > now() - ${undoMs}::float8 * interval '1 millisecond'
                AND (${onlyRedeemedBy}::integer IS NULL OR redeemed_by_user_id = ${onlyRedeemedBy}::integer)
              RETURNING offer_id`,
        );
        if (!claim) {
          const [existing] = await selectRows<{ status: string; redeemed_by_user_id: number | null }>(
            tx,
            sql`SELECT status, redeemed_by_user_id FROM offer_claims WHERE id = ${claimId} AND vendor_id = ${vendorId}`,
          );
          if (existing?.status !== 'REDEEMED') return 'not-found';
          return onlyRedeemedBy !== null && existing.redeemed_by_user_id !== onlyRedeemedBy ? 'not-yours' : 'too-late';
        }
        await tx.execute(sql`UPDATE offers SET redeemed_count = redeemed_count - 1 WHERE offer_id = ${claim.offer_id} AND redeemed_count > 0`);
        await revokeStamp(tx, { claimId });
        await tx.execute(sql`DELETE FROM notifications WHERE kind = 'CLAIM_REDEEMED' AND (payload->>'claimId')::integer = ${claimId}`);
        await tx.execute(sql`UPDATE reviews SET status = 'REMOVED', status_reason = ${UNDONE_REVIEW_REASON} WHERE claim_id = ${claimId} AND status = 'PUBLISHED'`);
        // The offer has a unit again: an unread 'sold out' is no longer true (and would ring twice if it sells out again).
        await tx.execute(sql`DELETE FROM notifications WHERE kind = 'OFFER_SOLD_OUT' AND read_at IS NULL AND (payload->>'offerId')::integer = ${claim.offer_id}`);
        return 'undone';
      });
    },

    /** The shop's redemptions of one Malta day, newest first. */
    async listRedemptions(vendorId: number, day: string, undoMs: number): Promise<Redemption[]> {
      const rows = await selectRows<{
        id: number; code: string; offer_id: number; title: string; redeemed_at: Date | string; max_redemptions: number | null; redeemed_count: number;
        redeemed_by_user_id: number | null; redeemed_by_name: string | null;
      }>(
        db,
        sql`SELECT c.id, c.code, c.offer_id, o.title, c.redeemed_at, o.max_redemptions, o.redeemed_count,
                   c.redeemed_by_user_id, nullif(coalesce(nullif(u.name, ''), u.username), '') AS redeemed_by_name
            FROM offer_claims c JOIN offers o ON o.offer_id = c.offer_id
            LEFT JOIN users u ON u.id = c.redeemed_by_user_id AND u.deleted_at IS NULL
            WHERE c.vendor_id = ${vendorId} AND c.redeemed_at >= ${maltaMidnight(day).toISOString()}::timestamptz
              AND c.redeemed_at < ${maltaDayEnd(day).toISOString()}::timestamptz
            ORDER BY c.redeemed_at DESC, c.id DESC`,
      );
      return rows.map((row) => {
        const redeemedAt = new Date(row.redeemed_at);
        return {
          claimId: row.id,
          code: row.code,
          offerId: row.offer_id,
          offerTitle: row.title,
          redeemedAt: redeemedAt.toISOString(),
          undoUntil: new Date(redeemedAt.getTime() + undoMs).toISOString(),
          remaining: remainingUnits(row.max_redemptions, Number(row.redeemed_count)),
          redeemedByUserId: row.redeemed_by_user_id,
          redeemedByName: row.redeemed_by_name,
          kind: 'OFFER' as const,
          rewardId: null,
          rewardText: null,
        };
      });
    },
  };
}

export type ClaimsRepository = ReturnType<typeof createClaimsRepository>;

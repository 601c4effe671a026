/**
 * SQL for shops' stamp cards (issue 29 §2, ADR 026): a business's running card (stamp_cards with ended_at null, at
 * most one by the partial unique index), started or changed by one upsert and ended by one UPDATE, so two requests at
 * once leave one card.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { STAMP_PASS_PREFIX, type MyStampCard, type StampCard, type StampCardRequest, type StampReward, type StampRewardStatus } from '@qrib/shared/stamp-card-schemas';
import { selectRows, type Db } from '../../../db/client.ts';
import { isMemberSql } from '../../../db/membership-sql.ts';
import { SHOP_SEEN_BY_SHOPPERS } from '../../../db/shopper-visibility.ts';
import { establishedSql } from '../../trust/index.ts';
import { countingStampSql, issueRewards, lockCard, stampPurchase, withdrawReward } from './stamps.ts';

interface StampCardRow {
  id: number;
  stamps_required: number;
  reward_text: string;
  expires_after_days: number | null;
  started_at: Date | string;
  updated_at: Date | string;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function present(row: StampCardRow): StampCard {
  return {
    id: row.id,
    stampsRequired: row.stamps_required,
    rewardText: row.reward_text,
    expiresAfterDays: row.expires_after_days,
    startedAt: iso(row.started_at),
    updatedAt: iso(row.updated_at),
  };
}

const COLUMNS = sql`id, stamps_required, reward_text, expires_after_days, started_at, updated_at`;

interface RewardRow {
  id: number;
  vendor_id: number;
  business_name: string;
  code: string;
  reward_text: string;
  created_at: Date | string;
  expires_at: Date | string | null;
  redeemed_at: Date | string | null;
  revoked_at: Date | string | null;
}

function rewardStatus(row: RewardRow, now: Date): StampRewardStatus {
  if (row.redeemed_at !== null) return 'REDEEMED';
  if (row.revoked_at !== null) return 'REVOKED';
  if (row.expires_at !== null && new Date(row.expires_at).getTime() <= now.getTime()) return 'EXPIRED';
  return 'ACTIVE';
}

function presentReward(row: RewardRow, now: Date): StampReward {
  return {
    rewardId: row.id,
    vendorId: row.vendor_id,
    businessName: row.business_name,
    code: row.code,
    rewardText: row.reward_text,
    status: rewardStatus(row, now),
    createdAt: iso(row.created_at),
    expiresAt: row.expires_at === null ? null : iso(row.expires_at),
    redeemedAt: row.redeemed_at === null ? null : iso(row.redeemed_at),
  };
}

const REWARD_COLUMNS = sql`r.id, r.vendor_id, v.business_name, r.code, r.reward_text, r.created_at, r.expires_at, r.redeemed_at, r.revoked_at`;

/** A shopper's stamps that count toward a reward (countingStampSql), on a card `c` (an alias) that runs. */
const unusedStampsSql = (userId: number) =>
  sql`(SELECT count(*)::integer FROM stamps s WHERE s.card_id = c.id AND s.user_id = ${userId} AND ${countingStampSql('s')} AND c.ended_at IS NULL)`;

/** What redeeming a reward code at the till came to. */
export type RewardRedeemOutcome =
  | { kind: 'redeemed'; reward: StampReward; redeemedByName: string | null }
  | { kind: 'unknown' }
  | { kind: 'already-redeemed'; redeemedAt: Date }
  | { kind: 'expired'; expiresAt: Date }
  | { kind: 'revoked' };

/** What a till stamp came to. */
export type TillStampOutcome =
  | { kind: 'stamped'; stampId: number; stamps: number; provisionalStamps: number; stampsRequired: number; rewardIssued: boolean }
  | { kind: 'unknown-pass' }
  | { kind: 'no-card' }
  | { kind: 'member' }
  | { kind: 'already-today' }
  | { kind: 'business-hidden'; status: string; reason: string | null };

export function createStampCardsRepository(db: Db) {
  /** The shopper's progress on the shop's running card: unused stamps, real when the account is established for it. */
  async function progress(q: Db, vendorId: number, userId: number): Promise<{ stamps: number; provisionalStamps: number; stampsRequired: number } | undefined> {
    const [row] = await selectRows<{ unused: number; established: boolean; stamps_required: number }>(
      q,
      sql`SELECT ${unusedStampsSql(userId)} AS unused, ${establishedSql('u', vendorId)} AS established, c.stamps_required
          FROM stamp_cards c JOIN users u ON u.id = ${userId} WHERE c.vendor_id = ${vendorId} AND c.ended_at IS NULL`,
    );
    if (!row) return undefined;
    const unused = Number(row.unused);
    return { stamps: row.established ? unused : 0, provisionalStamps: row.established ? 0 : unused, stampsRequired: row.stamps_required };
  }

  return {
    /** The card the business runs, or null. */
    async running(vendorId: number): Promise<StampCard | null> {
      const [row] = await selectRows<StampCardRow>(db, sql`SELECT ${COLUMNS} FROM stamp_cards WHERE vendor_id = ${vendorId} AND ended_at IS NULL`);
      return row ? present(row) : null;
    },

    /**
     * Starts the business's card, or changes the terms of the one it runs (its stamps so far count toward the new
     * number; the rewards already earned keep theirs). `started` says which; null, writing nothing, for a CLOSED
     * business. The business's row is held FOR SHARE meanwhile, so a closing either waits and then ends this card, or
     * has committed and is seen here.
     */
    async put(vendorId: number, terms: StampCardRequest): Promise<{ card: StampCard; started: boolean } | null> {
      return db.transaction(async (tx) => {
        const [business] = await selectRows<{ status: string }>(tx, sql`SELECT status FROM vendors WHERE id = ${vendorId} FOR SHARE`);
        if (!business || business.status === 'CLOSED') return null;
        // xmax is 0 on a row version this statement inserted; an ON CONFLICT update leaves its own transaction id there.
        const [row] = await selectRows<StampCardRow & { started: boolean }>(
          tx,
          sql`INSERT INTO stamp_cards (vendor_id, stamps_required, reward_text, expires_after_days)
              VALUES (${vendorId}, ${terms.stampsRequired}, ${terms.rewardText}, ${terms.expiresAfterDays ?? null})
              ON CONFLICT (vendor_id) WHERE ended_at IS NULL DO UPDATE SET
                stamps_required = excluded.stamps_required,
                reward_text = excluded.reward_text,
                expires_after_days = excluded.expires_after_days,
                updated_at = now()
              RETURNING ${COLUMNS}, (xmax = 0) AS started`,
        );
        if (!row) throw new Error('the stamp card upsert returned no row');
        return { card: present(row), started: row.started };
      });
    },

    /** Ends the business's card; false when it ran none. */
    async end(vendorId: number): Promise<boolean> {
      const rows = await selectRows<{ id: number }>(db, sql`UPDATE stamp_cards SET ended_at = now() WHERE vendor_id = ${vendorId} AND ended_at IS NULL RETURNING id`);
      return rows.length > 0;
    },

    /**
     * The shopper's cards (issue 29 §2): every shop whose running card has their unused stamps, and every shop whose
     * card gave them a reward, by name. First the rewards their stamps allow are issued: stamps collected while the
     * account was new become real the day it is established, and a lowered `stampsRequired` is reached.
     */
    async listForShopper(userId: number, now = new Date()): Promise<MyStampCard[]> {
      const due = await selectRows<{ vendor_id: number }>(
        db,
        sql`SELECT c.vendor_id FROM stamp_cards c
            WHERE c.ended_at IS NULL AND c.id IN (SELECT card_id FROM stamps WHERE user_id = ${userId}) AND ${unusedStampsSql(userId)} >= c.stamps_required`,
      );
      for (const { vendor_id: vendorId } of due) await db.transaction((tx) => issueRewards(tx, vendorId, userId, now));
      const cards = await selectRows<{
        vendor_id: number; business_name: string; stamps_required: number; reward_text: string; expires_after_days: number | null; running: boolean; unused: number; established: boolean;
      }>(
        db,
        sql`SELECT v.id AS vendor_id, v.business_name, c.stamps_required, c.reward_text, c.expires_after_days, c.ended_at IS NULL AS running,
                   ${unusedStampsSql(userId)} AS unused, ${establishedSql('u', sql`v.id`)} AS established
            FROM vendors v
            JOIN LATERAL (SELECT * FROM stamp_cards sc WHERE sc.vendor_id = v.id ORDER BY sc.ended_at IS NULL DESC, sc.started_at DESC, sc.id DESC LIMIT 1) c ON true
            JOIN users u ON u.id = ${userId}
            WHERE v.id IN (SELECT s.vendor_id FROM stamps s JOIN stamp_cards sc ON sc.id = s.card_id AND sc.ended_at IS NULL
                           WHERE s.user_id = ${userId} AND ${countingStampSql('s')}
                           UNION SELECT r.vendor_id FROM stamp_rewards r WHERE r.user_id = ${userId})
            ORDER BY v.business_name, v.id`,
      );
      const rewards = await selectRows<RewardRow>(
        db,
        sql`SELECT ${REWARD_COLUMNS} FROM stamp_rewards r JOIN vendors v ON v.id = r.vendor_id WHERE r.user_id = ${userId} ORDER BY r.created_at DESC, r.id DESC`,
      );
      return cards.map((card) => {
        const unused = Number(card.unused);
        return {
          vendorId: card.vendor_id,
          businessName: card.business_name,
          stamps: card.established ? unused : 0,
          provisionalStamps: card.established ? 0 : unused,
          stampsRequired: card.stamps_required,
          rewardText: card.reward_text,
          expiresAfterDays: card.expires_after_days,
          running: card.running,
          rewards: rewards.filter((reward) => reward.vendor_id === card.vendor_id).map((reward) => presentReward(reward, now)),
        };
      });
    },

    /** The shop's running card as anyone sees it (undefined: the shop is not seen by shoppers; null: it runs none). */
    async publicCard(vendorId: number, viewerUserId: number | null) {
      const [shop] = await selectRows<{ seen: boolean; member: boolean }>(
        db,
        sql`SELECT ${SHOP_SEEN_BY_SHOPPERS} AS seen, ${viewerUserId === null ? sql`false` : isMemberSql(sql`v.id`, viewerUserId)} AS member FROM vendors v WHERE v.id = ${vendorId}`,
      );
      if (!shop || (!shop.seen && !shop.member)) return undefined;
      const card = await this.running(vendorId);
      if (!card) return null;
      const mine = viewerUserId === null || shop.member ? undefined : await progress(db, vendorId, viewerUserId);
      return {
        stampsRequired: card.stampsRequired,
        rewardText: card.rewardText,
        expiresAfterDays: card.expiresAfterDays,
        mine: mine ? { stamps: mine.stamps, provisionalStamps: mine.provisionalStamps } : null,
      };
    },

    /** The shopper's stamp pass (what their card's QR carries), made the first time it is asked for. */
    async passFor(userId: number): Promise<string> {
      const token = randomBytes(16).toString('base64url');
      await db.execute(sql`INSERT INTO stamp_passes (user_id, token) VALUES (${userId}, ${token}) ON CONFLICT (user_id) DO NOTHING`);
      const [row] = await selectRows<{ token: string }>(db, sql`SELECT token FROM stamp_passes WHERE user_id = ${userId}`);
      if (!row) throw new Error('stamp pass missing after insert');
      return `${STAMP_PASS_PREFIX}${row.token}`;
    },

    /**
     * A till stamp (issue 29 §2): the cashier scanned the shopper's pass for a purchase without an offer. The business
     * must be seen by shoppers (the caller checks); the stamp and any reward it completes are one transaction.
     */
    async tillStamp(vendorId: number, staffUserId: number, pass: string, now = new Date()): Promise<TillStampOutcome> {
      const token = pass.slice(STAMP_PASS_PREFIX.length);
      return db.transaction(async (tx): Promise<TillStampOutcome> => {
        // Held FOR SHARE, as a redemption sees it: a suspension or a closing committed meanwhile wins.
        const [business] = await selectRows<{ status: string; status_reason: string | null; seen: boolean }>(
          tx,
          sql`SELECT v.status, v.status_reason, ${SHOP_SEEN_BY_SHOPPERS} AS seen FROM vendors v WHERE v.id = ${vendorId} FOR SHARE`,
        );
        if (!business?.seen) return { kind: 'business-hidden', status: business?.status ?? 'CLOSED', reason: business?.status_reason ?? null };
        const [holder] = await selectRows<{ user_id: number }>(
          tx,
          sql`SELECT p.user_id FROM stamp_passes p JOIN users u ON u.id = p.user_id AND u.deleted_at IS NULL WHERE p.token = ${token}`,
        );
        if (!holder) return { kind: 'unknown-pass' };
        const outcome = await stampPurchase(tx, vendorId, holder.user_id, { kind: 'TILL', staffUserId }, now);
        if (outcome.kind === 'no-card' || outcome.kind === 'member') return outcome;
        if (outcome.kind === 'not-stamped') return { kind: 'already-today' };
        const after = await progress(tx, vendorId, holder.user_id);
        if (!after) throw new Error('stamp card gone inside the stamp transaction');
        return { kind: 'stamped', stampId: outcome.stampId, ...after, rewardIssued: outcome.rewardsIssued > 0 };
      });
    },

    /**
     * Redeems the shop's reward with this code, once (issue 29 §2): a conditional UPDATE, so of two scans at once
     * exactly one wins. Another shop's reward code is 'unknown', like a code the shop never issued.
     */
    async redeemReward(vendorId: number, code: string, staffUserId: number, now = new Date()): Promise<RewardRedeemOutcome> {
      const [row] = await selectRows<RewardRow & { staff_name: string | null }>(
        db,
        sql`UPDATE stamp_rewards r SET redeemed_at = now(), redeemed_by_user_id = ${staffUserId}
            FROM vendors v
            WHERE v.id = r.vendor_id AND r.vendor_id = ${vendorId} AND r.code = ${code} AND r.redeemed_at IS NULL AND r.revoked_at IS NULL
              AND (r.expires_at IS NULL OR r.expires_at > ${now.toISOString()}::timestamptz)
            RETURNING ${REWARD_COLUMNS}, (SELECT coalesce(nullif(u.name, ''), u.username) FROM users u WHERE u.id = ${staffUserId}) AS staff_name`,
      );
      if (row) return { kind: 'redeemed', reward: presentReward(row, now), redeemedByName: row.staff_name };
      const [found] = await selectRows<{ redeemed_at: Date | string | null; revoked_at: Date | string | null; expires_at: Date | string | null }>(
        db,
        sql`SELECT redeemed_at, revoked_at, expires_at FROM stamp_rewards WHERE vendor_id = ${vendorId} AND code = ${code}`,
      );
      if (!found) return { kind: 'unknown' };
      if (found.redeemed_at !== null) return { kind: 'already-redeemed', redeemedAt: new Date(found.redeemed_at) };
      if (found.revoked_at !== null) return { kind: 'revoked' };
      return { kind: 'expired', expiresAt: new Date(found.expires_at ?? now) };
    },

    /**
     * Undoes a reward's redemption made less than `undoMs` ago (a mistake at the till); `onlyRedeemedBy` as for codes.
     * A reward one of whose stamps was taken back meanwhile (its code's redemption undone) is not given back: it is
     * withdrawn, and its other stamps count toward the next one.
     */
    async undoReward(vendorId: number, rewardId: number, undoMs: number, onlyRedeemedBy: number | null, now = new Date()): Promise<'undone' | 'not-found' | 'too-late' | 'not-yours'> {
      return db.transaction(async (tx) => {
        const [row] = await selectRows<{ id: number; card_id: number; user_id: number }>(
          tx,
          sql`UPDATE stamp_rewards SET redeemed_at = NULL, redeemed_by_user_id = NULL
              WHERE id = ${rewardId} AND vendor_id = ${vendorId} AND redeemed_at > now() - ${undoMs}::float8 * interval '1 millisecond'
                AND (${onlyRedeemedBy}::integer IS NULL OR redeemed_by_user_id = ${onlyRedeemedBy}::integer)
              RETURNING id, card_id, user_id`,
        );
        if (row) {
          await lockCard(tx, row.card_id, row.user_id);
          const [taken] = await selectRows<{ taken: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM stamps WHERE reward_id = ${row.id} AND revoked_at IS NOT NULL) AS taken`);
          if (taken?.taken) await withdrawReward(tx, row.id, vendorId, row.user_id, now);
          return 'undone';
        }
        const [existing] = await selectRows<{ redeemed_at: Date | string | null; redeemed_by_user_id: number | null }>(
          tx,
          sql`SELECT redeemed_at, redeemed_by_user_id FROM stamp_rewards WHERE id = ${rewardId} AND vendor_id = ${vendorId}`,
        );
        if (!existing || existing.redeemed_at === null) return 'not-found';
        return onlyRedeemedBy !== null && existing.redeemed_by_user_id !== onlyRedeemedBy ? 'not-yours' : 'too-late';
      });
    },

    /** The shop's reward redemptions of one Malta day, for the till's list. */
    async listRewardRedemptions(vendorId: number, from: Date, to: Date) {
      return selectRows<{ id: number; code: string; reward_text: string; redeemed_at: Date | string; redeemed_by_user_id: number | null; redeemed_by_name: string | null }>(
        db,
        sql`SELECT r.id, r.code, r.reward_text, r.redeemed_at, r.redeemed_by_user_id, nullif(coalesce(nullif(u.name, ''), u.username), '') AS redeemed_by_name
            FROM stamp_rewards r LEFT JOIN users u ON u.id = r.redeemed_by_user_id AND u.deleted_at IS NULL
            WHERE r.vendor_id = ${vendorId} AND r.redeemed_at >= ${from.toISOString()}::timestamptz AND r.redeemed_at < ${to.toISOString()}::timestamptz`,
      );
    },
  };
}

export type StampCardsRepository = ReturnType<typeof createStampCardsRepository>;

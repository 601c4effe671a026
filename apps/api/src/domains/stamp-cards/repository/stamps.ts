/**
 * Stamps and rewards (issue 29 §2, ADR 026), written inside the transaction of the purchase that earns them: the
 * redemption at the till, the receipt's verdict, the till stamp. The database holds the rules under any concurrency:
 * a partial unique index allows one live stamp a purchase and one a shopper a shop a Malta day; rewards are counted
 * under a transaction-scoped advisory lock on (card, shopper), so purchases at once give exactly the rewards the
 * stamps allow. A stamp of an account not yet established (ADR 016, computed when read) is provisional: it counts,
 * and a reward is issued from it, only once the account is established for the shop.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { CLAIM_CODE_ALPHABET, CLAIM_CODE_LENGTH, maltaToday } from '@qrib/shared';
import { selectRows, type Db } from '../../../db/client.ts';
import { isMemberSql } from '../../../db/membership-sql.ts';
import { establishedSql } from '../../trust/index.ts';

/** The advisory lock class of reward counting (pg_advisory_xact_lock(class, key)); others in kernel/repository. */
const REWARD_LOCK_CLASS = 0x5354414d;
/** Draws before giving up on a free reward code (31^8 codes a shop). */
const CODE_DRAWS = 8;

export type StampSource = { kind: 'REDEMPTION'; claimId: number } | { kind: 'RECEIPT'; receiptId: number } | { kind: 'TILL'; staffUserId: number };

export type StampOutcome =
  | { kind: 'stamped'; stampId: number; rewardsIssued: number }
  | { kind: 'no-card' }
  | { kind: 'member' }
  /** This purchase has its stamp already, or the shopper has today's stamp at this shop. */
  | { kind: 'not-stamped' };

function drawRewardCode(): string {
  let code = '';
  for (let index = 0; index < CLAIM_CODE_LENGTH; index += 1) code += CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)];
  return code;
}

/**
 * Stamps the shopper's card at the shop for one purchase, in the caller's transaction `tx`, and issues the rewards
 * the stamps now allow. The Malta day is the purchase's: today on the app's clock (`now`) unless `day` says another.
 */
export async function stampPurchase(tx: Db, vendorId: number, userId: number, source: StampSource, now = new Date(), day = maltaToday(now)): Promise<StampOutcome> {
  const [card] = await selectRows<{ id: number; member: boolean }>(
    tx,
    sql`SELECT sc.id, ${isMemberSql(sql`sc.vendor_id`, userId)} AS member FROM stamp_cards sc WHERE sc.vendor_id = ${vendorId} AND sc.ended_at IS NULL`,
  );
  if (!card) return { kind: 'no-card' };
  // The shop's own people would stamp their own cards.
  if (card.member) return { kind: 'member' };
  const claimId = source.kind === 'REDEMPTION' ? source.claimId : null;
  const receiptId = source.kind === 'RECEIPT' ? source.receiptId : null;
  const staffUserId = source.kind === 'TILL' ? source.staffUserId : null;
  // ON CONFLICT without a target: any of the partial unique indexes (the purchase's stamp, the day's stamp) says no.
  const [stamp] = await selectRows<{ id: number }>(
    tx,
    sql`INSERT INTO stamps (card_id, vendor_id, user_id, source, claim_id, receipt_id, stamped_by_user_id, malta_day)
        VALUES (${card.id}, ${vendorId}, ${userId}, ${source.kind}, ${claimId}, ${receiptId}, ${staffUserId}, ${day}::date)
        ON CONFLICT DO NOTHING RETURNING id`,
  );
  if (!stamp) return { kind: 'not-stamped' };
  const rewardsIssued = await issueRewards(tx, vendorId, userId, now);
  return { kind: 'stamped', stampId: Number(stamp.id), rewardsIssued };
}

/**
 * Issues the rewards the shopper's live, unused stamps on the shop's running card allow, when the account is
 * established for the shop: one reward a `stamps_required` stamps, oldest first, the card's text and expiry copied.
 * Under the advisory lock on (card, shopper), so two transactions never count the same stamps. Answers how many.
 */
export async function issueRewards(tx: Db, vendorId: number, userId: number, now = new Date()): Promise<number> {
  const [card] = await selectRows<{ id: number; stamps_required: number; reward_text: string; expires_after_days: number | null }>(
    tx,
    sql`SELECT id, stamps_required, reward_text, expires_after_days FROM stamp_cards WHERE vendor_id = ${vendorId} AND ended_at IS NULL`,
  );
  if (!card) return 0;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${REWARD_LOCK_CLASS}::int, hashtext(${`${card.id}:${userId}`}))`);
  // A statement after the lock: under READ COMMITTED it sees every stamp and reward committed before the lock was ours.
  const [state] = await selectRows<{ unused: number; established: boolean }>(
    tx,
    sql`SELECT (SELECT count(*)::integer FROM stamps s WHERE s.card_id = ${card.id} AND s.user_id = ${userId} AND s.revoked_at IS NULL AND s.reward_id IS NULL) AS unused,
               ${establishedSql('u', vendorId)} AS established
        FROM users u WHERE u.id = ${userId}`,
  );
  if (!state?.established) return 0;
  let issued = 0;
  for (let left = Number(state.unused); left >= card.stamps_required; left -= card.stamps_required) {
    const rewardId = await insertReward(tx, card, vendorId, userId, now);
    await tx.execute(sql`
      UPDATE stamps SET reward_id = ${rewardId}
      WHERE id IN (SELECT id FROM stamps WHERE card_id = ${card.id} AND user_id = ${userId} AND revoked_at IS NULL AND reward_id IS NULL
                   ORDER BY malta_day, id LIMIT ${card.stamps_required})`);
    await tx.execute(sql`
      INSERT INTO notifications (user_id, kind, payload)
      SELECT ${userId}, 'STAMP_REWARD', jsonb_build_object('rewardId', ${rewardId}::integer, 'vendorId', v.id, 'businessName', v.business_name, 'rewardText', ${card.reward_text}::text)
      FROM vendors v WHERE v.id = ${vendorId}`);
    issued += 1;
  }
  return issued;
}

async function insertReward(
  tx: Db,
  card: { id: number; reward_text: string; expires_after_days: number | null },
  vendorId: number,
  userId: number,
  now: Date,
): Promise<number> {
  const expiresAt = card.expires_after_days === null ? null : new Date(now.getTime() + card.expires_after_days * 86_400_000).toISOString();
  for (let draw = 0; draw < CODE_DRAWS; draw += 1) {
    const code = drawRewardCode();
    // One till reads offer codes and reward codes: a code one of the shop's offer codes has is drawn again.
    const [row] = await selectRows<{ id: number }>(
      tx,
      sql`INSERT INTO stamp_rewards (card_id, vendor_id, user_id, code, reward_text, expires_at, created_at)
          SELECT ${card.id}, ${vendorId}, ${userId}, ${code}, ${card.reward_text}, ${expiresAt}::timestamptz, ${now.toISOString()}::timestamptz
          WHERE NOT EXISTS (SELECT 1 FROM offer_claims c WHERE c.vendor_id = ${vendorId} AND c.code = ${code})
          ON CONFLICT (vendor_id, code) DO NOTHING RETURNING id`,
    );
    if (row) return row.id;
  }
  throw new Error(`no free reward code after ${CODE_DRAWS} draws`);
}

/**
 * Takes back the live stamp of a purchase that did not happen (a redemption undone, a receipt rejected after a
 * dispute), in the caller's transaction. A reward it went into that is still unused is revoked too, and that reward's
 * other stamps are free again (they count toward the next one); a reward already redeemed stays redeemed.
 */
export async function revokeStamp(tx: Db, purchase: { claimId: number } | { receiptId: number }, now = new Date()): Promise<void> {
  const where = 'claimId' in purchase ? sql`claim_id = ${purchase.claimId}` : sql`receipt_id = ${purchase.receiptId}`;
  const [stamp] = await selectRows<{ reward_id: number | null; vendor_id: number; user_id: number }>(
    tx,
    sql`UPDATE stamps SET revoked_at = now() WHERE ${where} AND revoked_at IS NULL RETURNING reward_id, vendor_id, user_id`,
  );
  if (!stamp || stamp.reward_id === null) return;
  const [revoked] = await selectRows<{ id: number }>(
    tx,
    sql`UPDATE stamp_rewards SET revoked_at = now() WHERE id = ${stamp.reward_id} AND redeemed_at IS NULL AND revoked_at IS NULL RETURNING id`,
  );
  if (!revoked) return;
  await tx.execute(sql`UPDATE stamps SET reward_id = NULL WHERE reward_id = ${revoked.id}`);
  await tx.execute(sql`DELETE FROM notifications WHERE kind = 'STAMP_REWARD' AND (payload->>'rewardId')::integer = ${revoked.id}`);
  // The freed stamps may still make a reward with others the shopper has.
  await issueRewards(tx, stamp.vendor_id, stamp.user_id, now);
}

/**
 * Stamps for a receipt that has just become VERIFIED (the automatic check, the owner's decision, an admin settling a
 * dispute), in that decision's transaction. A receipt naming a redeemed code proves the purchase the redemption
 * stamped already (purchasesSql counts it once too), so it stamps nothing. The day is the receipt's (its upload).
 */
export async function stampReceipt(tx: Db, receiptId: number, now = new Date()): Promise<StampOutcome | undefined> {
  const [receipt] = await selectRows<{ consumer_user_id: number; vendor_id: number; day: string }>(
    tx,
    sql`SELECT r.consumer_user_id, r.vendor_id, to_char(r.created_at AT TIME ZONE 'Europe/Malta', 'YYYY-MM-DD') AS day
        FROM receipts r JOIN users u ON u.id = r.consumer_user_id AND u.deleted_at IS NULL
        WHERE r.id = ${receiptId} AND r.status = 'VERIFIED'
          AND NOT EXISTS (SELECT 1 FROM offer_claims rc WHERE rc.id = r.claim_id AND rc.status = 'REDEEMED')`,
  );
  if (!receipt) return undefined;
  return stampPurchase(tx, receipt.vendor_id, receipt.consumer_user_id, { kind: 'RECEIPT', receiptId }, now, receipt.day);
}

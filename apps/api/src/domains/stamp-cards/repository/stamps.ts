/**
 * Stamps and rewards (issue 29 §2, ADR 026), written inside the transaction of the purchase that earns them: the
 * redemption at the till, the receipt's verdict, the till stamp. The database holds the rules under any concurrency:
 * a partial unique index allows one live stamp a purchase and one a shopper a shop a Malta day; rewards are counted
 * under a transaction-scoped advisory lock on (card, shopper), so purchases at once give exactly the rewards the
 * stamps allow. A stamp of an account not yet established (ADR 016, computed when read) is provisional: it counts,
 * and a reward is issued from it, only once the account is established for the shop.
 */
import { randomInt } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { CLAIM_CODE_ALPHABET, CLAIM_CODE_LENGTH, addDays, maltaDayEnd, maltaToday } from '@qrib/shared';
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

/**
 * A stamp `s` (an alias) that counts toward a reward: live, in no reward yet, and not of a receipt whose VERIFIED is
 * disputed (the owner rejected what the check verified: it counts again if an admin settles it VERIFIED).
 */
export function countingStampSql(s: string): SQL {
  const column = (name: string) => sql.raw(`${s}.${name}`);
  return sql`(${column('revoked_at')} IS NULL AND ${column('reward_id')} IS NULL
    AND NOT EXISTS (SELECT 1 FROM receipts sr WHERE sr.id = ${column('receipt_id')} AND sr.status <> 'VERIFIED'))`;
}

/** The (card, shopper) lock every counting and taking back of their stamps holds, for the rest of the transaction. */
export async function lockCard(tx: Db, cardId: number, userId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${REWARD_LOCK_CLASS}::int, hashtext(${`${cardId}:${userId}`}))`);
}

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
  await lockCard(tx, card.id, userId);
  // A statement after the lock: under READ COMMITTED it sees every stamp and reward committed before the lock was ours.
  const [state] = await selectRows<{ unused: number; established: boolean }>(
    tx,
    sql`SELECT (SELECT count(*)::integer FROM stamps s WHERE s.card_id = ${card.id} AND s.user_id = ${userId} AND ${countingStampSql('s')}) AS unused,
               ${establishedSql('u', vendorId)} AS established
        FROM users u WHERE u.id = ${userId}`,
  );
  if (!state?.established) return 0;
  let issued = 0;
  for (let left = Number(state.unused); left >= card.stamps_required; left -= card.stamps_required) {
    const rewardId = await insertReward(tx, card, vendorId, userId, now);
    await tx.execute(sql`
      UPDATE stamps SET reward_id = ${rewardId}
      WHERE id IN (SELECT s.id FROM stamps s WHERE s.card_id = ${card.id} AND s.user_id = ${userId} AND ${countingStampSql('s')}
                   ORDER BY s.malta_day, s.id LIMIT ${card.stamps_required})`);
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
  // Valid to the end of the last Malta day, as the shopper's screen says it ('Valid until 8 Dec').
  const expiresAt = card.expires_after_days === null ? null : maltaDayEnd(addDays(maltaToday(now), card.expires_after_days)).toISOString();
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
  const [live] = await selectRows<{ card_id: number; user_id: number }>(tx, sql`SELECT card_id, user_id FROM stamps WHERE ${where} AND revoked_at IS NULL`);
  if (!live) return;
  // The lock a count of rewards holds: no count sees this stamp live while it is being taken back.
  await lockCard(tx, live.card_id, live.user_id);
  const [stamp] = await selectRows<{ reward_id: number | null; vendor_id: number; user_id: number }>(
    tx,
    sql`UPDATE stamps SET revoked_at = now() WHERE ${where} AND revoked_at IS NULL RETURNING reward_id, vendor_id, user_id`,
  );
  if (!stamp || stamp.reward_id === null) return;
  await withdrawReward(tx, stamp.reward_id, stamp.vendor_id, stamp.user_id, now);
}

/**
 * Withdraws an unused reward one of whose stamps was taken back: `revoked_at` set, its other stamps free again (they
 * count toward the next one), the bell's word of it gone, and the rewards the shopper's stamps still allow issued.
 * False when the reward was redeemed meanwhile (it stays redeemed).
 */
export async function withdrawReward(tx: Db, rewardId: number, vendorId: number, userId: number, now = new Date()): Promise<boolean> {
  const [revoked] = await selectRows<{ id: number }>(
    tx,
    sql`UPDATE stamp_rewards SET revoked_at = now() WHERE id = ${rewardId} AND redeemed_at IS NULL AND revoked_at IS NULL RETURNING id`,
  );
  if (!revoked) return false;
  await tx.execute(sql`UPDATE stamps SET reward_id = NULL WHERE reward_id = ${revoked.id} AND revoked_at IS NULL`);
  await tx.execute(sql`DELETE FROM notifications WHERE kind = 'STAMP_REWARD' AND (payload->>'rewardId')::integer = ${revoked.id}`);
  await issueRewards(tx, vendorId, userId, now);
  return true;
}

/**
 * The owner rejected a receipt the check had VERIFIED (a dispute, issue 14): its stamp counts toward nothing until an
 * admin settles it (countingStampSql), so an unused reward made with it is withdrawn now; a VERIFIED settlement counts
 * the stamp again (stampReceipt), a REJECTED one takes it back (revokeStamp).
 */
export async function holdReceiptStamp(tx: Db, receiptId: number, now = new Date()): Promise<void> {
  const [stamp] = await selectRows<{ card_id: number; user_id: number; vendor_id: number; reward_id: number | null }>(
    tx,
    sql`SELECT card_id, user_id, vendor_id, reward_id FROM stamps WHERE receipt_id = ${receiptId} AND revoked_at IS NULL`,
  );
  if (!stamp || stamp.reward_id === null) return;
  await lockCard(tx, stamp.card_id, stamp.user_id);
  await withdrawReward(tx, stamp.reward_id, stamp.vendor_id, stamp.user_id, now);
}

/**
 * Stamps for a receipt that has just become VERIFIED (the automatic check, the owner's decision, an admin settling a
 * dispute), in that decision's transaction. A receipt naming a redeemed code proves the purchase the redemption
 * stamped already (purchasesSql counts it once too), so it stamps nothing. The day is the purchase's: the date read
 * off the receipt (never after its upload), else the upload's; so a receipt uploaded days later cannot take another
 * day's stamp, and the day's stamp of a till stamp or a redemption is the receipt's too. A receipt stamped already
 * (a dispute settled VERIFIED) counts again: the rewards it allows are issued.
 */
export async function stampReceipt(tx: Db, receiptId: number, now = new Date()): Promise<StampOutcome | undefined> {
  const [receipt] = await selectRows<{ consumer_user_id: number; vendor_id: number; day: string }>(
    tx,
    sql`SELECT r.consumer_user_id, r.vendor_id,
               to_char(LEAST(coalesce(r.extracted_date, (r.created_at AT TIME ZONE 'Europe/Malta')::date), (r.created_at AT TIME ZONE 'Europe/Malta')::date), 'YYYY-MM-DD') AS day
        FROM receipts r JOIN users u ON u.id = r.consumer_user_id AND u.deleted_at IS NULL
        WHERE r.id = ${receiptId} AND r.status = 'VERIFIED'
          AND NOT EXISTS (SELECT 1 FROM offer_claims rc WHERE rc.id = r.claim_id AND rc.status = 'REDEEMED')`,
  );
  if (!receipt) return undefined;
  const outcome = await stampPurchase(tx, receipt.vendor_id, receipt.consumer_user_id, { kind: 'RECEIPT', receiptId }, now, receipt.day);
  if (outcome.kind === 'not-stamped') await issueRewards(tx, receipt.vendor_id, receipt.consumer_user_id, now);
  return outcome;
}

/**
 * Redemption command (issue 13, DESIGN.md §10 Redemption): the shop's staff redeem a code once at the till. The
 * limit is held by the database (domains/claims/repository.ts). Throws DomainError, never HTTP.
 */
import { REDEMPTION_FAILURE_WINDOW_MINUTES, REDEMPTION_FAILURES_PER_SESSION, maltaToday, type Redemption } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import { closedReason, maltaClock, maltaDayAndClock, UNDO_MS } from './claim-codes.ts';
import type { ClaimsRepository } from './repository.ts';
import type { RateLimitCountersRepository } from '../../kernel/repository/rate-limit-counters.ts';
import type { BurstCheck } from '../trust/index.ts';
import type { RewardRedeemOutcome, StampCardsRepository } from '../stamp-cards/index.ts';

const FAILURE_WINDOW_MS = REDEMPTION_FAILURE_WINDOW_MINUTES * 60_000;

export interface RedeemDeps {
  claims: ClaimsRepository;
  counters: RateLimitCountersRepository;
  /** A staff session's turn at a slowed till (createSerialWait with REDEMPTION_WAIT_SECONDS). */
  waitTurn: (sessionId: string) => Promise<void>;
  /** Run once the redemption is written: a burst of new accounts at the shop is listed (issue 24). */
  checkForBursts: BurstCheck;
  /** Issue 29 §2: the till reads stamp-card rewards too (a code no offer of the shop has). */
  rewards: Pick<StampCardsRepository, 'redeemReward'>;
}

/**
 * Redeems the shop's code once; 409 businessSuspended (businessPending, businessRejected, businessClosed) while
 * shoppers do not see the business (issue 14). 404 for a code the shop never issued (another shop's included: no
 * probing). 409 for a code already redeemed (with when), an offer not open today, or one sold out.
 *
 * Wrong codes are counted per staff session (a typo at one till slows no other) and per code shape: the same wrong
 * code typed again counts once. Past REDEMPTION_FAILURES_PER_SESSION different wrong codes in the window, the session
 * waits REDEMPTION_WAIT_SECONDS before each code is answered, its codes one after the other, so guessing stays slow;
 * a genuine code is never refused, only answered after the wait (issue 25: a lock of the whole till refused real
 * codes for ten minutes).
 */
export async function redeemCode(deps: RedeemDeps, vendorId: number, staff: { id: number; sessionId: string }, code: string, now = new Date()): Promise<Redemption> {
  const failuresKey = `!redeem-failures:${staff.sessionId}`;
  let hasWaited = false;
  if ((await deps.counters.read(failuresKey)).current >= REDEMPTION_FAILURES_PER_SESSION) {
    await deps.waitTurn(staff.sessionId);
    hasWaited = true;
  }
  const outcome = await deps.claims.redeem(vendorId, code, staff.id, maltaToday(now), UNDO_MS, now);
  if (outcome.kind === 'unknown') {
    // No offer code of the shop: perhaps one of its stamp card's rewards (the business is seen: checked above).
    const reward = await deps.rewards.redeemReward(vendorId, code, staff.id, now);
    if (reward.kind !== 'unknown') return rewardRedemption(reward, staff.id);
  }
  if (outcome.kind === 'unknown') {
    // Counted in one statement each: of a burst of wrong codes sent at once, those past the limit wait too.
    const sameCode = await deps.counters.increment(`!redeem-wrong:${staff.sessionId}:${code}`, FAILURE_WINDOW_MS);
    if (sameCode.current === 1) {
      const counted = await deps.counters.increment(failuresKey, FAILURE_WINDOW_MS);
      if (counted.current > REDEMPTION_FAILURES_PER_SESSION && !hasWaited) await deps.waitTurn(staff.sessionId);
    }
  }
  switch (outcome.kind) {
    case 'redeemed':
      await deps.checkForBursts(vendorId);
      return outcome.redemption;
    case 'unknown':
      throw new DomainError('not-found', 'claimCodeUnknown');
    case 'already-redeemed':
      throw new DomainError('conflict', 'codeAlreadyRedeemed', { time: maltaClock(outcome.redeemedAt), redeemedAt: outcome.redeemedAt.toISOString() });
    case 'offer-closed':
      throw closedReason(outcome.offer, maltaToday(now)) ?? new DomainError('conflict', 'offerSoldOut');
    case 'outside-schedule':
      throw new DomainError('conflict', 'offerOutsideSchedule', { schedule: outcome.schedule, next: outcome.nextWindow === null ? '—' : maltaDayAndClock(new Date(outcome.nextWindow)) });
    case 'no-longer-new':
      throw new DomainError('conflict', 'claimNoLongerNew');
    case 'sold-out':
      throw new DomainError('conflict', 'offerSoldOut');
    case 'business-hidden':
      throw businessNotSeenError(outcome.status, outcome.reason);
  }
}

/** A reward redeemed at the till as the till reads it, or why not (409: already redeemed, expired, withdrawn). */
function rewardRedemption(outcome: Exclude<RewardRedeemOutcome, { kind: 'unknown' }>, staffUserId: number): Redemption {
  if (outcome.kind === 'already-redeemed') {
    throw new DomainError('conflict', 'codeAlreadyRedeemed', { time: maltaClock(outcome.redeemedAt), redeemedAt: outcome.redeemedAt.toISOString() });
  }
  if (outcome.kind === 'expired') throw new DomainError('conflict', 'rewardExpired', { date: maltaDate(outcome.expiresAt) });
  if (outcome.kind === 'revoked') throw new DomainError('conflict', 'rewardRevoked');
  const { reward } = outcome;
  const redeemedAt = new Date(reward.redeemedAt ?? Date.now());
  return {
    claimId: 0,
    code: reward.code,
    offerId: 0,
    offerTitle: reward.rewardText,
    redeemedAt: redeemedAt.toISOString(),
    undoUntil: new Date(redeemedAt.getTime() + UNDO_MS).toISOString(),
    remaining: null,
    redeemedByUserId: staffUserId,
    redeemedByName: outcome.redeemedByName,
    kind: 'REWARD',
    rewardId: reward.rewardId,
    rewardText: reward.rewardText,
  };
}

/** 'DD/MM/YYYY' in Malta. */
function maltaDate(instant: Date): string {
  const [year, month, day] = maltaToday(instant).split('-');
  return `${day}/${month}/${year}`;
}

/** Why a business shoppers do not see cannot sell through Qrib (409), in the words its owner reads on the dashboard. */
export function businessNotSeenError(status: string, reason: string | null): DomainError {
  if (status === 'PENDING') return new DomainError('conflict', 'businessPending');
  if (status === 'REJECTED') return new DomainError('conflict', 'businessRejected', { reason: reason ?? '' });
  if (status === 'CLOSED') return new DomainError('conflict', 'businessClosed');
  return new DomainError('conflict', 'businessSuspended', { reason: reason ?? '' });
}

/**
 * Claim and redemption commands (issue 13, DESIGN.md §10 Redemption): a shopper gets a code for an offer; the
 * shop's staff redeem it once at the till, and may undo it for a few minutes. The audience and date rules are
 * checked here; the limit is held by the database (domains/claims/repository.ts). They throw DomainError, never HTTP.
 */
import { randomInt } from 'node:crypto';
import {
  CLAIM_CODE_ALPHABET,
  CLAIM_CODE_LENGTH,
  PREMIUM_VERIFIED_PURCHASES,
  REDEMPTION_FAILURE_WINDOW_MINUTES,
  REDEMPTION_FAILURES_PER_SESSION,
  REDEMPTION_UNDO_MINUTES,
  maltaOffsetHours,
  maltaToday,
  type Claim,
  type Redemption,
} from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import { isClaimCodeTaken, type ClaimableOffer, type ClaimsRepository } from './repository.ts';
import type { RateLimitCountersRepository } from '../../kernel/repository/rate-limit-counters.ts';
import type { BurstCheck } from '../trust/index.ts';

export const UNDO_MS = REDEMPTION_UNDO_MINUTES * 60_000;
const FAILURE_WINDOW_MS = REDEMPTION_FAILURE_WINDOW_MINUTES * 60_000;
/** Draws before giving up on a free code: with 31^8 codes a shop would need billions of claims to need a second. */
const CODE_DRAWS = 8;

/** A new random code (crypto-strength: a code is what a shop accepts as proof). */
export function drawClaimCode(): string {
  let code = '';
  for (let index = 0; index < CLAIM_CODE_LENGTH; index += 1) code += CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)];
  return code;
}

/** 'HH:MM' in Malta, for a message read at the till. */
export function maltaClock(instant: Date): string {
  const shifted = new Date(instant.getTime() + maltaOffsetHours(instant.getTime()) * 3_600_000);
  return shifted.toISOString().slice(11, 16);
}

/** Why an offer cannot be claimed or redeemed today (409), if it cannot. */
function closedReason(offer: Pick<ClaimableOffer, 'status' | 'startDate' | 'endDate'>, today: string): DomainError | undefined {
  if (offer.status === 'PAUSED') return new DomainError('conflict', 'offerPaused');
  if (offer.status === 'ENDED' || offer.endDate < today) return new DomainError('conflict', 'offerEnded');
  if (offer.startDate > today) return new DomainError('conflict', 'offerNotStarted', { startDate: offer.startDate });
  return undefined;
}

/**
 * The caller's code for an offer: `created` false when they had one already (one per shopper per offer, whatever
 * the offer's state since). 404 for an offer the caller cannot see; 403 for their own offer or an audience they are
 * not in; 409 for one paused, ended, not started or sold out.
 */
export async function claimOffer(claims: ClaimsRepository, userId: number, offerId: number, now = new Date()): Promise<{ claim: Claim; created: boolean }> {
  const offer = await claims.findClaimableOffer(offerId);
  // A shop shoppers cannot see, or an offer paused before this shopper had a code, is not there for them.
  if (!offer || (offer.vendorStatus !== 'ACTIVE' && offer.ownerUserId !== userId)) throw new DomainError('not-found', 'offerNotFound');
  if (offer.ownerUserId === userId) throw new DomainError('forbidden', 'claimOwnOffer');
  const existing = await claims.findForUser(offerId, userId);
  if (existing) return { claim: existing, created: false };

  const closed = closedReason(offer, maltaToday(now));
  if (closed) throw closed;
  if (offer.maxRedemptions !== null && offer.redeemedCount >= offer.maxRedemptions) throw new DomainError('conflict', 'offerSoldOut');
  if (offer.targetAudience !== 'ALL_CUSTOMERS') {
    const purchases = await claims.countPurchases(userId, offer.vendorId);
    if (offer.targetAudience === 'NEW_CUSTOMERS' && purchases.atShop > 0) throw new DomainError('forbidden', 'audienceNewCustomers');
    if (offer.targetAudience === 'PREMIUM_CUSTOMERS' && purchases.anywhere < PREMIUM_VERIFIED_PURCHASES) {
      throw new DomainError('forbidden', 'audiencePremium', { count: PREMIUM_VERIFIED_PURCHASES, have: purchases.anywhere });
    }
  }

  for (let draw = 0; draw < CODE_DRAWS; draw += 1) {
    let claimId: number | undefined;
    try {
      claimId = await claims.insert(offer, userId, drawClaimCode());
    } catch (error) {
      if (isClaimCodeTaken(error)) continue;
      throw error;
    }
    // No row: the same shopper's other request made the claim a moment ago.
    const claim = claimId === undefined ? await claims.findForUser(offerId, userId) : await claims.findById(claimId);
    if (!claim) throw new Error('claim not found after insert');
    return { claim, created: claimId !== undefined };
  }
  throw new Error(`no free code after ${CODE_DRAWS} draws`);
}

/**
 * Waits `ms` for each call, one call after the other per key: N calls at once with one key take N × ms. The turns
 * are kept in this process (a session's requests reach one replica at a time in practice; behind N replicas a
 * session's parallel codes could wait N at a time, still never more than the counters in PostgreSQL allow to pass
 * unwaited).
 */
export function createSerialWait(ms: number): (key: string) => Promise<void> {
  const tails = new Map<string, Promise<void>>();
  return (key) => {
    const mine = (tails.get(key) ?? Promise.resolve()).then(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    tails.set(key, mine);
    void mine.then(() => {
      if (tails.get(key) === mine) tails.delete(key);
    });
    return mine;
  };
}

export interface RedeemDeps {
  claims: ClaimsRepository;
  counters: RateLimitCountersRepository;
  /** A staff session's turn at a slowed till (createSerialWait with REDEMPTION_WAIT_SECONDS). */
  waitTurn: (sessionId: string) => Promise<void>;
  /** Run once the redemption is written: a burst of new accounts at the shop is listed (issue 24). */
  checkForBursts: BurstCheck;
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
  const outcome = await deps.claims.redeem(vendorId, code, staff.id, maltaToday(now), UNDO_MS);
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
    case 'no-longer-new':
      throw new DomainError('conflict', 'claimNoLongerNew');
    case 'sold-out':
      throw new DomainError('conflict', 'offerSoldOut');
    case 'business-hidden':
      throw businessNotSeenError(outcome.status, outcome.reason);
  }
}

/** Why a business shoppers do not see cannot sell through Qrib (409), in the words its owner reads on the dashboard. */
export function businessNotSeenError(status: string, reason: string | null): DomainError {
  if (status === 'PENDING') return new DomainError('conflict', 'businessPending');
  if (status === 'REJECTED') return new DomainError('conflict', 'businessRejected', { reason: reason ?? '' });
  if (status === 'CLOSED') return new DomainError('conflict', 'businessClosed');
  return new DomainError('conflict', 'businessSuspended', { reason: reason ?? '' });
}

/** Undoes a redemption of the shop within REDEMPTION_UNDO_MINUTES: 404 for any other claim, 409 after. */
export async function undoRedemption(claims: ClaimsRepository, vendorId: number, claimId: number): Promise<void> {
  const result = await claims.undo(vendorId, claimId, UNDO_MS);
  if (result === 'not-found') throw new DomainError('not-found', 'redemptionNotFound');
  if (result === 'too-late') throw new DomainError('conflict', 'redemptionUndoExpired', { minutes: REDEMPTION_UNDO_MINUTES });
}

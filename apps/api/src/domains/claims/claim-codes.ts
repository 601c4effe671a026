/**
 * What the claim and redemption commands share (issue 13): the undo window, drawing a code, the Malta clock read at
 * the till, why an offer is closed today, and the serial wait a slowed till takes its turns in.
 */
import { randomInt } from 'node:crypto';
import { CLAIM_CODE_ALPHABET, CLAIM_CODE_LENGTH, REDEMPTION_UNDO_MINUTES, maltaOffsetHours } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import type { ClaimableOffer } from './repository.ts';

export const UNDO_MS = REDEMPTION_UNDO_MINUTES * 60_000;

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

/** 'DD/MM HH:MM' in Malta (the next happy hour, read at the till). */
export function maltaDayAndClock(instant: Date): string {
  const shifted = new Date(instant.getTime() + maltaOffsetHours(instant.getTime()) * 3_600_000).toISOString();
  return `${shifted.slice(8, 10)}/${shifted.slice(5, 7)} ${shifted.slice(11, 16)}`;
}

/** Why an offer cannot be claimed or redeemed today (409), if it cannot. */
export function closedReason(offer: Pick<ClaimableOffer, 'status' | 'startDate' | 'endDate'>, today: string): DomainError | undefined {
  if (offer.status === 'PAUSED') return new DomainError('conflict', 'offerPaused');
  if (offer.status === 'ENDED' || offer.endDate < today) return new DomainError('conflict', 'offerEnded');
  if (offer.startDate > today) return new DomainError('conflict', 'offerNotStarted', { startDate: offer.startDate });
  return undefined;
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

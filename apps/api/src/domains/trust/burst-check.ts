/**
 * The suspicious-activity queue's burst check (issue 24, ADR 016), run after each redemption, review and
 * automatically verified receipt.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SuspiciousActivityRepository } from './repository/suspicious-activity.ts';

/** Looks for a burst at the shop after one of its events committed. Never throws: the event stands whatever happens here. */
export type BurstCheck = (vendorId: number) => Promise<void>;

export function createBurstCheck(repository: SuspiciousActivityRepository, log: FastifyBaseLogger): BurstCheck {
  return async (vendorId) => {
    try {
      const entryId = await repository.detect(vendorId);
      if (entryId !== undefined) log.warn({ vendorId, suspiciousActivityId: entryId }, 'suspicious activity listed');
    } catch (error) {
      // The purchase or review is already written; a missed check is logged, not turned into the shopper's error.
      log.error({ err: error, vendorId }, 'suspicious-activity check failed');
    }
  };
}

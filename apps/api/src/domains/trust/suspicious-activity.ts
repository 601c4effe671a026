/**
 * The suspicious-activity queue (issue 24, ADR 016): the burst check run after each redemption, review and
 * automatically verified receipt, and the admin's decision on an entry.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { SuspiciousActivity, SuspiciousDecision } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
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

/** 404 for no such entry; 403 for an entry at the admin's own shop; 409 when it is no longer OPEN. */
export async function decideSuspiciousActivity(
  repository: SuspiciousActivityRepository,
  adminUserId: number,
  id: number,
  decision: SuspiciousDecision,
  reason: string,
): Promise<SuspiciousActivity> {
  const entry = await repository.findForDecision(id);
  if (!entry) throw new DomainError('not-found', 'suspiciousNotFound');
  if (entry.shopOwnerUserId === adminUserId) throw new DomainError('forbidden', 'adminOwnBusiness');
  if (entry.status !== 'OPEN') throw new DomainError('conflict', 'suspiciousAlreadyDecided');
  const decided = await repository.decide(id, adminUserId, decision, reason);
  // Another admin decided it a moment before.
  if (!decided) throw new DomainError('conflict', 'suspiciousAlreadyDecided');
  return decided;
}

/** The admin's decision on an entry of the suspicious-activity queue (issue 24, ADR 016). Throws DomainError. */
import type { SuspiciousActivity, SuspiciousDecision } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import type { SuspiciousActivityRepository } from './repository/suspicious-activity.ts';

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
  if (entry.shopOwnerUserId === adminUserId || entry.memberUserIds.includes(adminUserId)) throw new DomainError('forbidden', 'adminOwnBusiness');
  if (entry.status !== 'OPEN') throw new DomainError('conflict', 'suspiciousAlreadyDecided');
  const decided = await repository.decide(id, adminUserId, decision, reason);
  // Another admin decided it a moment before.
  if (!decided) throw new DomainError('conflict', 'suspiciousAlreadyDecided');
  return decided;
}

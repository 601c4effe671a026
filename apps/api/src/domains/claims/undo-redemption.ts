/** Undo command (issue 13): the shop's staff take back a redemption within a few minutes. Throws DomainError. */
import { REDEMPTION_UNDO_MINUTES } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import { UNDO_MS } from './claim-codes.ts';
import type { ClaimsRepository } from './repository.ts';

/**
 * Undoes a redemption of the shop within REDEMPTION_UNDO_MINUTES: 404 for any other claim, 409 after. `onlyRedeemedBy`
 * (a cashier, issue 28 §4) undoes only that person's own redemptions: 403 for a colleague's.
 */
export async function undoRedemption(claims: ClaimsRepository, vendorId: number, claimId: number, onlyRedeemedBy: number | null = null): Promise<void> {
  const result = await claims.undo(vendorId, claimId, UNDO_MS, onlyRedeemedBy);
  if (result === 'not-found') throw new DomainError('not-found', 'redemptionNotFound');
  if (result === 'not-yours') throw new DomainError('forbidden', 'redemptionNotYours');
  if (result === 'too-late') throw new DomainError('conflict', 'redemptionUndoExpired', { minutes: REDEMPTION_UNDO_MINUTES });
}

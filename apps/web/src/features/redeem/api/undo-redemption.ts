/**
 * DELETE /vendors/me/redemptions/:claimId: undo a redemption within REDEMPTION_UNDO_MINUTES (a mistake at the till);
 * a stamp card's reward (issue 29 §2) by its own id, DELETE /vendors/me/reward-redemptions/:rewardId.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Redemption } from '@qrib/shared/claim-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterRedemption } from './redeem-code.ts';

export function undoRedemption(redemption: Pick<Redemption, 'kind' | 'claimId' | 'rewardId'>): Promise<undefined> {
  const url = redemption.kind === 'REWARD' ? `/vendors/me/reward-redemptions/${redemption.rewardId}` : `/vendors/me/redemptions/${redemption.claimId}`;
  return apiRequest<undefined>(url, { method: 'DELETE' });
}

export function useUndoRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoRedemption,
    // Refused too (409 after the ten minutes): the list then shows the redemption without its Undo.
    onSettled: () => refreshAfterRedemption(queryClient),
  });
}

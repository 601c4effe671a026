/** DELETE /vendors/me/redemptions/:claimId: undo a redemption within REDEMPTION_UNDO_MINUTES (a mistake at the till). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshAfterRedemption } from './redeem-code.ts';

export function undoRedemption(claimId: number): Promise<undefined> {
  return apiRequest<undefined>(`/vendors/me/redemptions/${claimId}`, { method: 'DELETE' });
}

export function useUndoRedemption() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoRedemption,
    // Refused too (409 after the ten minutes): the list then shows the redemption without its Undo.
    onSettled: () => refreshAfterRedemption(queryClient),
  });
}

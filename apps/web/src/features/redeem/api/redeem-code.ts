/**
 * POST /vendors/me/redemptions: redeem a shopper's code at the till, once. A redemption changes the day's list, the
 * offer's units left, and the dashboard's and insights' Conversions, so each of those is fetched again.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Redemption } from '@qrib/shared/claim-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function redeemCode(code: string): Promise<Redemption> {
  const { data } = await apiRequest<{ data: Redemption }>('/vendors/me/redemptions', { method: 'POST', body: { code } });
  return data;
}

/** What a redemption or its undo changes on the owner's screens. */
export function refreshAfterRedemption(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.redemptionsAll }),
    queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.insightsAll }),
  ]);
}

export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCode,
    // Not awaited: the success state shows at once, the day's list and figures follow.
    onSuccess: () => {
      void refreshAfterRedemption(queryClient);
    },
  });
}

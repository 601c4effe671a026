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

/**
 * What a redemption or its undo changes on the owner's screens. A fetch already under way was asked before the
 * redemption and would answer without it; invalidating alone joins a first fetch (one with no data yet) instead of
 * starting another, so those are cancelled first (the till just opened, a code redeemed before the list came).
 */
export async function refreshAfterRedemption(queryClient: QueryClient) {
  const keys = [queryKeys.redemptionsAll, queryKeys.offers.all, queryKeys.insightsAll];
  await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCode,
    // Not awaited: the success state shows at once, the day's list and figures follow.
    onSuccess: () => {
      void refreshAfterRedemption(queryClient);
    },
    // 'Already redeemed' (perhaps by another till) means the day's list may be behind too.
    onError: () => {
      void refreshAfterRedemption(queryClient);
    },
  });
}

/** Issue 29 §2: the owner's stamp card settings (GET, PUT, DELETE /vendors/me/stamp-card); `stampCard.manage`. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StampCard, StampCardRequest } from '@qrib/shared/stamp-card-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useStampCardSettings() {
  return useQuery({
    queryKey: queryKeys.stampCardSettings(),
    queryFn: async () => (await apiRequest<{ data: StampCard | null }>('/vendors/me/stamp-card')).data,
  });
}

/** Starts the card or changes its terms; the card's figures on the insights screens follow. */
export function usePutStampCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (terms: StampCardRequest) => (await apiRequest<{ data: StampCard }>('/vendors/me/stamp-card', { method: 'PUT', body: terms })).data,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.stampCardsAll }), queryClient.invalidateQueries({ queryKey: queryKeys.insightsAll })]),
  });
}

export function useEndStampCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<undefined>('/vendors/me/stamp-card', { method: 'DELETE' }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.stampCardsAll }), queryClient.invalidateQueries({ queryKey: queryKeys.insightsAll })]),
  });
}

/** The shopper's saved offers: the list, and saving or removing one with the heart (shown at once, undone with a word on failure). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Favorite } from '@qrib/shared/nearby-schemas';
import { apiRequest } from './api-client.ts';
import { requestPushOffer } from './push-offer.ts';
import { queryKeys } from './query-keys.ts';

export function useFavorites() {
  return useQuery({
    queryKey: queryKeys.favorites(),
    queryFn: async () => (await apiRequest<{ data: Favorite[] }>('/me/favorites')).data,
  });
}

export function useToggleFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, save }: { offerId: number; save: boolean }) =>
      apiRequest<undefined>(`/me/favorites/${offerId}`, { method: save ? 'PUT' : 'DELETE' }),
    // Issue 29 §1: a first save is the moment to offer push (lib/push-offer.ts decides whether it is made).
    onSuccess: (_answer, { save }) => {
      if (save) requestPushOffer('saved');
    },
    // The list is re-read either way: a failed save leaves the heart as the server has it, and the heart says so
    // (components/favorite-button.tsx).
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.favorites() }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@qrib/shared/offer-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type StatusAction = 'pause' | 'resume';

export function changeOfferStatus(offerId: number, action: StatusAction) {
  return apiRequest<{ data: Offer }>(`/offers/${offerId}/${action}`, { method: 'POST' });
}

export function useChangeOfferStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, action }: { offerId: number; action: StatusAction }) => changeOfferStatus(offerId, action),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(queryKeys.offers.detail(data.offerId), data);
      return queryClient.invalidateQueries({ queryKey: queryKeys.offers.mine() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@qrib/shared/offer-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function updateOffer(offerId: number, fields: Record<string, unknown>) {
  return apiRequest<{ data: Offer }>(`/offers/${offerId}`, { method: 'PATCH', body: fields });
}

export function useUpdateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, fields }: { offerId: number; fields: Record<string, unknown> }) => updateOffer(offerId, fields),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(queryKeys.offers.detail(data.offerId), data);
      return queryClient.invalidateQueries({ queryKey: queryKeys.offers.mine() });
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offer } from '@qrib/shared/offer-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const offerQueryOptions = (offerId: number) =>
  queryOptions({
    queryKey: queryKeys.offers.detail(offerId),
    queryFn: async () => (await apiRequest<{ data: Offer }>(`/offers/${offerId}`)).data,
  });

export function useOffer(offerId: number) {
  return useQuery({ ...offerQueryOptions(offerId), enabled: Number.isSafeInteger(offerId) && offerId > 0 });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Offer } from '@qrib/shared/offer-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const myOffersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.offers.mine(),
    queryFn: async () => (await apiRequest<{ data: Offer[] }>('/vendors/me/offers')).data,
  });

export function useMyOffers() {
  return useQuery(myOffersQueryOptions());
}

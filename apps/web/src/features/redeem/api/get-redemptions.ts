/** GET /vendors/me/redemptions?date=YYYY-MM-DD: the shop's redemptions of one Malta day, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Redemption } from '@qrib/shared/claim-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getRedemptions(date: string): Promise<Redemption[]> {
  return (await apiRequest<{ data: Redemption[] }>(`/vendors/me/redemptions?date=${encodeURIComponent(date)}`)).data;
}

export const redemptionsQueryOptions = (date: string) =>
  queryOptions({ queryKey: queryKeys.redemptions(date), queryFn: () => getRedemptions(date) });

export function useRedemptions(date: string) {
  return useQuery(redemptionsQueryOptions(date));
}

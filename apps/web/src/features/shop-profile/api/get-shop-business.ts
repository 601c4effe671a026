/**
 * GET /vendors/me for the Shop profile screen, under the one my-business query key, so the dashboard's banner, the
 * resubmission screen and this screen share one copy (features do not import each other; the answer is the same).
 */
import { useQuery } from '@tanstack/react-query';
import type { Vendor } from '@qrib/shared/vendor-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useShopBusiness() {
  return useQuery({ queryKey: queryKeys.myBusiness(), queryFn: async () => (await apiRequest<{ data: Vendor }>('/vendors/me')).data });
}

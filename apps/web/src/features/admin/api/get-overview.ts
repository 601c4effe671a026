/** GET /admin/overview: the console's headline figures (businesses by state, offers live, active shoppers, receipts). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOverview } from '@qrib/shared/trust-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getAdminOverview(): Promise<AdminOverview> {
  return (await apiRequest<{ data: AdminOverview }>('/admin/overview')).data;
}

export const adminOverviewQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.overview(), queryFn: getAdminOverview });

export function useAdminOverview() {
  return useQuery(adminOverviewQueryOptions());
}

/** GET /admin/reports: open reports grouped per reported item, the item first reported first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportedItem } from '@qrib/shared/trust-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getReportedItems(): Promise<ReportedItem[]> {
  return (await apiRequest<{ data: ReportedItem[] }>('/admin/reports')).data;
}

export const reportedItemsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.reports(), queryFn: getReportedItems });

export function useReportedItems() {
  return useQuery(reportedItemsQueryOptions());
}

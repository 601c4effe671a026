import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InsightPeriod, VendorInsights } from '@qrib/shared/insight-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function getInsights(period: InsightPeriod): Promise<{ data: VendorInsights }> {
  return apiRequest(`/vendors/me/insights?period=${period}`);
}

export const insightsQueryOptions = (period: InsightPeriod) =>
  queryOptions({ queryKey: queryKeys.insights(period), queryFn: () => getInsights(period), placeholderData: keepPreviousData });

export function useInsights(period: InsightPeriod) {
  return useQuery(insightsQueryOptions(period));
}

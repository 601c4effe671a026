/** GET /admin/suspicious-activity?status=: bursts of new or same-network accounts at one shop (issue 24), OPEN first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SuspiciousActivityStatus } from '@qrib/shared/trust-constants';
import type { SuspiciousActivity } from '@qrib/shared/trust-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getSuspiciousActivity(status: SuspiciousActivityStatus): Promise<SuspiciousActivity[]> {
  return (await apiRequest<{ data: SuspiciousActivity[] }>(`/admin/suspicious-activity?status=${status}`)).data;
}

export const suspiciousActivityQueryOptions = (status: SuspiciousActivityStatus) =>
  queryOptions({ queryKey: queryKeys.admin.suspicious(status), queryFn: () => getSuspiciousActivity(status) });

export function useSuspiciousActivity(status: SuspiciousActivityStatus = 'OPEN') {
  return useQuery(suspiciousActivityQueryOptions(status));
}

/** GET /admin/vendors/:vendorId/changes (issue 28): what a shop changed on its own page, newest first. */
import { useQuery } from '@tanstack/react-query';
import type { VendorChange } from '@qrib/shared/vendor-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function useVendorChanges(vendorId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.admin.vendorChanges(vendorId),
    queryFn: async () => (await apiRequest<{ data: VendorChange[] }>(`/admin/vendors/${vendorId}/changes`)).data,
    enabled,
  });
}

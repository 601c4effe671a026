/** GET /admin/vendors?status=: the businesses in one state, oldest first, with their owner and documents. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminVendor, AdminVendorFilter } from '@qrib/shared/admin-vendor-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { AdminVendor, AdminVendorFilter };

export interface AdminVendorsPage {
  data: AdminVendor[];
  nextCursor: string | null;
}

export function getAdminVendors(status: AdminVendorFilter): Promise<AdminVendorsPage> {
  return apiRequest(`/admin/vendors?status=${status}`);
}

export const adminVendorsQueryOptions = (status: AdminVendorFilter) =>
  queryOptions({ queryKey: queryKeys.admin.vendors(status), queryFn: () => getAdminVendors(status) });

export function useAdminVendors(status: AdminVendorFilter) {
  return useQuery(adminVendorsQueryOptions(status));
}

/** GET /admin/vendors?status=&cursor=: the businesses in one state, those waiting longest first, a page at a time. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminVendor, AdminVendorFilter } from '@qrib/shared/admin-vendor-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type { AdminVendor, AdminVendorFilter };

export interface AdminVendorsPage {
  data: AdminVendor[];
  nextCursor: string | null;
}

export function getAdminVendors(status: AdminVendorFilter, cursor: string | null = null): Promise<AdminVendorsPage> {
  return apiRequest(`/admin/vendors?status=${status}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
}

export const adminVendorsQueryOptions = (status: AdminVendorFilter) =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.vendors(status),
    queryFn: ({ pageParam }) => getAdminVendors(status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useAdminVendors(status: AdminVendorFilter) {
  return useInfiniteQuery(adminVendorsQueryOptions(status));
}

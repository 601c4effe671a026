/** GET /admin/actions?cursor=: every admin action, newest first, a page at a time. */
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminActionEntry } from '@qrib/shared/trust-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface AdminActionsPage {
  data: AdminActionEntry[];
  nextCursor: string | null;
}

export function getAdminActions(cursor: string | null): Promise<AdminActionsPage> {
  return apiRequest(`/admin/actions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);
}

export const adminActionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.actions(),
    queryFn: ({ pageParam }) => getAdminActions(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useAdminActions() {
  return useInfiniteQuery(adminActionsQueryOptions());
}

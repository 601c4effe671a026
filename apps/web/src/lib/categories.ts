import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '@qrib/shared';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.categories(),
    queryFn: async () => (await apiRequest<{ data: Category[] }>('/categories/')).data,
    staleTime: 60 * 60_000,
  });

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

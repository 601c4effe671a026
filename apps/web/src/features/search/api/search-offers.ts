/** GET /offers/search, page by page (the answer's nextCursor is the next page's cursor). */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { SearchResult } from '@qrib/shared/nearby-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface SearchPage {
  data: SearchResult[];
  nextCursor: string | null;
}

export function searchOffers(query: URLSearchParams, cursor?: string, signal?: AbortSignal): Promise<SearchPage> {
  const withCursor = new URLSearchParams(query);
  if (cursor) withCursor.set('cursor', cursor);
  const text = withCursor.toString();
  return apiRequest<SearchPage>(`/offers/search${text ? `?${text}` : ''}`, { signal });
}

/** `enabled` is false while the shopper's position is still being detected, so results do not jump. */
export function useSearchOffers(query: URLSearchParams, enabled: boolean) {
  const key = query.toString();
  return useInfiniteQuery({
    queryKey: queryKeys.search(key),
    queryFn: ({ pageParam, signal }) => searchOffers(new URLSearchParams(key), pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled,
  });
}

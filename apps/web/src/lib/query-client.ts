import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again.
        retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
      },
    },
  });
}

/** After a logout of any kind: nothing cached for the previous user may survive, and nobody is signed in. */
export function forgetSignedInUser(queryClient: QueryClient): void {
  queryClient.clear();
  queryClient.setQueryData(queryKeys.auth.me(), null);
}

import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import { clearPersonalStores } from './personal-data.ts';
import { queryKeys } from './query-keys.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again; no answer at all (status 0) may.
        retry: (failureCount, error) => !(error instanceof ApiError && error.reason === 'http' && error.status < 500) && failureCount < 2,
      },
    },
  });
}

/**
 * After a logout of any kind: nothing cached for the previous user may survive (queries, stored places, the service
 * worker's caches; lib/personal-data.ts), and nobody is signed in.
 */
export async function forgetSignedInUser(queryClient: QueryClient): Promise<void> {
  // Cancelled first: a request still on its way (the code screen asks for the codes every few seconds) must not
  // store what it brings back once the device has been cleared.
  await queryClient.cancelQueries();
  queryClient.clear();
  queryClient.setQueryData(queryKeys.auth.me(), null);
  await clearPersonalStores();
}

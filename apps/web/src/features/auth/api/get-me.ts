/** GET /auth/me: who is signed in. A 401 means nobody, which is an answer, not an error. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@qrib/shared';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';


export async function getMe(): Promise<User | null> {
  try {
    const { user } = await apiRequest<{ user: User }>('/auth/me');
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () => queryOptions({ queryKey: queryKeys.auth.me(), queryFn: getMe, staleTime: 5 * 60_000 });

export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * GET /auth/session: who is signed in, the user as GET /auth/me answers it, or null for nobody. It never answers 401,
 * so a signed-out first visit logs no failed request and no console error.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@qrib/shared/auth-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getMe(): Promise<User | null> {
  const { user } = await apiRequest<{ user: User | null }>('/auth/session');
  return user;
}

export const meQueryOptions = () => queryOptions({ queryKey: queryKeys.auth.me(), queryFn: getMe, staleTime: 5 * 60_000 });

export function useMe() {
  return useQuery(meQueryOptions());
}

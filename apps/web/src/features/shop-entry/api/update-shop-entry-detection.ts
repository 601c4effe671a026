/** PATCH /me {preferences: {shopEntryDetection}}: the shopper's opt-in, kept on the server. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@qrib/shared/auth-schemas';
import type { UpdateMeRequest } from '@qrib/shared/me-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function updateShopEntryDetection(on: boolean): Promise<User> {
  const body: UpdateMeRequest = { preferences: { shopEntryDetection: on } };
  const { user } = await apiRequest<{ user: User }>('/me', { method: 'PATCH', body });
  return user;
}

export function useUpdateShopEntryDetection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShopEntryDetection,
    // The answer is the signed-in user as GET /auth/me has it: everyone reading it sees the change at once.
    onSuccess: (user) => queryClient.setQueryData(queryKeys.auth.me(), user),
  });
}

/** POST /me/email: the new address waits for its link (the user's pendingEmail) before it replaces the old one. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailRequest } from '@qrib/shared/account-schemas';
import type { User } from '@qrib/shared/auth-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function changeEmail(body: ChangeEmailRequest): Promise<string> {
  return (await apiRequest<{ data: { pendingEmail: string } }>('/me/email', { method: 'POST', body })).data.pendingEmail;
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: (pendingEmail) => {
      const current = queryClient.getQueryData<User | null>(queryKeys.auth.me());
      if (current) queryClient.setQueryData<User>(queryKeys.auth.me(), { ...current, pendingEmail });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '@qrib/shared/auth-schemas';
import { MESSAGES } from '@qrib/shared/messages';
import { apiRequest } from '../../../lib/api-client.ts';
import { getMe } from './get-me.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function login(body: LoginRequest) {
  return apiRequest<{ token: string; username: string }>('/auth/login', { method: 'POST', body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // The cookie is HttpOnly: the user comes from /auth/session, read before leaving the login page. A login
    // that succeeded without a session means the browser refused the Secure cookie (plain http off localhost).
    onSuccess: async () => {
      const user = await queryClient.fetchQuery({ queryKey: queryKeys.auth.me(), queryFn: getMe, staleTime: 0 });
      if (!user) throw new Error(MESSAGES.sessionNotStored);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignupRequest, User } from '@qrib/shared/auth-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function signup(body: SignupRequest) {
  return apiRequest<{ token: string; user: User }>('/auth/signup', { method: 'POST', body });
}

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signup,
    onSuccess: ({ user }) => queryClient.setQueryData(queryKeys.auth.me(), user),
  });
}

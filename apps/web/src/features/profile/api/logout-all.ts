import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetSignedInUser } from '../../../lib/query-client.ts';

/** 'Log out everywhere': every session of the account ends, this one included. */
export function logoutAll() {
  return apiRequest<undefined>('/auth/logout-all', { method: 'POST' });
}

export function useLogoutAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutAll,
    onSuccess: () => forgetSignedInUser(queryClient),
  });
}

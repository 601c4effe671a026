import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** 'Log out everywhere': every session of the account ends, this one included. */
export function logoutAll() {
  return apiRequest<undefined>('/auth/logout-all', { method: 'POST' });
}

export function useLogoutAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutAll,
    onSuccess: () => {
      // Nothing cached for the previous user may survive the logout.
      queryClient.clear();
      queryClient.setQueryData(queryKeys.auth.me(), null);
    },
  });
}

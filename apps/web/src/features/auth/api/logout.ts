import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function logout() {
  return apiRequest<undefined>('/auth/logout', { method: 'POST' });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Nothing cached for the previous user may survive the logout.
      queryClient.clear();
      queryClient.setQueryData(queryKeys.auth.me(), null);
    },
  });
}

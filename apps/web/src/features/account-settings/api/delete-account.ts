/** DELETE /me: the account goes (the cookie is cleared by the answer); nothing cached of it may stay on the device. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@qrib/shared/account-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetSignedInUser } from '../../../lib/query-client.ts';

export function deleteAccount(body: DeleteAccountRequest) {
  return apiRequest<undefined>('/me', { method: 'DELETE', body });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => forgetSignedInUser(queryClient),
  });
}

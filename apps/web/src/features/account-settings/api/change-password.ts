/** POST /me/password: the new password replaces the old one and every other session of the account ends. */
import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@qrib/shared/account-schemas';
import { apiRequest } from '../../../lib/api-client.ts';

export function changePassword(body: ChangePasswordRequest) {
  return apiRequest<undefined>('/me/password', { method: 'POST', body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

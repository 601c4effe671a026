/**
 * The account-access calls (issue 15): the public links' commands (password reset, verifying an address,
 * unsubscribing) and the signed-in resend of the verification mail.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetConfirm, PasswordResetRequest } from '@qrib/shared/account-schemas';
import type { User } from '@qrib/shared/auth-schemas';
import { MESSAGES } from '@qrib/shared/messages';
import { apiRequest } from '../../../lib/api-client.ts';
import { forgetSignedInUser } from '../../../lib/query-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /auth/session, as the session query reads it (features do not import each other: the auth feature's getMe). */
async function readSession(): Promise<User | null> {
  return (await apiRequest<{ user: User | null }>('/auth/session')).user;
}

/** POST /auth/password-reset: 202 whether or not an account uses the address. */
export function requestPasswordReset(body: PasswordResetRequest) {
  return apiRequest<undefined>('/auth/password-reset', { method: 'POST', body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /auth/password-reset/confirm: the new password set, every session ended and a new one started (like login). */
export function confirmPasswordReset(body: PasswordResetConfirm) {
  return apiRequest<{ token: string; username: string }>('/auth/password-reset/confirm', { method: 'POST', body });
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    // Whoever was signed in on this device before is gone: nothing of theirs may stay cached. The new session is
    // read before leaving the page, as after login.
    onSuccess: async () => {
      await forgetSignedInUser(queryClient);
      const user = await queryClient.fetchQuery({ queryKey: queryKeys.auth.me(), queryFn: readSession, staleTime: 0 });
      if (!user) throw new Error(MESSAGES.sessionNotStored);
    },
  });
}

/** POST /auth/verify-email: the address the link was for, now verified. */
export async function verifyEmail(token: string): Promise<string> {
  return (await apiRequest<{ data: { email: string } }>('/auth/verify-email', { method: 'POST', body: { token } })).data.email;
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // A signed-in reader's address (and its banner) changed.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.me() }),
  });
}

/** POST /auth/unsubscribe: the account of the link's token gets no more optional mails. */
export function unsubscribe(token: string) {
  return apiRequest<{ data: { emailNotifications: false } }>('/auth/unsubscribe', { method: 'POST', body: { token } });
}

export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.me() }),
  });
}

/** POST /me/email-verification: a new verification mail to the account's address (202). */
export function resendVerification() {
  return apiRequest<undefined>('/me/email-verification', { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

/** Issue 27: the account's ways to sign in (password, provider identities), unlinking one, setting a first password. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signInMethodsResponseSchema } from '@qrib/shared/oidc-schemas';
import { apiRequest } from '../../../lib/api-client.ts';

type SignInMethods = z.infer<typeof signInMethodsResponseSchema>['data'];
const key = ['auth', 'sign-in-methods'];

export function useSignInMethods() {
  return useQuery({ queryKey: key, queryFn: async () => (await apiRequest<{ data: SignInMethods }>('/auth/oidc/identities')).data });
}

export function useUnlinkIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identityId: number) => apiRequest<undefined>(`/auth/oidc/identities/${identityId}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest<undefined>('/auth/oidc/password', { method: 'POST', body: { password } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** The provider's start for a signed-in account: link another identity, or confirm it is you (reauth), back to the profile. */
export function oidcIntentUrl(intent: 'link' | 'reauth'): string {
  return `/api/v1/auth/oidc/start?intent=${intent}&returnTo=${encodeURIComponent('/profile')}`;
}

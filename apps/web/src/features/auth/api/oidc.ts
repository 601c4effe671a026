/** Issue 27: the identity waiting after a provider sign-in, and the two ways on (complete a new account, link an existing one). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { oidcCompleteRequestSchema, oidcLinkRequestSchema, oidcPendingResponseSchema, oidcSignedInResponseSchema } from '@qrib/shared/oidc-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { getMe } from './get-me.ts';

type Pending = z.infer<typeof oidcPendingResponseSchema>['data'];
type SignedIn = z.infer<typeof oidcSignedInResponseSchema>;

export function useOidcPending() {
  return useQuery({
    queryKey: ['oidc', 'pending'],
    queryFn: async () => (await apiRequest<{ data: Pending }>('/auth/oidc/pending')).data,
    retry: false,
    staleTime: Infinity,
  });
}

function useOidcMutation<Body>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => apiRequest<SignedIn>(path, { method: 'POST', body }),
    onSuccess: async () => {
      await queryClient.fetchQuery({ queryKey: queryKeys.auth.me(), queryFn: getMe, staleTime: 0 });
    },
  });
}

export const useOidcComplete = () => useOidcMutation<z.input<typeof oidcCompleteRequestSchema>>('/auth/oidc/complete');
export const useOidcLink = () => useOidcMutation<z.input<typeof oidcLinkRequestSchema>>('/auth/oidc/link');

/** POST /vendors/me/close {password}: the owner's business is CLOSED and its offers ENDED; every view of them is asked again. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseBusinessRequest } from '@qrib/shared/account-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function closeBusiness(body: CloseBusinessRequest) {
  return apiRequest<unknown>('/vendors/me/close', { method: 'POST', body });
}

export function useCloseBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeBusiness,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.myBusiness() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.offers.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.auth.me() }),
      ]),
  });
}

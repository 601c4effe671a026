import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Claim } from '@qrib/shared/claim-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { savedClaims, saveClaims } from '../../../lib/claims-storage.ts';
import { requestPushOffer } from '../../../lib/push-offer.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /offers/:offerId/claims: the shopper's code for the offer (a new one, or the one they already have). */
export function claimOffer(offerId: number): Promise<{ data: Claim }> {
  return apiRequest(`/offers/${offerId}/claims`, { method: 'POST' });
}

/** Claims a code; the codes in the cache and on the device get it at once, so the code screen opens without a request. */
export function useClaimOffer(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimOffer,
    onSuccess: ({ data: claim }) => {
      const previous = queryClient.getQueryData<{ data: Claim[] }>(queryKeys.claims())?.data ?? savedClaims(userId);
      const claims = [claim, ...previous.filter((other) => other.claimId !== claim.claimId)];
      queryClient.setQueryData(queryKeys.claims(), { data: claims });
      saveClaims(userId, claims);
      void queryClient.invalidateQueries({ queryKey: queryKeys.claims() });
      // Issue 29 §1: a first code is the moment to offer push (lib/push-offer.ts decides whether it is made).
      requestPushOffer('code');
    },
  });
}

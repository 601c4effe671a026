import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Claim } from '@qrib/shared/claim-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveClaims } from '../../../lib/claims-storage.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /me/claims: every code of the shopper, newest first; each answer is also kept on the device, unless the query
 * was cancelled meanwhile (a logout cancels every query before it forgets the device's copy: an answer arriving
 * after it must not write the codes back).
 */
export async function getMyClaims(userId: number, signal?: AbortSignal): Promise<{ data: Claim[] }> {
  const answer = await apiRequest<{ data: Claim[] }>('/me/claims');
  if (!signal?.aborted) saveClaims(userId, answer.data);
  return answer;
}

/** While a code is shown at the till, how often its status is asked again (it turns Redeemed once the shop scans it). */
export const SHOWN_CODE_REFRESH_MS = 10_000;

// No retry: without network the device's copy is shown at once (lib/claims-storage.ts).
export const myClaimsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: queryKeys.claims(), queryFn: ({ signal }) => getMyClaims(userId, signal), retry: false });

/**
 * The shopper's codes. `follow`: the code on screen at the till; while it is ACTIVE (or not yet read) the codes are
 * asked again every SHOWN_CODE_REFRESH_MS, so it turns Redeemed once the shop scans it.
 */
export function useMyClaims(userId: number, { follow }: { follow?: number } = {}) {
  return useQuery({
    ...myClaimsQueryOptions(userId),
    refetchInterval: (query) => {
      if (follow === undefined) return false;
      const shown = query.state.data?.data.find((claim) => claim.claimId === follow);
      return shown === undefined || shown.status === 'ACTIVE' ? SHOWN_CODE_REFRESH_MS : false;
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Claim } from '@qrib/shared/claim-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { saveClaims } from '../../../lib/claims-storage.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /me/claims: every code of the shopper, newest first; each answer is also kept on the device. */
export async function getMyClaims(userId: number): Promise<{ data: Claim[] }> {
  const answer = await apiRequest<{ data: Claim[] }>('/me/claims');
  saveClaims(userId, answer.data);
  return answer;
}

export const myClaimsQueryOptions = (userId: number) =>
  queryOptions({ queryKey: queryKeys.claims(), queryFn: () => getMyClaims(userId), retry: false });

export function useMyClaims(userId: number) {
  return useQuery(myClaimsQueryOptions(userId));
}

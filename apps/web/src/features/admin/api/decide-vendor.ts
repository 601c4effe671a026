/** POST /admin/vendors/:vendorId/decision: approve, refuse, suspend or reinstate a business (a reason where the owner needs one). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDecisionRequest } from '@qrib/shared/trust-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface DecideVendorInput extends AdminDecisionRequest {
  vendorId: number;
}

export async function decideVendor({ vendorId, ...body }: DecideVendorInput): Promise<unknown> {
  return (await apiRequest<{ data: unknown }>(`/admin/vendors/${vendorId}/decision`, { method: 'POST', body })).data;
}

export function useDecideVendor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVendor,
    // Every list the business leaves or joins, the figures and the log; on 409 too (decided elsewhere meanwhile).
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

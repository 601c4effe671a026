/**
 * POST /admin/suspicious-activity/:id/decision (issue 24): CLEAR (its items count again) or EXCLUDE (its reviews removed,
 * its purchases out of every figure), always with the statement of reasons the shop reads.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuspiciousActivity, SuspiciousActivityDecisionRequest } from '@qrib/shared/trust-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type DecideSuspiciousActivityInput = SuspiciousActivityDecisionRequest & { id: number };

export async function decideSuspiciousActivity({ id, ...body }: DecideSuspiciousActivityInput): Promise<SuspiciousActivity> {
  return (await apiRequest<{ data: SuspiciousActivity }>(`/admin/suspicious-activity/${id}/decision`, { method: 'POST', body })).data;
}

export function useDecideSuspiciousActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideSuspiciousActivity,
    // The queue, the overview's count and the action log all change; a refusal (decided already) too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/** POST /admin/reports/:kind/:itemId/decision: keep the item, or remove it with the statement of reasons. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportKind } from '@qrib/shared/trust-constants';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface DecideReportInput {
  kind: ReportKind;
  itemId: number;
  outcome: 'KEPT' | 'REMOVED';
  reason?: string;
}

export async function decideReport({ kind, itemId, ...body }: DecideReportInput): Promise<unknown> {
  return (await apiRequest<{ data: unknown }>(`/admin/reports/${kind}/${itemId}/decision`, { method: 'POST', body })).data;
}

export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReport,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

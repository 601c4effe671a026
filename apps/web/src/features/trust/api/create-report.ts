/** POST /reports: an offer, a shop or a review reported with a reason; 200 (not 201) when the same report is already open. */
import { useMutation } from '@tanstack/react-query';
import type { ReportKind, ReportReason } from '@qrib/shared/trust-constants';
import { apiRequestWithStatus } from '../../../lib/api-client.ts';

export interface ReportRequest {
  kind: ReportKind;
  id: number;
  reason: ReportReason;
  text: string;
}

export function useCreateReport() {
  return useMutation({
    mutationFn: async (body: ReportRequest) => {
      const { status } = await apiRequestWithStatus<{ data: { reportId: number } }>('/reports', { method: 'POST', body });
      return { alreadyReported: status === 200 };
    },
  });
}

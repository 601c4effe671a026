/** POST /vendors/me/stamps (issue 29 §2): a till stamp, the shopper's stamp pass as the cashier scanned it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tillStampSchema } from '@qrib/shared/stamp-card-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type TillStamp = z.infer<typeof tillStampSchema>;

export function useTillStamp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pass: string) => (await apiRequest<{ data: TillStamp }>('/vendors/me/stamps', { method: 'POST', body: { pass } })).data,
    // The card's figures on the insights screens.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.insightsAll }),
  });
}

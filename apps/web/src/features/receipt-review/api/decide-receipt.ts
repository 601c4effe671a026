/**
 * POST /receipts/:receiptId/decision: the owner's one decision. The decided receipt replaces the old one in
 * every cached queue, so its card shows the decision even in a tab it no longer matches (until the next visit).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReceiptDecision, VendorReceipt } from '@qrib/shared/receipt-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface DecideReceiptInput {
  receiptId: number;
  status: ReceiptDecision;
  reason?: string;
}

export async function decideReceipt({ receiptId, ...body }: DecideReceiptInput): Promise<VendorReceipt> {
  const { data } = await apiRequest<{ data: VendorReceipt }>(`/receipts/${receiptId}/decision`, { method: 'POST', body });
  return data;
}

export function useDecideReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideReceipt,
    onSuccess: (decided) => {
      queryClient.setQueriesData<{ data: VendorReceipt[] }>({ queryKey: queryKeys.receipts.reviewAll() }, (current) =>
        current ? { data: current.data.map((receipt) => (receipt.receiptId === decided.receiptId ? decided : receipt)) } : current,
      );
      // Other tabs refetch when opened; the one on screen keeps the card until then.
      void queryClient.invalidateQueries({ queryKey: queryKeys.receipts.reviewAll(), refetchType: 'none' });
    },
    onError: () => {
      // Decided elsewhere meanwhile (409): show what the server has now.
      void queryClient.invalidateQueries({ queryKey: queryKeys.receipts.reviewAll() });
    },
  });
}

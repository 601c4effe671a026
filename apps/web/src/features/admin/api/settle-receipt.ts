/** POST /admin/receipts/:receiptId/settlement: the admin's verdict on a disputed receipt, with the reason. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface SettleReceiptInput {
  receiptId: number;
  status: 'VERIFIED' | 'REJECTED';
  reason: string;
}

export async function settleReceipt({ receiptId, ...body }: SettleReceiptInput): Promise<unknown> {
  return (await apiRequest<{ data: unknown }>(`/admin/receipts/${receiptId}/settlement`, { method: 'POST', body })).data;
}

export function useSettleReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settleReceipt,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}

/**
 * POST /receipts/:receiptId/ask-shop (issue 24): the shopper asks the shop to check a receipt the automatic check
 * rejected or held; it reaches the owner as NEEDS_REVIEW, once. The answer is the receipt with `askedShopAt`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Receipt } from '@qrib/shared/receipt-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function askShopToCheck(receiptId: number): Promise<Receipt> {
  return (await apiRequest<{ data: Receipt }>(`/receipts/${receiptId}/ask-shop`, { method: 'POST' })).data;
}

export function useAskShopToCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askShopToCheck,
    // A refusal (409: asked already, or decided meanwhile) also means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.receipts.all }),
  });
}

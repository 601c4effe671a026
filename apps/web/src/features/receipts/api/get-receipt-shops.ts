import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceiptShop } from '@qrib/shared/receipt-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The shops a receipt can be for: detected visits, saved offers and recently opened offers. */
export function getReceiptShops(): Promise<{ data: ReceiptShop[] }> {
  return apiRequest('/me/receipt-shops');
}

export const receiptShopsQueryOptions = () => queryOptions({ queryKey: queryKeys.receipts.shops(), queryFn: getReceiptShops });

export function useReceiptShops() {
  return useQuery(receiptShopsQueryOptions());
}

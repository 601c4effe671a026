/** GET /vendors/me/receipts: the shop's receipt queue, newest first, optionally one status. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VendorReceipt } from '@qrib/shared/receipt-schemas';
import type { ReceiptStatus } from '@qrib/shared/receipt-constants';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ReviewFilter = ReceiptStatus | 'ALL';

export function getShopReceipts(filter: ReviewFilter): Promise<{ data: VendorReceipt[] }> {
  return apiRequest(`/vendors/me/receipts${filter === 'ALL' ? '' : `?status=${filter}`}`);
}

export const shopReceiptsQueryOptions = (filter: ReviewFilter) =>
  queryOptions({ queryKey: queryKeys.receipts.review(filter), queryFn: () => getShopReceipts(filter) });

export function useShopReceipts(filter: ReviewFilter) {
  return useQuery(shopReceiptsQueryOptions(filter));
}

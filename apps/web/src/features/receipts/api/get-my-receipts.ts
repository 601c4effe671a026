import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Receipt } from '@qrib/shared/receipt-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export function getMyReceipts(): Promise<{ data: Receipt[] }> {
  return apiRequest('/me/receipts');
}

export const myReceiptsQueryOptions = () => queryOptions({ queryKey: queryKeys.receipts.mine(), queryFn: getMyReceipts });

export function useMyReceipts() {
  return useQuery(myReceiptsQueryOptions());
}

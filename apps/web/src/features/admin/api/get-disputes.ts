/** GET /admin/receipt-disputes: receipts the automatic check verified and the shop then rejected, not yet settled. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceiptDispute } from '@qrib/shared/trust-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export async function getReceiptDisputes(): Promise<ReceiptDispute[]> {
  return (await apiRequest<{ data: ReceiptDispute[] }>('/admin/receipt-disputes')).data;
}

export const receiptDisputesQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.disputes(), queryFn: getReceiptDisputes });

export function useReceiptDisputes() {
  return useQuery(receiptDisputesQueryOptions());
}

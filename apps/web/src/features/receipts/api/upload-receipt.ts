import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Receipt } from '@qrib/shared/receipt-schemas';
import { apiUpload } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface ReceiptUpload {
  vendorId: number;
  offerId?: number | undefined;
  visitId?: number | undefined;
  /** The redeemed code this receipt proves (issue 13). */
  claimId?: number | undefined;
  files: File[];
}

/** POST /file/upload-bills: the shop (and optionally the offer and visit) plus the files, with progress. */
export function uploadReceipt({ vendorId, offerId, visitId, claimId, files }: ReceiptUpload, onProgress?: (percent: number) => void) {
  const form = new FormData();
  form.append('vendorId', String(vendorId));
  if (offerId !== undefined) form.append('offerId', String(offerId));
  if (visitId !== undefined) form.append('visitId', String(visitId));
  if (claimId !== undefined) form.append('claimId', String(claimId));
  for (const file of files) form.append('files', file, file.name);
  return apiUpload<{ data: Receipt }>('/file/upload-bills', form, onProgress);
}

export function useUploadReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ upload, onProgress }: { upload: ReceiptUpload; onProgress?: (percent: number) => void }) => uploadReceipt(upload, onProgress),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.receipts.all }),
  });
}

/** Spec §8: the receipt upload's failure alerts, chosen by how the request failed. */
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { translateError } from '../../../lib/i18n.ts';

export function uploadFailureMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.reason === 'network' || error.reason === 'timeout') return t('messages.receiptUploadNoResponse');
    if (error.reason === 'status') return t('messages.receiptUploadStatus', { status: error.status });
    // An error answer: the server's message (in the reader's language when it is one of ours) or the status text.
    return t('messages.receiptUploadFailed', { message: translateError(t, error) });
  }
  return t('messages.receiptUploadFailed', { message: error instanceof Error ? error.message : String(error) });
}

/** Spec §4 and §5: a choice that would pass 10 files is refused and nothing is kept (files and previews clear). */
export function addReceiptFiles(existing: readonly File[], added: readonly File[], max: number): { files: File[]; tooMany: boolean } {
  if (existing.length + added.length > max) return { files: [], tooMany: true };
  return { files: [...existing, ...added], tooMany: false };
}

import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { MESSAGES, formatMessage } from '@qrib/shared/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { initI18n } from '../../../lib/i18n.ts';
import { addReceiptFiles, uploadFailureMessage } from './upload-failure.ts';

describe('receipt upload failures (spec §8)', () => {
  initI18n('en');
  const t = i18next.t.bind(i18next);

  it('says there was no answer for a network failure or a timeout', () => {
    expect(uploadFailureMessage(t, new ApiError(0, 'Network Error', {}, 'network'))).toBe(MESSAGES.receiptUploadNoResponse);
    expect(uploadFailureMessage(t, new ApiError(0, 'Timeout', {}, 'timeout'))).toBe(MESSAGES.receiptUploadNoResponse);
  });

  it('names an unexpected success status', () => {
    expect(uploadFailureMessage(t, new ApiError(204, 'No Content', {}, 'status'))).toBe('Upload failed with status: 204');
  });

  it('carries the server’s message or the status text of an error answer', () => {
    expect(uploadFailureMessage(t, new ApiError(409, MESSAGES.receiptDuplicateFile))).toBe(
      formatMessage(MESSAGES.receiptUploadFailed, { message: MESSAGES.receiptDuplicateFile }),
    );
    expect(uploadFailureMessage(t, new ApiError(502, 'Bad Gateway'))).toBe('Upload failed: Bad Gateway');
    expect(uploadFailureMessage(t, new Error('boom'))).toBe('Upload failed: boom');
  });

  it('keeps nothing of a choice that would pass 10 files', () => {
    const file = (name: string) => new File(['x'], name, { type: 'image/png' });
    const nine = Array.from({ length: 9 }, (_, index) => file(`${index}.png`));
    expect(addReceiptFiles(nine, [file('a.png')], 10)).toEqual({ files: [...nine, expect.any(File)], tooMany: false });
    expect(addReceiptFiles(nine, [file('a.png'), file('b.png')], 10)).toEqual({ files: [], tooMany: true });
    expect(addReceiptFiles([], Array.from({ length: 11 }, (_, index) => file(`${index}.png`)), 10).tooMany).toBe(true);
  });
});

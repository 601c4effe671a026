/**
 * How a private file (a receipt's file, a registration document) is sent: never cached, never run. A PDF is
 * downloaded rather than shown: opened inline it would run its JavaScript at the app's origin in some viewers.
 * `Content-Security-Policy: sandbox` makes whatever is shown a page of an opaque origin with no scripts.
 */
export function privateFileHeaders(contentType: string, byteSize: number): Record<string, string> {
  return {
    'content-type': contentType,
    'content-length': String(byteSize),
    'cache-control': 'private, no-store',
    'content-disposition': contentType === 'application/pdf' ? 'attachment' : 'inline',
    'content-security-policy': 'sandbox',
  };
}

/** Where a receipt's file is served (routes/api/v1/receipts), behind the policy that lets its parties read it. */
export const receiptFileUrl = (receiptId: number, fileId: number) => `/api/v1/receipts/${receiptId}/files/${fileId}`;

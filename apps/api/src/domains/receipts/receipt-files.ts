/**
 * Checks a receipt file by its content (never its name or declared type): a PDF must look like one from its
 * first to its last bytes; anything else must decode as a JPEG, PNG or WebP photo (DESIGN.md §7, §8).
 */
import { DomainError } from '../../kernel/domain-error.ts';
import { processReceiptImage, sha256 } from '../../kernel/images.ts';

export interface CheckedReceiptFile {
  body: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';
  extension: 'jpg' | 'png' | 'webp' | 'pdf';
  /** Of the bytes as uploaded, so the same file sent twice is recognised. */
  sha256: string;
  perceptualHash: string | null;
}

const PDF_HEADER = /^%PDF-[12]\.\d/;

/** A PDF starts with `%PDF-1.x` or `%PDF-2.x` and ends (give or take trailing whitespace) with `%%EOF`. */
export function isPdf(buffer: Buffer): boolean {
  if (!PDF_HEADER.test(buffer.subarray(0, 8).toString('latin1'))) return false;
  return buffer.subarray(Math.max(0, buffer.length - 1024)).toString('latin1').includes('%%EOF');
}

/** `hash`: the sha256 of `buffer` when the caller computed it already (as the bytes arrived). */
export async function checkReceiptFile(buffer: Buffer, hash = sha256(buffer)): Promise<CheckedReceiptFile> {
  if (buffer.subarray(0, 5).toString('latin1') === '%PDF-') {
    if (!isPdf(buffer)) throw new DomainError('unsupported', 'receiptFileWrongType');
    return { body: buffer, contentType: 'application/pdf', extension: 'pdf', sha256: hash, perceptualHash: null };
  }
  const image = await processReceiptImage(buffer, 'receiptFileWrongType');
  return { body: image.body, contentType: image.contentType, extension: image.extension, sha256: hash, perceptualHash: image.perceptualHash };
}

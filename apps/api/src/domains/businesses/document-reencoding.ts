/**
 * The one-off clean-up of registration documents stored before they were encoded again on upload (issue 10,
 * 'Stored raw'): each image document is read through the Storage interface, encoded again by
 * processDocumentImage (no metadata, nothing appended, long side at most 4000 px), stored under its new
 * content-addressed key, and its row updated (storage_key, byte_size, sha256); the old file is removed once
 * no row names it. PDFs stay as they are. Running it again changes nothing: a file already in the form
 * processDocumentImage writes is left alone (JPEG quality would be lost a little more each time).
 */
import sharp from 'sharp';
import type { Db } from '../../db/client.ts';
import type { Storage } from '../../storage/storage.ts';
import { DOCUMENT_MAX_SIDE, processDocumentImage } from '../../kernel/images.ts';
import { createStoredDocumentsRepository } from './repository/stored-documents.ts';

export interface DocumentReencodingReport {
  reencoded: number;
  alreadyClean: number;
  notImages: number;
  missing: number;
  unreadable: number;
}

/** JPEG markers sharp writes before the scan: quantisation and Huffman tables, frame headers, restart interval. */
const CLEAN_JPEG_MARKERS = new Set([0xdb, 0xc4, 0xdd, 0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const CLEAN_PNG_CHUNKS = new Set(['IHDR', 'PLTE', 'tRNS', 'pHYs', 'IDAT', 'IEND']);

/**
 * Whether the bytes are what processDocumentImage writes: no metadata segment or chunk (EXIF, XMP, ICC,
 * comments, text) and nothing after the end of the image. In JPEG scan data every 0xFF byte is followed by 0
 * or a restart marker, so the first end-of-image marker after the scan begins is the real end.
 */
export function isCleanEncoding(bytes: Buffer, contentType: string): boolean {
  if (contentType === 'image/jpeg') {
    if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return false;
    let offset = 2;
    for (;;) {
      if (offset + 4 > bytes.length || bytes[offset] !== 0xff) return false;
      const marker = bytes[offset + 1] ?? 0;
      if (marker === 0xda) break;
      if (!CLEAN_JPEG_MARKERS.has(marker)) return false;
      offset += 2 + bytes.readUInt16BE(offset + 2);
    }
    return bytes.indexOf(Buffer.from([0xff, 0xd9]), offset) === bytes.length - 2;
  }
  if (contentType === 'image/png') {
    let offset = 8;
    while (offset + 12 <= bytes.length) {
      const type = bytes.subarray(offset + 4, offset + 8).toString('latin1');
      if (!CLEAN_PNG_CHUNKS.has(type)) return false;
      offset += 12 + bytes.readUInt32BE(offset);
      if (type === 'IEND') return offset === bytes.length;
    }
    return false;
  }
  return false;
}

async function readAll(storage: Storage, key: string): Promise<Buffer | undefined> {
  const stored = await storage.get(key);
  if (!stored) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export async function reencodeStoredDocuments(
  db: Db,
  storage: Storage,
  log: (message: string) => void = () => undefined,
): Promise<DocumentReencodingReport> {
  const report: DocumentReencodingReport = { reencoded: 0, alreadyClean: 0, notImages: 0, missing: 0, unreadable: 0 };
  const storedDocuments = createStoredDocumentsRepository(db);
  const documents = await storedDocuments.listAll();
  for (const document of documents) {
    if (document.contentType !== 'image/jpeg' && document.contentType !== 'image/png') {
      report.notImages += 1;
      continue;
    }
    const bytes = await readAll(storage, document.storageKey);
    if (!bytes) {
      report.missing += 1;
      log(`document ${document.id}: no file at ${document.storageKey}`);
      continue;
    }
    if (isCleanEncoding(bytes, document.contentType)) {
      const { width = 0, height = 0 } = await sharp(bytes).metadata();
      if (Math.max(width, height) <= DOCUMENT_MAX_SIDE) {
        report.alreadyClean += 1;
        continue;
      }
    }
    let processed;
    try {
      processed = await processDocumentImage(bytes);
    } catch {
      report.unreadable += 1;
      log(`document ${document.id}: ${document.storageKey} does not decode; left as it is`);
      continue;
    }
    const storageKey = `private/documents/${processed.sha256}.${processed.extension}`;
    await storage.put(storageKey, processed.body, processed.contentType);
    await storedDocuments.replaceFile(document.id, { storageKey, contentType: processed.contentType, byteSize: processed.body.length, sha256: processed.sha256 });
    // The same upload may be another shop's document too (keys are content-addressed): keep it while named.
    const isStillNamed = await storedDocuments.isKeyNamed(document.storageKey);
    if (!isStillNamed && storageKey !== document.storageKey) await storage.delete(document.storageKey);
    report.reencoded += 1;
    log(`document ${document.id}: ${document.byteSize} -> ${processed.body.length} bytes`);
  }
  return report;
}

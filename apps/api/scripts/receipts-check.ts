/**
 * `npm run receipts:check -- <manifest.json>`: the server's automatic receipt check (issue 24) on files, with no
 * database and no server, so it runs beside a running one. The manifest is a JSON array of
 *   { "file": "photo.jpg", "shopName": "…", "uploadedAt": "2018-03-02T12:00:00Z",
 *     "offer": null | { "discountType", "discountValue", "startDate", "endDate" } }
 * A relative `file` is resolved against the manifest's own folder (so a manifest and its photos move together).
 *
 * Each file goes through what an upload does (checkReceiptFile: its type from its first bytes, a photo re-encoded
 * as it is stored) and then through runReceiptPipeline, exactly as the verifier runs it, with no duplicate
 * detection (each entry is judged on its own). RECEIPT_OCR_WORKERS (default 2) OCR workers read the entries at
 * once; stdout has one JSON line per entry, in the manifest's order, and nothing else (logs go to stderr):
 *   { "file", "status", "reasonCode", "fields": { "merchant", "date", "total", "subtotal" } }
 * Exit 0 whatever the verdicts; 2 for a manifest that cannot be used, 1 when the check cannot run at all.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkReceiptFile } from '../src/domains/receipts/receipt-files.ts';
import { createOcrPool, type OcrPool } from '../src/domains/receipts/receipt-ocr.ts';
import { runReceiptPipeline, type PipelineLog, type ReceiptFileBytes } from '../src/domains/receipts/receipt-verifier.ts';
import type { OfferTerms } from '../src/domains/receipts/receipt-rules.ts';

interface Entry {
  file: string;
  shopName: string;
  uploadedAt: Date;
  offer: OfferTerms | null;
}

class ManifestError extends Error {}

const log: PipelineLog = {
  warn(details, message) {
    const error = (details as { err?: unknown }).err;
    process.stderr.write(`${message}${error instanceof Error ? `: ${error.message}` : ''}\n`);
  },
};

const isDate = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

function parseOffer(value: unknown, at: string): OfferTerms | null {
  if (value === null || value === undefined) return null;
  const offer = value as Record<string, unknown>;
  if (typeof value !== 'object') throw new ManifestError(`${at}.offer must be null or an object`);
  if (offer.discountType !== 'PERCENTAGE' && offer.discountType !== 'FIXED' && offer.discountType !== 'BUYXGETY') {
    throw new ManifestError(`${at}.offer.discountType must be PERCENTAGE, FIXED or BUYXGETY`);
  }
  const discountValue = Number(offer.discountValue);
  if (!Number.isFinite(discountValue)) throw new ManifestError(`${at}.offer.discountValue must be a number`);
  if (!isDate(offer.startDate) || !isDate(offer.endDate)) throw new ManifestError(`${at}.offer.startDate and endDate must be YYYY-MM-DD`);
  return { discountType: offer.discountType, discountValue, startDate: offer.startDate as string, endDate: offer.endDate as string };
}

function parseManifest(json: unknown): Entry[] {
  if (!Array.isArray(json)) throw new ManifestError('the manifest must be a JSON array of receipts');
  return json.map((item: unknown, index) => {
    const at = `entry ${index}`;
    if (typeof item !== 'object' || item === null) throw new ManifestError(`${at} must be an object`);
    const entry = item as Record<string, unknown>;
    if (typeof entry.file !== 'string' || entry.file === '') throw new ManifestError(`${at}.file must be a path`);
    if (typeof entry.shopName !== 'string' || entry.shopName.trim() === '') throw new ManifestError(`${at}.shopName must be the shop's name`);
    const uploadedAt = new Date(typeof entry.uploadedAt === 'string' ? entry.uploadedAt : Number.NaN);
    if (Number.isNaN(uploadedAt.getTime())) throw new ManifestError(`${at}.uploadedAt must be an ISO date and time`);
    return { file: entry.file, shopName: entry.shopName, uploadedAt, offer: parseOffer(entry.offer, at) };
  });
}

/** The file as the upload route would store it; an unusable or missing file is a file the check cannot read. */
async function storedFile(file: string): Promise<ReceiptFileBytes> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    log.warn({ err: error }, `${file} could not be read`);
    return { bytes: null, contentType: 'application/octet-stream' };
  }
  try {
    const checked = await checkReceiptFile(bytes);
    return { bytes: checked.body, contentType: checked.contentType };
  } catch (error) {
    log.warn({ err: error }, `${file} is not a photo or PDF the upload accepts`);
    return { bytes: null, contentType: 'application/octet-stream' };
  }
}

async function main(): Promise<number> {
  const manifestPath = process.argv[2];
  if (!manifestPath) throw new ManifestError('usage: npm run receipts:check -- <manifest.json>');
  let json: unknown;
  try {
    json = JSON.parse(await readFile(manifestPath, 'utf8'));
  } catch (error) {
    throw new ManifestError(`cannot read ${manifestPath} as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  const entries = parseManifest(json);
  const folder = path.dirname(path.resolve(manifestPath));
  const workers = Number(process.env.RECEIPT_OCR_WORKERS ?? 2);
  if (!Number.isInteger(workers) || workers < 1 || workers > 8) throw new ManifestError('RECEIPT_OCR_WORKERS must be a whole number from 1 to 8');

  let pool: Promise<OcrPool> | undefined;
  const ocrPool = () => (pool ??= createOcrPool(workers, (error) => log.warn({ err: error }, 'OCR job failed')));
  const lines: (string | undefined)[] = Array.from({ length: entries.length });
  let printed = 0;
  const flush = () => {
    while (printed < lines.length && lines[printed] !== undefined) {
      process.stdout.write(`${lines[printed]}\n`);
      printed += 1;
    }
  };
  let next = 0;
  try {
    // As many entries at once as OCR workers; each line is printed as soon as those before it are.
    await Promise.all(
      Array.from({ length: workers }, async () => {
        while (next < entries.length) {
          const index = next;
          next += 1;
          const entry = entries[index] as Entry;
          const file = await storedFile(path.resolve(folder, entry.file));
          const { verdict, fields } = await runReceiptPipeline({
            files: [file],
            businessName: entry.shopName,
            offer: entry.offer,
            uploadedAt: entry.uploadedAt,
            ocrPool,
            log,
            isNearDuplicate: async () => false,
          });
          lines[index] = JSON.stringify({
            file: entry.file,
            status: verdict.status,
            reasonCode: verdict.reason?.code ?? null,
            fields: { merchant: fields.merchant, date: fields.date, total: fields.total, subtotal: fields.subtotal },
          });
          flush();
        }
      }),
    );
  } finally {
    if (pool) await (await pool.catch(() => undefined))?.close();
  }
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`receipts:check: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = error instanceof ManifestError ? 2 : 1;
  },
);

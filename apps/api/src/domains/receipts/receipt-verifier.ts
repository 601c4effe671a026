/**
 * The background receipt verifier (DESIGN.md §8): never inside the upload request. A few slots (one per OCR
 * worker) claim unchecked receipts from the database queue, read their files (OCR for photos, the text layer
 * for PDFs), extract merchant, date and totals, apply the rules and store the verdict. The queue is the
 * receipts table itself, so nothing is lost on a restart and replicas share the work (see receipt-checks.ts).
 * Tesseract starts on the first photo, so an app that never verifies a receipt never pays for it.
 */
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { ReceiptChecksRepository } from './repository/receipt-checks.ts';
import type { Storage } from '../../storage/storage.ts';
import { extractReceiptFields, findDate, type ExtractedReceipt } from './receipt-extraction.ts';
import { imageSignals, type ImageSignals } from './receipt-image-signals.ts';
import { createOcrPool, PdfReaderUnavailableError, prepareReceiptImage, readPdfText, type OcrLine, type OcrPool } from './receipt-ocr.ts';
import {
  decideReceipt,
  isSameReceipt,
  merchantShown,
  NEAR_DUPLICATE_MAX_BITS,
  SAME_TEXT_SIMILARITY,
  type OfferTerms,
  type ReadReceipt,
  type Verdict,
} from './receipt-rules.ts';

/** How often the queue is looked at without being woken (uploads on another replica, stale claims). */
export const RECEIPT_QUEUE_POLL_MS = 60_000;
/** How often a worker says it is still checking its claimed receipts (others take a claim over after 30 s of silence). */
export const CLAIM_HEARTBEAT_MS = 10_000;
/** How long closing waits for receipts being read before stopping the OCR workers. */
const CLOSE_GRACE_MS = 10_000;
/** What is kept of a receipt's text: enough for any till receipt, bounded for a 10-page PDF. */
const MAX_STORED_TEXT = 20_000;

export interface ReceiptVerifier {
  /** Looks at the queue now (after an upload, at start-up, on a timer). Does nothing with no workers. */
  wake(): void;
  /** Resolves once the queue is empty and nothing is being checked (tests, benchmarks). */
  drain(): Promise<void>;
  /** Checks one receipt now, whoever claimed it (the loop uses it; tests may call it directly). */
  checkReceipt(receiptId: number): Promise<void>;
  /** Stops claiming, waits for the receipts being checked, and ends the OCR workers. */
  close(): Promise<void>;
}

export interface ReceiptVerifierOptions {
  checks: ReceiptChecksRepository;
  storage: Storage;
  /** OCR workers, and so receipts checked at once; 0 turns verification off (receipts stay PENDING). */
  workers: number;
  log: FastifyBaseLogger;
  /** Run after a receipt is VERIFIED automatically, with its shop: the suspicious-activity check (issue 24); never throws. */
  afterVerified?: (vendorId: number) => Promise<void>;
}

interface FileText {
  text: string;
  isRead: boolean;
  isPdf: boolean;
  /** An image with no sign of a physical document (drawn by a program). */
  isDrawn: boolean;
  /** OCR's lines with word confidences (photos only). */
  lines?: OcrLine[];
}

/**
 * How sure OCR was of the date: the lowest confidence of the words holding digits on the OCR line where that date
 * is found; 100 when no OCR line has it (a PDF's text layer is read exactly).
 */
export function dateConfidence(date: string | null, files: { lines?: OcrLine[] }[]): number {
  if (date === null) return 100;
  for (const file of files) {
    for (const line of file.lines ?? []) {
      if (findDate(line.text) !== date) continue;
      const digits = line.words.filter((word) => /\d/.test(word.text));
      return Math.min(100, ...digits.map((word) => word.confidence));
    }
  }
  return 100;
}

/** Where the pipeline reports files it could not read (the server's logger, or stderr in the CLI). */
export interface PipelineLog {
  warn(details: object, message: string): void;
}

/** One file of a receipt as stored: its bytes (null when the stored file is missing) and content type. */
export interface ReceiptFileBytes {
  fileId?: number;
  bytes: Buffer | null;
  contentType: string;
}

export interface ReceiptPipelineInput {
  files: ReceiptFileBytes[];
  businessName: string;
  offer: OfferTerms | null;
  uploadedAt: Date;
  /** The OCR workers, started on the first photo. */
  ocrPool: () => Promise<OcrPool>;
  /** Whether an earlier receipt says the same (the server asks the database; the CLI answers false). */
  isNearDuplicate: (current: ReadReceipt) => Promise<boolean>;
  log: PipelineLog;
}

export interface ReceiptPipelineResult {
  verdict: Verdict;
  fields: ExtractedReceipt;
  ocrText: string;
}

/**
 * The whole automatic check of one receipt, as the server and `npm run receipts:check` both run it: read each
 * file (OCR for photos, the text layer for PDFs), extract merchant, date and totals, and decide. Throws only for
 * this process's trouble (OCR workers or the PDF reader that cannot start), never for a bad file.
 */
export async function runReceiptPipeline(input: ReceiptPipelineInput): Promise<ReceiptPipelineResult> {
  const { log } = input;
  async function readFileText(file: ReceiptFileBytes): Promise<FileText> {
    if (!file.bytes) return { text: '', isRead: false, isPdf: false, isDrawn: false };
    const bytes = file.bytes;
    const unreadable = (error: unknown): FileText => {
      log.warn({ err: error, fileId: file.fileId }, 'receipt file could not be read');
      return { text: '', isRead: false, isPdf: file.contentType === 'application/pdf', isDrawn: false };
    };
    if (file.contentType === 'application/pdf') {
      try {
        const pages = await readPdfText(bytes);
        // A page without a text layer is a scan; rendering it for OCR would need a canvas, so the owner reads it.
        return { text: pages.join('\n'), isRead: pages.length > 0 && pages.every((page) => page.trim() !== ''), isPdf: true, isDrawn: false };
      } catch (error) {
        // Like OCR workers that fail to start: the receipt is read again later.
        if (error instanceof PdfReaderUnavailableError) throw error;
        return unreadable(error);
      }
    }
    let image: Buffer;
    let signals: ImageSignals;
    try {
      [image, signals] = await Promise.all([prepareReceiptImage(bytes), imageSignals(bytes)]);
    } catch (error) {
      return unreadable(error);
    }
    // OCR workers that fail to start are this process's trouble, not the receipt's: the error propagates, the
    // claim goes stale and the receipt is read again later instead of being marked unreadable for good.
    const ocr = await input.ocrPool();
    try {
      const { text, lines } = await ocr.read(image);
      return { text, lines, isRead: text.trim() !== '', isPdf: false, isDrawn: !signals.isPhysical };
    } catch (error) {
      return unreadable(error);
    }
  }

  const texts: FileText[] = [];
  for (const file of input.files) texts.push(await readFileText(file));
  const ocrText = texts
    .map((file) => file.text.trim())
    .filter((text) => text !== '')
    .join('\n\n')
    .replaceAll('\u0000', '')
    .slice(0, MAX_STORED_TEXT);
  const fields = { ...extractReceiptFields(ocrText) };
  fields.dateConfidence = dateConfidence(fields.date, texts);
  const isNearDuplicate = await input.isNearDuplicate({ text: ocrText, date: fields.date, total: fields.total });
  const verdict = decideReceipt({
    fields,
    allFilesRead: texts.length > 0 && texts.every((file) => file.isRead),
    businessName: input.businessName,
    offer: input.offer,
    uploadedAt: input.uploadedAt,
    isNearDuplicate,
    hasPdf: texts.some((file) => file.isPdf),
    hasDrawnImage: texts.some((file) => file.isDrawn),
  });
  return { verdict, fields: { ...fields, merchant: merchantShown(fields, input.businessName) }, ocrText };
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export function createReceiptVerifier({ checks, storage, workers, log, afterVerified }: ReceiptVerifierOptions): ReceiptVerifier {
  let pool: Promise<OcrPool> | undefined;
  let isClosed = false;
  let activeSlots = 0;
  let isWakeRequested = false;
  let idleWaiters: (() => void)[] = [];
  /** Receipts this process has claimed and is checking now, kept alive by one heartbeat timer. */
  const heldClaims = new Set<number>();
  let heartbeat: NodeJS.Timeout | undefined;

  function holdClaim(receiptId: number): void {
    heldClaims.add(receiptId);
    heartbeat ??= setInterval(() => {
      checks.beatClaims([...heldClaims]).catch((error: unknown) => log.warn({ err: error }, 'could not renew receipt claims'));
    }, CLAIM_HEARTBEAT_MS).unref();
  }

  function letGoOfClaim(receiptId: number): void {
    heldClaims.delete(receiptId);
    if (heldClaims.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  function ocrPool(): Promise<OcrPool> {
    pool ??= createOcrPool(Math.max(1, workers), (error) => log.warn({ err: error }, 'OCR job failed')).catch((error: unknown) => {
      pool = undefined;
      throw error;
    });
    return pool;
  }

  async function checkReceipt(receiptId: number): Promise<void> {
    const receipt = await checks.findReceiptToCheck(receiptId);
    if (!receipt) return;
    const files: ReceiptFileBytes[] = [];
    for (const file of receipt.files) {
      // A storage outage throws here and the receipt is retried later; a missing file cannot be read at all.
      const stored = await storage.get(file.storageKey);
      files.push({ fileId: file.fileId, contentType: file.contentType, bytes: stored ? await readAll(stored.body) : null });
    }
    const hashes = receipt.files.flatMap((file) => (file.perceptualHash ? [file.perceptualHash] : []));
    const { verdict, fields, ocrText } = await runReceiptPipeline({
      files,
      businessName: receipt.businessName,
      offer: receipt.offer,
      uploadedAt: receipt.uploadedAt,
      ocrPool,
      log,
      async isNearDuplicate(current) {
        const lookalikes = await checks.findLookalikeReceipts(
          { receiptId, vendorId: receipt.vendorId, hashes, date: current.date, total: current.total },
          NEAR_DUPLICATE_MAX_BITS,
        );
        // Without a lookalike photo (a PDF, a new photo) only the very same text counts: two customers' receipts
        // for one deal on one day differ in little more than the time.
        return lookalikes.some((previous) => isSameReceipt(current, previous, previous.isPhotoLookalike ? SAME_TEXT_SIMILARITY : 1));
      },
    });
    await checks.saveResult(receiptId, {
      ...verdict,
      extractedTotal: fields.total,
      extractedDate: fields.date,
      extractedMerchant: fields.merchant,
      ocrText,
    });
    log.info({ receiptId, status: verdict.status, reason: verdict.reason?.code }, 'receipt checked');
    if (verdict.status === 'VERIFIED' && afterVerified) await afterVerified(receipt.vendorId);
  }

  async function runSlot(): Promise<void> {
    try {
      while (!isClosed) {
        isWakeRequested = false;
        const receiptId = await checks.claimNext();
        if (receiptId === undefined) {
          // An upload may have woken us while the claim was running: look once more.
          if (isWakeRequested) continue;
          break;
        }
        holdClaim(receiptId);
        try {
          await checkReceipt(receiptId);
        } catch (error) {
          // The receipt is tried again a few minutes later (by any process), its shop's queue waiting meanwhile.
          log.error({ err: error, receiptId }, 'receipt check failed; it will be retried');
          await checks.releaseFailedClaim(receiptId).catch((releaseError: unknown) => log.warn({ err: releaseError, receiptId }, 'could not release a failed receipt claim'));
        } finally {
          letGoOfClaim(receiptId);
        }
      }
    } catch (error) {
      log.error({ err: error }, 'receipt queue unavailable');
    } finally {
      activeSlots -= 1;
      if (activeSlots === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const resolve of waiters) resolve();
      }
    }
  }

  function wake(): void {
    if (isClosed || workers === 0) return;
    isWakeRequested = true;
    while (activeSlots < workers) {
      activeSlots += 1;
      void runSlot();
    }
  }

  function whenIdle(): Promise<void> {
    if (activeSlots === 0) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  return {
    wake,
    checkReceipt,
    async drain() {
      wake();
      await whenIdle();
    },
    async close() {
      isClosed = true;
      // A receipt being read finishes if it can; after a while the workers are stopped anyway (its claim's
      // heartbeat stops and another process reads it again), so shutting down never hangs on a stuck job.
      await Promise.race([whenIdle(), new Promise((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())]);
      clearInterval(heartbeat);
      heartbeat = undefined;
      const started = pool;
      pool = undefined;
      if (started) await (await started.catch(() => undefined))?.close();
    },
  };
}

/**
 * Reading receipts offline (DESIGN.md §8): photos through sharp (upright, greyscale, scaled down, contrast
 * stretched) and tesseract.js with the English data shipped in @tesseract.js-data/eng; PDFs through their
 * text layer (unpdf). Nothing here touches the network: the language data is read from the package folder
 * and images are passed as Buffers (a string that looks like a URL would be fetched).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';
import { MAX_IMAGE_PIXELS } from '@qrib/shared';

const require = createRequire(import.meta.url);
/**
 * The package's own entry points at `4.0.0` (legacy + LSTM, 10.9 MB); the LSTM-only `4.0.0_best_int` (2.9 MB)
 * reads receipts just as well with about 170 MB less memory for two workers.
 */
const ENGLISH_DATA_DIR = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/** Receipts read best at about this width: wider is slower and no better, and small photos are not enlarged. */
export const OCR_IMAGE_WIDTH = 1400;

export interface OcrPool {
  /** Reads the text of an image prepared by `prepareReceiptImage`. Rejects for an image tesseract cannot read. */
  recognize(image: Buffer): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts `size` tesseract workers (worker threads in this process) behind one scheduler, which hands each job
 * to the next idle worker. Startup takes about half a second, so callers create the pool on first use.
 */
export async function createOcrPool(size: number, onJobError: (error: unknown) => void): Promise<OcrPool> {
  const scheduler = Tesseract.createScheduler();
  try {
    for (let index = 0; index < size; index += 1) {
      const worker = await Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
        langPath: ENGLISH_DATA_DIR,
        gzip: true,
        // The default cache reads and writes an 11 MB eng.traineddata in the process's working directory.
        cacheMethod: 'none',
        // Without a handler a failed job is also thrown inside the worker's message listener, an uncaught
        // exception that would end the API process; with it, only the job's promise rejects.
        errorHandler: onJobError,
      });
      await worker.setParameters({
        // One block of text: the automatic layout drops lines next to a receipt's dashed rules.
        tessedit_pageseg_mode: Tesseract.PSM.SINGLE_BLOCK,
        preserve_interword_spaces: '1',
      });
      scheduler.addWorker(worker);
    }
  } catch (error) {
    await scheduler.terminate();
    throw error;
  }
  return {
    async recognize(image) {
      const { data } = await scheduler.addJob('recognize', image);
      return data.text;
    },
    close: async () => {
      await scheduler.terminate();
    },
  };
}

/**
 * Upright (EXIF), greyscale, at most OCR_IMAGE_WIDTH wide, contrast stretched, as PNG. No thresholding:
 * tesseract's own binarisation does better. Rejects a corrupt image before tesseract sees it.
 */
export async function prepareReceiptImage(input: Buffer): Promise<Buffer> {
  return sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .greyscale()
    .resize({ width: OCR_IMAGE_WIDTH, withoutEnlargement: true })
    .normalise()
    .png()
    .toBuffer();
}

/** A receipt is a page or two: longer PDFs are not read (they go to the owner), nor ones that take too long. */
export const MAX_PDF_PAGES = 5;
const PDF_TIMEOUT_MS = 15_000;

/**
 * The text layer of each page of a PDF; a scanned page without one gives ''. pdf.js runs in a worker thread
 * with a small heap and a time limit (a 10 MB upload can hide thousands of pages or a compression bomb).
 * Rejects for a broken, too long or too slow PDF.
 */
export function readPdfText(pdf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pdf-text-worker.mjs', import.meta.url), {
      workerData: { pdf, maxPages: MAX_PDF_PAGES },
      resourceLimits: { maxOldGenerationSizeMb: 256, maxYoungGenerationSizeMb: 32 },
    });
    const finish = (settle: () => void) => {
      clearTimeout(timer);
      settle();
      void worker.terminate();
    };
    const timer = setTimeout(() => finish(() => reject(new Error('the PDF took too long to read'))), PDF_TIMEOUT_MS);
    worker.once('message', (message: { pages: number; text?: string[] }) =>
      finish(() => (message.text ? resolve(message.text) : reject(new Error(`the PDF has ${message.pages} pages`)))),
    );
    worker.once('error', (error) => finish(() => reject(error)));
    // Exiting without an answer (out of memory): a later resolve or reject is ignored by the promise.
    worker.once('exit', (code) => finish(() => reject(new Error(`the PDF reader stopped (${code})`))));
  });
}

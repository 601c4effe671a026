/**
 * Reading receipts offline (DESIGN.md §8): photos through sharp (upright, greyscale, scaled down, contrast
 * stretched) and tesseract.js with the English data shipped in @tesseract.js-data/eng; PDFs through their
 * text layer (unpdf). Nothing here touches the network: the language data is read from the package folder
 * and images are passed as Buffers (a string that looks like a URL would be fetched).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** A line as tesseract laid it out, with its words' confidences (0..100). */
export interface OcrLine {
  text: string;
  words: { text: string; confidence: number }[];
}

export interface OcrReading {
  text: string;
  lines: OcrLine[];
}

/** The lines of tesseract's TSV output (level 5 rows are words; block, paragraph and line number group them). */
export function parseTsv(tsv: string): OcrLine[] {
  const lines = new Map<string, OcrLine>();
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells[0] !== '5' || cells.length < 12) continue;
    const text = cells.slice(11).join('\t').trim();
    if (text === '') continue;
    const key = `${cells[1]}-${cells[2]}-${cells[3]}-${cells[4]}`;
    const line = lines.get(key) ?? { text: '', words: [] };
    line.words.push({ text, confidence: Number(cells[10]) });
    line.text = line.text === '' ? text : `${line.text} ${text}`;
    lines.set(key, line);
  }
  return [...lines.values()];
}

export interface OcrPool {
  /** Reads the text of an image prepared by `prepareReceiptImage`. Rejects for an image tesseract cannot read. */
  recognize(image: Buffer): Promise<string>;
  /** The text and its lines with word confidences (tesseract's TSV). */
  read(image: Buffer): Promise<OcrReading>;
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
    async read(image) {
      const { data } = await scheduler.addJob('recognize', image, {}, { text: true, tsv: true });
      return { text: data.text, lines: parseTsv(data.tsv ?? '') };
    },
    close: async () => {
      await scheduler.terminate();
    },
  };
}

/** Darker than this (0..255, after greyscale) counts as ink when finding where the receipt's text is. */
const INK_LEVEL = 128;
/** How much a small receipt is enlarged at most (tesseract reads text best at about 20-40 px a line). */
const MAX_ENLARGEMENT = 2.5;

/**
 * Where the text is: the rows and columns holding ink, ignoring rows and columns with only a few dark pixels
 * (dust, a scanner's specks). A scan of a small till receipt on an A4 page leaves the text a fraction of the
 * width; cropping to it and enlarging gives tesseract letters it can read.
 */
export function inkBox(data: Uint8Array | Buffer, width: number, height: number): { left: number; top: number; width: number; height: number } {
  const columns = new Int32Array(width);
  const rows = new Int32Array(height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if ((data[y * width + x] ?? 255) < INK_LEVEL) {
        columns[x] = (columns[x] ?? 0) + 1;
        rows[y] = (rows[y] ?? 0) + 1;
      }
    }
  }
  const span = (counts: Int32Array, minimum: number): [number, number] => {
    let first = 0;
    while (first < counts.length && (counts[first] ?? 0) < minimum) first += 1;
    let last = counts.length - 1;
    while (last > first && (counts[last] ?? 0) < minimum) last -= 1;
    return first >= counts.length ? [0, counts.length - 1] : [first, last];
  };
  const [left, right] = span(columns, Math.max(3, Math.round(height * 0.004)));
  const [top, bottom] = span(rows, Math.max(3, Math.round(width * 0.004)));
  const marginX = Math.round(width * 0.02);
  const marginY = Math.round(height * 0.01);
  const x0 = Math.max(0, left - marginX);
  const y0 = Math.max(0, top - marginY);
  return { left: x0, top: y0, width: Math.min(width, right + marginX + 1) - x0, height: Math.min(height, bottom + marginY + 1) - y0 };
}

/**
 * Upright (EXIF), greyscale, cropped to the text (inkBox), scaled to OCR_IMAGE_WIDTH (small ones enlarged up to
 * MAX_ENLARGEMENT times), contrast stretched, as PNG. No thresholding: tesseract's own binarisation does better.
 * Rejects a corrupt image before tesseract sees it.
 */
export async function prepareReceiptImage(input: Buffer): Promise<Buffer> {
  const { data, info } = await sharp(input, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .greyscale()
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const box = inkBox(data, info.width, info.height);
  const width = Math.round(Math.min(OCR_IMAGE_WIDTH, box.width * MAX_ENLARGEMENT));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .extract(box)
    .resize({ width })
    .normalise()
    // The raw pixels carry no resolution; tesseract guesses one from it (and warns) without this.
    .withMetadata({ density: 300 })
    .png()
    .toBuffer();
}

/** A receipt is a page or two: longer PDFs are not read (they go to the owner), nor ones that take too long. */
export const MAX_PDF_PAGES = 5;
const PDF_TIMEOUT_MS = 15_000;
/** What one stream, and all of a PDF's streams together, may inflate to (a receipt's are a few hundred KB). */
export const MAX_PDF_STREAM_BYTES = 32 * 2 ** 20;
export const MAX_PDF_INFLATED_BYTES = 64 * 2 ** 20;
/** The reading process is killed past this resident size (it needs about 100 MB for an ordinary receipt). */
export const MAX_PDF_READER_RSS_BYTES = 300 * 2 ** 20;
const RSS_POLL_MS = 20;

/** The PDF reader could not be started: this process's trouble, not the PDF's (the receipt is read later). */
export class PdfReaderUnavailableError extends Error {}

/** The resident set size of a process, from /proc (Linux); undefined where it cannot be read. */
function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The text layer of each page of a PDF; a scanned page without one gives ''. pdf.js runs in a child process
 * (pdf-text-child.mjs) that first inflates every zlib stream with a bound, and is killed when its resident
 * size passes MAX_PDF_READER_RSS_BYTES or it takes longer than 15 s: a 10 MB upload can hide thousands of
 * pages or a compression bomb, and memory a worker thread took (typed arrays are outside its heap limit) stays
 * with the API process, while a child's goes back to the system when it ends. `RLIMIT_AS` cannot be used:
 * pdf.js reserves WebAssembly memory. Rejects for a broken, too long, too large or too slow PDF.
 */
export function readPdfText(pdf: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = fork(fileURLToPath(new URL('./pdf-text-child.mjs', import.meta.url)), [], {
        // Bare node: no TypeScript loader or test runner flags; a small heap, so garbage is collected early.
        execArgv: ['--max-old-space-size=128'],
        env: { ...process.env, NODE_OPTIONS: '' },
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      });
    } catch (error) {
      reject(new PdfReaderUnavailableError('the PDF reader could not be started', { cause: error }));
      return;
    }
    let isSettled = false;
    const finish = (settle: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      clearInterval(watcher);
      child.kill('SIGKILL');
      settle();
    };
    const timer = setTimeout(() => finish(() => reject(new Error('the PDF took too long to read'))), PDF_TIMEOUT_MS);
    const watcher = setInterval(() => {
      const rss = child.pid === undefined ? undefined : residentBytes(child.pid);
      if (rss !== undefined && rss > MAX_PDF_READER_RSS_BYTES) {
        finish(() => reject(new Error(`reading the PDF took more than ${MAX_PDF_READER_RSS_BYTES / 2 ** 20} MB`)));
      }
    }, RSS_POLL_MS);
    child.once('message', (message: { pages?: string[]; error?: string }) =>
      finish(() => (message.pages ? resolve(message.pages) : reject(new Error(message.error ?? 'the PDF could not be read')))),
    );
    child.once('error', (error) => finish(() => reject(new PdfReaderUnavailableError('the PDF reader could not be started', { cause: error }))));
    // Ending without an answer (killed, crashed): a later resolve or reject is ignored.
    child.once('exit', (code, signal) => finish(() => reject(new Error(`the PDF reader stopped (${signal ?? code})`))));
    child.send({ pdf, maxPages: MAX_PDF_PAGES, maxStreamBytes: MAX_PDF_STREAM_BYTES, maxTotalBytes: MAX_PDF_INFLATED_BYTES });
  });
}

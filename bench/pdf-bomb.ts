/**
 * What ten PDF bombs do to the API process's memory (issue 10): each is a 2 MB receipt PDF whose one Flate
 * stream inflates to 2 GiB. They are read one after another the way the receipt verifier reads a PDF
 * (readPdfText), while this process's resident set size is sampled; prints RSS before, at its peak and after,
 * and what each read answered.
 * Run: npm run bench:pdf-bomb   (BENCH_BOMBS=10, BENCH_BOMB_GIB=2)
 */
import { performance } from 'node:perf_hooks';
import { readPdfText } from '../apps/api/src/domains/receipts/receipt-ocr.ts';
import { makePdfBomb, makeReceiptPdf } from '../apps/api/test/receipt-images.ts';

const BOMBS = Number(process.env.BENCH_BOMBS ?? 10);
const INFLATED_BYTES = Number(process.env.BENCH_BOMB_GIB ?? 2) * 2 ** 30;
const MB = 2 ** 20;

const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

async function main() {
  const bomb = makePdfBomb(INFLATED_BYTES);
  // One ordinary receipt first, so what the reader loads once (unpdf, the child process code) is in `before`.
  const receipt = makeReceiptPdf({ merchant: 'GOZO FRESH BAKERY', date: '20/11/2026 09:41', items: [{ name: 'Ftira', amount: 7 }], total: 7 });
  await readPdfText(receipt);
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  console.log(`${BOMBS} bombs of ${megabytes(bomb.length)} inflating to ${megabytes(INFLATED_BYTES)} each`);
  for (let index = 1; index <= BOMBS; index += 1) {
    const started = performance.now();
    let outcome: string;
    try {
      const pages = await readPdfText(bomb);
      outcome = `read ${pages.length} page(s)`;
    } catch (error) {
      outcome = `unreadable: ${error instanceof Error ? error.message : String(error)}`;
    }
    console.log(`bomb ${index}: ${outcome} in ${Math.round(performance.now() - started)} ms, RSS ${megabytes(process.memoryUsage().rss)}`);
  }
  // An ordinary receipt is still read afterwards.
  const pages = await readPdfText(receipt);
  clearInterval(sampler);
  global.gc?.();
  const after = process.memoryUsage().rss;
  console.log(`a receipt PDF afterwards: ${pages[0]?.includes('GOZO FRESH BAKERY') ? 'read' : 'NOT read'}`);
  console.log(`API process RSS: before ${megabytes(before)}, peak ${megabytes(peak)}, after ${megabytes(after)} (after - before: ${megabytes(after - before)})`);
}

await main();

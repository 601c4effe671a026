/**
 * How long automatic receipt verification takes (DESIGN.md §8), with 1 and 2 OCR workers:
 * - OCR alone: sharp normalisation + tesseract for each generated receipt photo, as many at once as workers;
 * - upload to verdict: receipts uploaded through POST /api/v1/file/upload-bills, each timed from its 201 to
 *   its stored verdict, first one at a time, then in a burst (for several shops: one shop's receipts are
 *   checked one after another).
 * Run: npm run bench:ocr   (BENCH_RECEIPTS=12 by default)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, inArray } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { receipts, vendors } from '../apps/api/src/db/schema.ts';
import { seedCategories } from '../apps/api/src/db/seed.ts';
import { createOcrPool, prepareReceiptImage } from '../apps/api/src/domains/receipts/receipt-ocr.ts';
import { maltaDateOf } from '@qrib/shared';
import { makePng, multipartBody } from '../apps/api/test/fixtures.ts';
import { makeReceiptPhoto, type ReceiptContent } from '../apps/api/test/receipt-images.ts';

const RECEIPTS = Number(process.env.BENCH_RECEIPTS ?? 12);
const SHOPS = 4;
const WORKER_COUNTS = [1, 2];

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}
const seconds = (ms: number) => (ms / 1000).toFixed(2);
const summary = (values: number[]) => `median ${seconds(percentile(values, 0.5))} s, p90 ${seconds(percentile(values, 0.9))} s`;

const shopName = (shop: number) => `Bench Bakery ${['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'][shop % 6]}`;
const day = (daysAgo: number) => maltaDateOf(new Date(Date.now() - daysAgo * 86_400_000)).split('-').reverse().join('/');

/** Receipt `index`: for shop index % SHOPS, 20% off applied, with its own items so every photo differs. */
function receiptContent(index: number): ReceiptContent {
  const first = 2 + (index % 7);
  const second = 1 + ((index * 3) % 5);
  const subtotal = first + second;
  return {
    merchant: shopName(index % SHOPS).toUpperCase(),
    date: `${day(1 + (index % 5))} ${String(8 + (index % 10)).padStart(2, '0')}:${String((index * 7) % 60).padStart(2, '0')}`,
    items: [
      { name: `Ftira x${first}`, amount: first },
      { name: `Coffee x${second}`, amount: second },
    ],
    subtotal,
    discount: `DISCOUNT 20%          -${(subtotal * 0.2).toFixed(2)}`,
    total: subtotal * 0.8,
  };
}

console.log(`Generating ${RECEIPTS} receipt photos…`);
const photos = await Promise.all(Array.from({ length: RECEIPTS }, (_, index) => makeReceiptPhoto(receiptContent(index))));
/** Receipts uploaded one at a time, different for each worker count (a file is accepted once). */
let singlePhotos: Buffer[] = [];
const SINGLE_RECEIPTS = 4;

async function benchOcrAlone(workers: number): Promise<void> {
  const poolStart = performance.now();
  const pool = await createOcrPool(workers, () => undefined);
  const startup = performance.now() - poolStart;
  const durations: number[] = [];
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < photos.length) {
        const photo = photos[next];
        next += 1;
        if (!photo) break;
        const jobStart = performance.now();
        await pool.recognize(await prepareReceiptImage(photo));
        durations.push(performance.now() - jobStart);
      }
    }),
  );
  const wall = performance.now() - start;
  await pool.close();
  console.log(
    `  OCR alone (sharp + tesseract): ${summary(durations)} per receipt; ${RECEIPTS} in ${seconds(wall)} s ` +
      `(${(RECEIPTS / (wall / 1000)).toFixed(2)} receipts/s); workers started in ${seconds(startup)} s`,
  );
}

async function benchUploadToVerdict(workers: number): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'qrib-bench-ocr-'));
  const database = await openDatabase({ kind: 'pglite', inMemory: true });
  await database.migrate();
  await seedCategories(database.db);
  const app = await buildApp({
    config: { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), signupsPerHour: 1000, receiptOcrWorkers: workers },
    database,
    logger: false,
  });
  try {
    const signUp = async (username: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { name: 'Bench User', email: `${username}@example.com`, phone: '+356 2100 0000', username, password: 'bench12345' },
      });
      if (response.statusCode !== 201) throw new Error(response.body);
      return { auth_token: response.json().token as string };
    };
    const shops: number[] = [];
    for (let shop = 0; shop < SHOPS; shop += 1) {
      const cookies = await signUp(`owner${shop}`);
      const body = multipartBody(
        {
          businessName: shopName(shop),
          businessType: 'RESTAURANT',
          businessAddress: 'Valletta',
          locationLatitude: 35.9,
          locationLongitude: 14.5,
          primaryContactName: 'Bench',
          contactEmail: `owner${shop}@example.com`,
          contactPhone: '+356 2100 0000',
        },
        [{ field: 'documents', filename: 'licence.png', contentType: 'image/png', content: await makePng(16, 16) }],
      );
      const registered = await app.inject({ method: 'POST', url: '/api/v1/vendors/', ...body, cookies });
      if (registered.statusCode !== 201) throw new Error(registered.body);
      const vendorId = registered.json().data.vendorId as number;
      // Approved at once (issue 14: a registration is PENDING, and receipts go to ACTIVE shops only).
      await app.db.update(vendors).set({ status: 'ACTIVE' }).where(eq(vendors.id, vendorId));
      shops.push(vendorId);
    }
    const shopper = await signUp('shopper');
    const uploadReceipt = async (vendorId: number | undefined, photo: Buffer) => {
      const { payload, headers } = multipartBody({ vendorId }, [{ field: 'files', filename: 'receipt.jpg', contentType: 'image/jpeg', content: photo }]);
      const response = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies: shopper });
      if (response.statusCode !== 201) throw new Error(response.body);
      return response.json().data.receiptId as number;
    };
    // One receipt first, so the OCR workers are running, as in a server after its first receipt.
    await uploadReceipt(shops[0], await makeReceiptPhoto(receiptContent(RECEIPTS)));
    await app.receiptVerifier.drain();

    // One at a time: each receipt uploaded once the previous one has its verdict (no queue).
    const alone: number[] = [];
    for (const photo of singlePhotos) {
      const receiptId = await uploadReceipt(shops[0], photo);
      const answered = Date.now();
      await app.receiptVerifier.drain();
      const [row] = await database.db.select().from(receipts).where(inArray(receipts.id, [receiptId]));
      alone.push((row?.checkedAt?.getTime() ?? Number.NaN) - answered);
    }
    console.log(`  upload to verdict, one receipt at a time (${singlePhotos.length}): ${summary(alone)} per receipt`);

    const uploadedAt = new Map<number, number>();
    const burstStart = Date.now();
    for (const [index, photo] of photos.entries()) {
      const receiptId = await uploadReceipt(shops[index % SHOPS], photo);
      uploadedAt.set(receiptId, Date.now());
    }
    await app.receiptVerifier.drain();
    const rows = await database.db.select().from(receipts).where(inArray(receipts.id, [...uploadedAt.keys()]));
    const latencies = rows.map((row) => (row.checkedAt?.getTime() ?? Number.NaN) - (uploadedAt.get(row.id) ?? Number.NaN));
    const lastVerdict = Math.max(...rows.map((row) => row.checkedAt?.getTime() ?? 0));
    const statuses = rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [row.status]: (counts[row.status] ?? 0) + 1 }), {});
    console.log(
      `  upload to verdict (burst of ${RECEIPTS} for ${SHOPS} shops): ${summary(latencies)} per receipt; all checked ` +
        `${seconds(lastVerdict - burstStart)} s after the first upload; verdicts ${JSON.stringify(statuses)}`,
    );
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (const [round, workers] of WORKER_COUNTS.entries()) {
  const first = RECEIPTS + 1 + round * SINGLE_RECEIPTS;
  singlePhotos = await Promise.all(Array.from({ length: SINGLE_RECEIPTS }, (_, index) => makeReceiptPhoto(receiptContent(first + index))));
  console.log(`${workers} worker${workers === 1 ? '' : 's'}:`);
  await benchOcrAlone(workers);
  await benchUploadToVerdict(workers);
}

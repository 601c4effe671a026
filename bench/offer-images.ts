/**
 * How long publishing an offer with six 4 MB photos takes: sharp decoding, rotating and writing two webp
 * variants of each (in-process), and the whole `POST /api/v1/offers/` on the embedded database.
 * Run: npm run bench:images
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedCategories } from '../apps/api/src/db/seed.ts';
import { processOfferImage } from '../apps/api/src/kernel/images.ts';
import { makeLargeJpeg, makePng, multipartBody } from '../apps/api/test/fixtures.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PHOTO_BYTES = 4 * 1024 * 1024;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const photos = await Promise.all(Array.from({ length: 6 }, () => makeLargeJpeg(PHOTO_BYTES)));
const sizes = photos.map((photo) => (photo.length / 1024 / 1024).toFixed(2));
console.log(`six photos: ${sizes.join(', ')} MB (noisy JPEGs: the worst case for decoding and encoding)`);

const processing: number[] = [];
for (let run = 0; run < RUNS; run += 1) {
  const start = performance.now();
  for (const photo of photos) await processOfferImage(photo);
  processing.push(performance.now() - start);
}
console.log(`processing (decode, rotate, two webp variants, sequential): median ${median(processing).toFixed(0)} ms over ${RUNS} runs (${processing.map((ms) => ms.toFixed(0)).join(', ')})`);

const dataDir = mkdtempSync(path.join(tmpdir(), 'qrib-bench-'));
const database = await openDatabase({ kind: 'pglite', inMemory: true });
await database.migrate();
await seedCategories(database.db);
const app = await buildApp({
  config: { ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), signupsPerHour: 1000 },
  database,
  logger: false,
});
try {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { name: 'Bench Owner', email: 'bench@example.com', phone: '+356 2100 0000', username: 'bench', password: 'bench12345' },
  });
  const cookies = { auth_token: signup.json().token as string };
  const vendor = multipartBody(
    {
      businessName: 'Bench Bakery',
      businessType: 'RESTAURANT',
      businessAddress: 'Valletta',
      locationLatitude: 35.9,
      locationLongitude: 14.5,
      primaryContactName: 'Bench',
      contactEmail: 'bench@example.com',
      contactPhone: '+356 2100 0000',
    },
    [{ field: 'documents', filename: 'licence.png', contentType: 'image/png', content: await makePng(16, 16) }],
  );
  const registered = await app.inject({ method: 'POST', url: '/api/v1/vendors/', ...vendor, cookies });
  if (registered.statusCode !== 201) throw new Error(registered.body);

  const requests: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const body = multipartBody(
      { title: `Bench offer ${run}`, description: 'Six photos', categoryId: 1, discountValue: 10, startDate: '2026-12-01', endDate: '2026-12-31' },
      photos.map((content, index) => ({ field: 'offerImages', filename: `photo-${index}.jpg`, contentType: 'image/jpeg', content })),
    );
    const start = performance.now();
    const response = await app.inject({ method: 'POST', url: '/api/v1/offers/', ...body, cookies });
    requests.push(performance.now() - start);
    if (response.statusCode !== 201) throw new Error(`${response.statusCode} ${response.body}`);
  }
  console.log(`POST /api/v1/offers/ with the six photos (${(photos.reduce((sum, p) => sum + p.length, 0) / 1024 / 1024).toFixed(1)} MB): median ${median(requests).toFixed(0)} ms over ${RUNS} runs (${requests.map((ms) => ms.toFixed(0)).join(', ')})`);
} finally {
  // Closing the app closes its database too.
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * "Download my data" for big accounts (issue 15: "prepared in the background for big accounts, ready within
 * minutes"). For each size in EXPORT_RECEIPTS (default 10,200,1000) a fresh shopper gets that many receipts at the
 * demo shop, each with one stored photo of EXPORT_PHOTO_KB (default 250 KB of incompressible bytes, like a JPEG),
 * ten offer events and one notification per receipt, written straight into the database and storage. Then the real
 * route asks for the export and the background builder makes it; printed: the time from POST /me/export to READY
 * (the builder's own figure, requested_at → ready_at), the archive's size, the download's time, and the process's peak
 * resident memory while it was built (beside the figure before: PGlite's own memory is most of it). Every account is new, so nothing is warm but the process itself.
 * Runs on the embedded PGlite with local storage (a temporary DATA_DIR), in this process.
 * Run: npm run bench:export
 */
import { randomBytes, createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { databaseSourceFor, openDatabase, selectRows } from '../apps/api/src/db/client.ts';
import { prepareDatabase } from '../apps/api/src/db/prepare.ts';
import { createStorage } from '../apps/api/src/storage/create-storage.ts';

const SIZES = (process.env.EXPORT_RECEIPTS ?? '10,200,1000').split(',').map(Number);
const PHOTO_BYTES = Number(process.env.EXPORT_PHOTO_KB ?? 250) * 1024;

const dataDir = mkdtempSync(path.join(tmpdir(), 'qrib-bench-export-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'silent',
  NODE_ENV: 'production',
  RECEIPT_OCR_WORKERS: '0',
  MAIL_SENDING: 'false',
  SIGNUPS_PER_HOUR: '1000',
});
const database = await openDatabase(databaseSourceFor(config));
const storage = createStorage(config.storage);
await prepareDatabase(database, { seedDemo: true, storage });
const app = await buildApp({ config, database, storage });
await app.ready();
const { db } = database;

const [shop] = await selectRows<{ id: number }>(db, sql`SELECT id FROM vendors WHERE status = 'ACTIVE' ORDER BY id LIMIT 1`);
const [offer] = await selectRows<{ offer_id: number }>(db, sql`SELECT offer_id FROM offers WHERE vendor_id = ${shop?.id ?? 0} ORDER BY offer_id LIMIT 1`);
if (!shop || !offer) throw new Error('the demo data has no shop with an offer');

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

console.log(`data export: ${SIZES.join(', ')} receipts, one ${PHOTO_BYTES / 1024} KB photo each (PGlite, local storage, Node ${process.version})`);
for (const [index, receiptCount] of SIZES.entries()) {
  const username = `bench-export-${index}`;
  const signup = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { name: 'Bench Shopper', email: `${username}@example.com`, phone: '+356 7900 0000', username, password: 'bench-password-1' },
  });
  if (signup.statusCode !== 201) throw new Error(`sign-up failed: ${signup.body}`);
  const { token, user } = signup.json<{ token: string; user: { id: number } }>();
  const auth = { authorization: `Bearer ${token}` };

  let storedBytes = 0;
  for (let n = 0; n < receiptCount; n += 1) {
    const photo = randomBytes(PHOTO_BYTES);
    const sha256 = createHash('sha256').update(photo).digest('hex');
    const key = `private/receipts/${sha256}.jpg`;
    await storage.put(key, photo, 'image/jpeg');
    storedBytes += photo.length;
    await db.execute(sql`
      WITH receipt AS (
        INSERT INTO receipts (consumer_user_id, vendor_id, offer_id, status, ocr_text, extracted_total, checked_at)
        VALUES (${user.id}, ${shop.id}, ${offer.offer_id}, 'VERIFIED', ${`BENCH RECEIPT ${n}\nTOTAL 12.50`}, 12.50, now())
        RETURNING id
      )
      INSERT INTO receipt_files (receipt_id, position, storage_key, content_type, byte_size, sha256)
      SELECT id, 0, ${key}, 'image/jpeg', ${photo.length}, ${sha256} FROM receipt`);
  }
  await db.execute(sql`
    INSERT INTO offer_events (offer_id, vendor_id, user_id, kind, created_at)
    SELECT ${offer.offer_id}, ${shop.id}, ${user.id}, 'VIEW', now() - make_interval(hours => g) FROM generate_series(1, ${receiptCount * 10}::int) AS g`);
  await db.execute(sql`
    INSERT INTO notifications (user_id, kind, payload)
    SELECT ${user.id}, 'NEW_OFFER', jsonb_build_object('offerId', ${offer.offer_id}::int, 'title', 'Bench', 'businessName', 'Bench')
    FROM generate_series(1, ${receiptCount}::int)`);

  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 20);
  const asked = await app.inject({ method: 'POST', url: '/api/v1/me/export', headers: auth });
  if (asked.statusCode !== 202) throw new Error(`export refused: ${asked.body}`);
  const { exportId } = asked.json<{ data: { exportId: string } }>().data;
  await app.dataExports.drain();
  clearInterval(sampler);
  const [row] = await selectRows<{ status: string; ms: number; size_bytes: number | null }>(
    db,
    sql`SELECT status, size_bytes, extract(epoch FROM ready_at - requested_at) * 1000 AS ms FROM data_exports WHERE id = ${exportId}`,
  );
  if (row?.status !== 'READY') throw new Error(`export ${exportId} is ${row?.status ?? 'missing'}`);

  const downloadStart = performance.now();
  const download = await app.inject({ method: 'GET', url: `/api/v1/me/exports/${exportId}`, headers: auth });
  const downloadMs = performance.now() - downloadStart;
  if (download.statusCode !== 200) throw new Error(`download failed: ${download.statusCode}`);
  console.log(
    `  ${String(receiptCount).padStart(5)} receipts (${mb(storedBytes)} of photos): ready in ${(Number(row.ms) / 1000).toFixed(2)} s, ` +
      `archive ${mb(Number(row.size_bytes))}, downloaded in ${(downloadMs / 1000).toFixed(2)} s, peak RSS ${mb(peakRss)} (${mb(rssBefore)} before)`,
  );
}

// Closing the app closes the database too.
await app.close();
rmSync(dataDir, { recursive: true, force: true });

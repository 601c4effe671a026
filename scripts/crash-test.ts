/**
 * Crash consistency, as a script (issue 10): starts the real server, fires concurrent uploads over HTTP (offers
 * with photos as the demo owner, receipts as the demo shopper), SIGKILLs it while they are under way, starts it
 * again on the same data and, once it is ready (start-up removes the files of uploads that never finished),
 * checks that every stored file has its row, every row its file, and no pending upload is left.
 * Issue 25: receipts are verified by one OCR worker and the shopper asks for a data export while the uploads run;
 * after the restart the oldest two receipts still unchecked (the one claimed when the server was killed and the one
 * behind it) must be checked within a minute, and no half-written temp file or export archive no export names is
 * left once the restarted server has swept.
 * Three rounds on the embedded PGlite, and three more on PostgreSQL when DATABASE_URL is set (a scratch
 * database is created there and dropped afterwards). Prints Vitest-like counts; exits 1 on any failure.
 *
 * Run: npm run test:crash   (CRASH_ROUNDS, CRASH_UPLOADS to change the size)
 */
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { openDatabase, selectRows, type DatabaseSource } from '../apps/api/src/db/client.ts';
import { DEMO_ACCOUNTS } from '../apps/api/src/db/seed.ts';
import { createLocalStorage } from '../apps/api/src/storage/local-storage.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { demoServerEnv, freePort, startApiServer, stopChild, waitUntilReady, type ApiServer } from './lib/server-process.ts';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const UPLOADS = Number(process.env.CRASH_UPLOADS ?? 50);
/** Issue 25: a receipt claimed when the server died must be checked this soon after the restart (it took 5 min). */
const CLAIM_TAKEOVER_LIMIT_MS = 60_000;

interface Check {
  name: string;
  passed: boolean;
  detail: string;
}
const checks: Check[] = [];

function record(name: string, passed: boolean, detail: string) {
  checks.push({ name, passed, detail });
  console.log(`${passed ? ' ✓' : ' ×'} ${name}${detail ? ` (${detail})` : ''}`);
}

function startServer(dataDir: string, port: number, databaseUrl: string | undefined): ApiServer {
  return startApiServer({
    port,
    databaseUrl,
    // One OCR worker, so a receipt is being checked (claimed) when the server is killed.
    env: { ...demoServerEnv(dataDir, 'crash-test-secret-that-is-long-enough-for-hs256'), RECEIPT_OCR_WORKERS: '1' },
  });
}

async function login(baseUrl: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!response.ok) throw new Error(`login as ${username} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** A photo no one sent before: noise, so every upload stores new content-addressed files. */
async function uniqueJpeg(): Promise<Buffer> {
  const width = 480;
  const height = 360;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

/**
 * A receipt photo no one sent before: white paper with a small patch of noise. Noise over the whole photo would keep
 * OCR busy for a minute a photo on a loaded machine, and the test times how soon the queue moves after a restart.
 */
async function uniqueReceiptJpeg(): Promise<Buffer> {
  const patch = 24;
  const noise = await sharp(randomBytes(patch * patch * 3), { raw: { width: patch, height: patch, channels: 3 } }).png().toBuffer();
  return sharp({ create: { width: 480, height: 360, channels: 3, background: '#ffffff' } })
    .composite([{ input: noise, left: randomInt(0, 480 - patch), top: randomInt(0, 360 - patch) }])
    .jpeg({ quality: 85 })
    .toBuffer();
}

function jpegBlob(bytes: Buffer): Blob {
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}

function isoDate(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

interface Fired {
  created: number;
  refused: number;
  cut: number;
}

/**
 * Fires the uploads at once and SIGKILLs the server after a random number of them were answered, so some
 * are done, some half-way and some not yet started.
 */
async function fireAndKill(server: ApiServer, ownerToken: string, shopperToken: string, vendorId: number): Promise<Fired & { killedAfter: number }> {
  const photos = await Promise.all(Array.from({ length: UPLOADS }, () => uniqueJpeg()));
  // Receipts are quicker than offers (two photos to convert), so the kill comes late enough for both to finish.
  const killAfter = randomInt(Math.max(1, Math.floor(UPLOADS * 0.3)), Math.max(2, Math.floor(UPLOADS * 0.8)));
  const fired: Fired = { created: 0, refused: 0, cut: 0 };
  let answered = 0;
  let killed: Promise<void> | undefined;

  const send = async (index: number, photo: Buffer) => {
    const form = new FormData();
    let url: string;
    let token: string;
    if (index % 2 === 0) {
      url = `${server.baseUrl}/api/v1/offers/`;
      token = ownerToken;
      form.set('title', `Crash test offer ${index}`);
      form.set('description', 'Uploaded while the server is killed');
      form.set('categoryId', '1');
      form.set('discountType', 'PERCENTAGE');
      form.set('discountValue', '10');
      form.set('startDate', isoDate(0));
      form.set('endDate', isoDate(30));
      form.append('offerImages', jpegBlob(photo), `photo-${index}.jpg`);
      form.append('offerImages', jpegBlob(await uniqueJpeg()), `photo-${index}-b.jpg`);
    } else {
      url = `${server.baseUrl}/api/v1/file/upload-bills`;
      token = shopperToken;
      form.set('vendorId', String(vendorId));
      form.append('files', jpegBlob(await uniqueReceiptJpeg()), `receipt-${index}.jpg`);
    }
    try {
      const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      await response.arrayBuffer();
      if (response.status === 201) fired.created += 1;
      else fired.refused += 1;
    } catch {
      fired.cut += 1;
    }
    answered += 1;
    if (answered === killAfter) killed = stopChild(server.process, 'SIGKILL');
  };

  // The shopper's data export is built meanwhile (an archive stored while the server may be killed).
  const exporting = fetch(`${server.baseUrl}/api/v1/me/export`, { method: 'POST', headers: { authorization: `Bearer ${shopperToken}` } })
    .then((response) => response.arrayBuffer())
    .catch(() => undefined);
  await Promise.all([...photos.map((photo, index) => send(index, photo)), exporting]);
  await (killed ?? stopChild(server.process, 'SIGKILL'));
  return { ...fired, killedAfter: killAfter };
}

interface Consistency {
  files: number;
  rows: number;
  orphanFiles: string[];
  missingFiles: string[];
  pendingRows: number;
  tempFiles: number;
  /** Archives under private/exports/ that no export names. */
  orphanArchives: number;
}

/** Stored files against the keys rows name, read with the server stopped. */
async function checkConsistency(source: DatabaseSource, uploadsDir: string): Promise<Consistency> {
  const database = await openDatabase(source);
  try {
    const referenced = await selectRows<{ key: string }>(
      database.db,
      sql`SELECT card_key AS key FROM offer_images
        UNION ALL SELECT detail_key FROM offer_images
        UNION ALL SELECT storage_key FROM receipt_files
        UNION ALL SELECT storage_key FROM vendor_documents
        UNION ALL SELECT logo_key FROM vendors WHERE logo_key IS NOT NULL
        UNION ALL SELECT storage_key FROM data_exports WHERE storage_key IS NOT NULL`,
    );
    const archives = await selectRows<{ key: string }>(database.db, sql`SELECT storage_key AS key FROM data_exports WHERE storage_key IS NOT NULL`);
    const [pending] = await selectRows<{ total: number | string }>(database.db, sql`SELECT count(*) AS total FROM pending_uploads`);
    // Limits are per hour and, on PostgreSQL, survive restarts: the next round starts with none used.
    await database.db.execute(sql`DELETE FROM rate_limit_counters`);
    // The shopper's export expires, so the next round asks for (and builds) a new one.
    await database.db.execute(sql`UPDATE data_exports SET expires_at = now() - interval '1 second' WHERE status = 'READY'`);
    const rowKeys = new Set(referenced.map((row) => row.key));
    const stored = new Set(await createLocalStorage(uploadsDir).list(''));
    return {
      files: stored.size,
      rows: rowKeys.size,
      orphanFiles: [...stored].filter((key) => !rowKeys.has(key)),
      missingFiles: [...rowKeys].filter((key) => !stored.has(key)),
      pendingRows: Number(pending?.total ?? 0),
      tempFiles: countTempFiles(uploadsDir),
      orphanArchives: [...stored].filter((key) => key.startsWith('private/exports/') && !archives.some((row) => row.key === key)).length,
    };
  } finally {
    await database.close();
  }
}

/** Half-written files of the local driver (dot-prefixed, never listed as stored). */
function countTempFiles(root: string): number {
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.tmp')).length;
  } catch {
    return 0;
  }
}

interface ReceiptRow {
  receiptId: number;
  status: string;
}

async function listReceipts(baseUrl: string, token: string): Promise<ReceiptRow[]> {
  const response = await fetch(`${baseUrl}/api/v1/me/receipts`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`listing receipts failed: ${response.status}`);
  return ((await response.json()) as { data: ReceiptRow[] }).data;
}

/**
 * Waits (up to twice the limit) until the oldest two receipts still unchecked after the restart are checked: the
 * one claimed when the server was killed and the one behind it at the same shop. Answers ms from the restart to
 * each, or undefined for one not checked by then.
 */
async function timeUnstalledReceipts(baseUrl: string, token: string, restartedAt: number): Promise<{ receiptId: number; ms: number | undefined }[]> {
  const waiting = (await listReceipts(baseUrl, token))
    .filter((receipt) => receipt.status === 'PENDING')
    .map((receipt) => receipt.receiptId)
    .sort((a, b) => a - b)
    .slice(0, 2);
  const checkedAfter = new Map<number, number>();
  while (checkedAfter.size < waiting.length && Date.now() - restartedAt < 2 * CLAIM_TAKEOVER_LIMIT_MS) {
    const statuses = new Map((await listReceipts(baseUrl, token)).map((receipt) => [receipt.receiptId, receipt.status]));
    for (const receiptId of waiting) {
      if (!checkedAfter.has(receiptId) && statuses.get(receiptId) !== 'PENDING') checkedAfter.set(receiptId, Date.now() - restartedAt);
    }
    if (checkedAfter.size < waiting.length) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return waiting.map((receiptId) => ({ receiptId, ms: checkedAfter.get(receiptId) }));
}

async function runRounds(label: string, databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `qrib-crash-${label}-`));
  const uploadsDir = path.join(dataDir, 'uploads');
  const source: DatabaseSource = databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') };
  console.log(`\n${label}: ${ROUNDS} rounds of ${UPLOADS} concurrent uploads, data in ${dataDir}`);
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const started = Date.now();
      const name = `${label} round ${round}`;
      let server = startServer(dataDir, await freePort(), databaseUrl);
      try {
        await waitUntilReady(server.baseUrl, server.process, 90_000);
        const { owner, shopper } = DEMO_ACCOUNTS;
        const ownerToken = await login(server.baseUrl, owner.username, owner.password);
        const shopperToken = await login(server.baseUrl, shopper.username, shopper.password);
        const me = await fetch(`${server.baseUrl}/api/v1/auth/me`, { headers: { authorization: `Bearer ${ownerToken}` } });
        const vendorId = ((await me.json()) as { user: { vendor: { vendorId: number } | null } }).user.vendor?.vendorId;
        if (vendorId === undefined) throw new Error('the demo owner has no shop');

        const firing = Date.now();
        const fired = await fireAndKill(server, ownerToken, shopperToken, vendorId);
        const restarting = Date.now();
        server = startServer(dataDir, await freePort(), databaseUrl);
        await waitUntilReady(server.baseUrl, server.process, 90_000);
        const restarted = Date.now();
        // Timed from the restarted server being ready: its start-up time is the machine's load, not the queue's.
        const unstalled = await timeUnstalledReceipts(server.baseUrl, shopperToken, restarted);
        await stopChild(server.process, 'SIGTERM');

        const found = await checkConsistency(source, uploadsDir);
        const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
        console.log(
          `  ${name}: SIGKILL sent after ${fired.killedAfter} answers (${fired.created} created, ${fired.refused} refused, ${fired.cut} cut off); ` +
            `${found.files} files, ${found.rows} keys in rows, ${found.tempFiles} half-written temp files, ${found.orphanArchives} export archives of no export; ` +
            `start ${seconds(started, firing)}, uploads ${seconds(firing, restarting)}, restart ${seconds(restarting, restarted)}, ` +
            `round ${seconds(started, Date.now())}`,
        );
        record(`${name}: every stored file has its row`, found.orphanFiles.length === 0, found.orphanFiles.slice(0, 5).join(', '));
        record(`${name}: every row has its file`, found.missingFiles.length === 0, found.missingFiles.slice(0, 5).join(', '));
        record(`${name}: no pending upload left after start-up`, found.pendingRows === 0, found.pendingRows ? `${found.pendingRows} rows` : '');
        record(`${name}: no half-written temp file left after start-up`, found.tempFiles === 0, found.tempFiles ? `${found.tempFiles} files` : '');
        record(`${name}: no export archive without its export`, found.orphanArchives === 0, found.orphanArchives ? `${found.orphanArchives} archives` : '');
        const figures = unstalled.map(({ receiptId, ms }) => `receipt ${receiptId}: ${ms === undefined ? 'not checked' : `checked ${seconds(0, ms)}`} after the restarted server was ready`);
        record(
          `${name}: the receipts unchecked at the kill are checked within ${CLAIM_TAKEOVER_LIMIT_MS / 1000} s of the restart`,
          unstalled.every(({ ms }) => ms !== undefined && ms <= CLAIM_TAKEOVER_LIMIT_MS),
          figures.length > 0 ? figures.join('; ') : 'none was left unchecked',
        );
      } catch (error) {
        record(`${name}: ran`, false, error instanceof Error ? error.message : String(error));
      } finally {
        await stopChild(server.process, 'SIGKILL');
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const started = Date.now();
await runRounds('pglite', undefined);
const postgresUrl = process.env.DATABASE_URL;
if (postgresUrl) await withScratchDatabase(postgresUrl, 'qrib_crash', (url) => runRounds('postgres', url));
else console.log('\npostgres: skipped (set DATABASE_URL to a PostgreSQL server to run these rounds too)');

const failed = checks.filter((check) => !check.passed).length;
const passed = checks.length - failed;
console.log(`\n      Tests  ${failed ? `${failed} failed | ` : ''}${passed} passed (${checks.length})`);
console.log(`   Duration  ${((Date.now() - started) / 1000).toFixed(1)}s`);
process.exit(failed > 0 ? 1 : 0);

/**
 * Issue 25, findings 1 and 3: uploads are checked as they arrive. A file whose first bytes are not a type the route
 * takes (415) or that grows past its limit (413) is answered before the rest of the body is sent; the bytes in
 * flight across all uploads are bounded (503 with Retry-After); temporary files go when the request ends, whatever
 * happens; and an upload whose account is deleted on the way answers 401 and leaves nothing behind.
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_RECEIPT_FILE_BYTES, MAX_RECEIPT_FILES, MESSAGES } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { receipts, vendors } from '../../src/db/schema.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { removeAbandonedUploadFolders } from '../../src/plugins/uploads.ts';
import { listFiles } from '../fixtures.ts';
import { buildShop } from '../factories.ts';
import { createTestApp, signUp, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
let uploads: string;

useTestApp({ uploadsPrefix: 'qrib-streaming-uploads-' }, (made) => ({ testDb, app, uploads } = made));

const JPEG_START = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

/** A real photo, unique per call (the same bytes twice are refused by design). */
let photoCount = 0;
async function makePhoto(): Promise<Buffer> {
  photoCount += 1;
  const pixels = Buffer.alloc(80 * 60 * 3, 180);
  pixels.writeUInt32BE(photoCount, 0);
  return sharp(pixels, { raw: { width: 80, height: 60, channels: 3 } }).png().toBuffer();
}

interface GatedBody {
  /** The body: the fields, the file part's header and `head`; then, once `release` is called, `rest` and the end. */
  payload: Readable;
  headers: Record<string, string>;
  release(): void;
  /** Bytes the server has taken from the body so far. */
  sent(): number;
}

/** A multipart body with one file whose sending stops after `head` until the test says so. */
function gatedBody(fields: Record<string, string | number>, file: { field: string; filename: string; head: Buffer; rest: Buffer }): GatedBody {
  const boundary = `----qrib${randomBytes(8).toString('hex')}`;
  const fieldParts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
  );
  const first = Buffer.concat([
    Buffer.from(fieldParts.join('')),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: image/jpeg\r\n\r\n`),
    file.head,
  ]);
  const last = Buffer.concat([file.rest, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  let released = false;
  let waiting: (() => void) | undefined;
  let sent = 0;
  let step = 0;
  const payload = new Readable({
    read() {
      if (step === 0) {
        step = 1;
        sent += first.length;
        this.push(first);
      } else if (step === 1) {
        step = 2;
        const finish = () => {
          sent += last.length;
          this.push(last);
          this.push(null);
        };
        if (released) finish();
        else waiting = finish;
      }
    },
  });
  return {
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    release() {
      released = true;
      waiting?.();
      waiting = undefined;
    },
    sent: () => sent,
  };
}

async function receiptCount(): Promise<number> {
  const [row] = await testDb.database.db.select({ total: count() }).from(receipts);
  return Number(row?.total ?? 0);
}

function storedReceiptFiles(): string[] {
  return listFiles(uploads).filter((file) => file.startsWith('private/receipts/'));
}

function temporaryFiles(target: App = app): string[] {
  return readdirSync(target.uploads.temporaryDir);
}

/** Waits (a turn of the event loop at a time, for at most a few seconds) until `done` holds; fails otherwise. */
async function until(done: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (done()) return;
    await nextTurn();
    await sleep(10);
  }
  throw new Error(`never happened: ${what}`);
}

describe('streaming uploads (issue 25, finding 1)', () => {
  it('refuses a file of random bytes named .jpg (415) from its first bytes, before the rest of the body is sent', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    const body = gatedBody({ vendorId: shop.vendorId }, { field: 'files', filename: 'receipt.jpg', head: randomBytes(64 * 1024), rest: randomBytes(4 * 1024 * 1024) });
    // The rest is sent only after the answer arrived: on a server that reads the whole body first, no answer ever comes.
    const answered = app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload: body.payload, headers: body.headers, cookies: shopper.cookies });
    const response = await answered;
    const sentWhenAnswered = body.sent();
    body.release();
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'receiptFileWrongType', message: MESSAGES.receiptFileWrongType });
    expect(sentWhenAnswered).toBeLessThan(1024 * 1024);
    expect(await receiptCount()).toBe(0);
    await until(() => temporaryFiles().length === 0, 'the refused upload’s temporary file removed');
  });

  it('refuses a photo over the size limit (413) as soon as it passes the limit', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    const head = Buffer.concat([JPEG_START, randomBytes(MAX_RECEIPT_FILE_BYTES + 64 * 1024)]);
    const body = gatedBody({ vendorId: shop.vendorId }, { field: 'files', filename: 'big.jpg', head, rest: randomBytes(4 * 1024 * 1024) });
    const response = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload: body.payload, headers: body.headers, cookies: shopper.cookies });
    body.release();
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'receiptFileTooLarge', message: MESSAGES.receiptFileTooLarge });
    await until(() => temporaryFiles().length === 0, 'the refused upload’s temporary file removed');
  });

  it('refuses offer photos and registration documents by their first bytes too', async () => {
    const owner = await buildShop(app);
    const offer = gatedBody({ title: 'Anything' }, { field: 'offerImages', filename: 'photo.jpg', head: randomBytes(64 * 1024), rest: randomBytes(1024 * 1024) });
    const offerResponse = await app.inject({ method: 'POST', url: '/api/v1/offers/', payload: offer.payload, headers: offer.headers, cookies: owner.cookies });
    offer.release();
    expect(offerResponse.statusCode).toBe(415);
    expect(offerResponse.json()).toMatchObject({ code: 'filesWrongType', message: MESSAGES.filesWrongType });

    const newcomer = await signUp(app);
    const documents = gatedBody({ businessName: 'Anything' }, { field: 'documents', filename: 'licence.jpg', head: randomBytes(64 * 1024), rest: randomBytes(1024 * 1024) });
    const documentResponse = await app.inject({ method: 'POST', url: '/api/v1/vendors/', payload: documents.payload, headers: documents.headers, cookies: newcomer.cookies });
    documents.release();
    expect(documentResponse.statusCode).toBe(415);
    expect(documentResponse.json()).toMatchObject({ code: 'filesWrongType', message: MESSAGES.filesWrongType });
  });

  it('answers 503 uploadsBusy with Retry-After while other uploads hold the budget, and takes uploads again once they end', async () => {
    const budgeted = await createTestApp(testDb.database, { uploadBytesInFlight: 1024 * 1024, storage: { driver: 'local', rootDir: uploads } });
    try {
      const shop = await buildShop(budgeted);
      const shopper = await signUp(budgeted);
      // One upload holds 900 KB of the 1 MB budget while it waits for the rest of its body.
      const holding = gatedBody({ vendorId: shop.vendorId }, { field: 'files', filename: 'a.jpg', head: Buffer.concat([JPEG_START, randomBytes(900 * 1024)]), rest: Buffer.alloc(0) });
      const held = budgeted.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload: holding.payload, headers: holding.headers, cookies: shopper.cookies });
      await until(() => budgeted.uploads.budget.inFlight >= 900 * 1024, 'the first upload holding its bytes');

      const second = gatedBody({ vendorId: shop.vendorId }, { field: 'files', filename: 'b.jpg', head: Buffer.concat([JPEG_START, randomBytes(200 * 1024)]), rest: Buffer.alloc(0) });
      second.release();
      const busy = await budgeted.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload: second.payload, headers: second.headers, cookies: shopper.cookies });
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toMatch(/^\d+$/);
      expect(busy.json()).toMatchObject({ code: 'uploadsBusy', message: MESSAGES.uploadsBusy });

      holding.release();
      // Random bytes after a JPEG start: refused once read whole.
      expect((await held).statusCode).toBe(415);
      await until(() => budgeted.uploads.budget.inFlight === 0, 'the budget given back');

      const photo = await makePhoto();
      const third = gatedBody({ vendorId: shop.vendorId }, { field: 'files', filename: 'c.png', head: photo, rest: Buffer.alloc(0) });
      third.release();
      const accepted = await budgeted.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload: third.payload, headers: third.headers, cookies: shopper.cookies });
      expect(accepted.statusCode).toBe(201);
      await until(() => temporaryFiles(budgeted).length === 0 && budgeted.uploads.budget.inFlight === 0, 'nothing left in flight');
    } finally {
      await budgeted.close();
    }
  });

  it('leaves no temporary file after an accepted upload or one the client abandons', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    const before = { receipts: await receiptCount(), files: storedReceiptFiles().length };

    const photo = await makePhoto();
    const accepted = gatedBody({ vendorId: shop.vendorId }, { field: 'files', filename: 'ok.png', head: photo, rest: Buffer.alloc(0) });
    accepted.release();
    const acceptedResponse = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload: accepted.payload, headers: accepted.headers, cookies: shopper.cookies });
    expect(acceptedResponse.statusCode).toBe(201);
    await until(() => temporaryFiles().length === 0, 'the accepted upload’s temporary file removed');
    expect(storedReceiptFiles()).toHaveLength(before.files + 1);

    // Abandoned half-way, over a real connection: the server has the first 256 KB in a temporary file, then the client goes.
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const abandoned = gatedBody({ vendorId: shop.vendorId }, { field: 'files', filename: 'gone.jpg', head: Buffer.concat([JPEG_START, randomBytes(256 * 1024)]), rest: Buffer.alloc(0) });
    const client = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/file/upload-bills',
      headers: { ...abandoned.headers, authorization: `Bearer ${shopper.token}` },
    });
    client.on('error', () => undefined);
    abandoned.payload.pipe(client, { end: false });
    await until(() => temporaryFiles().length === 1 && app.uploads.budget.inFlight >= 256 * 1024, 'the upload on its way');
    client.destroy();
    await until(() => temporaryFiles().length === 0 && app.uploads.budget.inFlight === 0, 'the abandoned upload’s temporary file removed');
    expect(await receiptCount()).toBe(before.receipts + 1);
    expect(storedReceiptFiles()).toHaveLength(before.files + 1);
  });

  it('takes uploads after its temporary folder was removed (a /tmp cleaner on an idle server), the process still serving', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    rmSync(app.uploads.temporaryDir, { recursive: true, force: true });
    const photo = await makePhoto();
    // The file's first bytes arrive alone, the rest only later: its temporary file is opened between two chunks.
    const body = gatedBody({ vendorId: shop.vendorId }, { field: 'files', filename: 'later.png', head: photo.subarray(0, 32), rest: photo.subarray(32) });
    const answered = app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload: body.payload, headers: body.headers, cookies: shopper.cookies });
    await until(() => body.sent() > 0, 'the first bytes sent');
    await sleep(200);
    body.release();
    const response = await answered;
    expect(response.statusCode).toBe(201);
    await until(() => temporaryFiles().length === 0 && app.uploads.budget.inFlight === 0, 'the temporary file removed');
  });
});

describe('UPLOAD_BYTES_IN_FLIGHT', () => {
  it('is 256 MB unless set, and a bad value stops the start naming the variable', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'qrib-upload-config-'));
    try {
      const env = { DATA_DIR: dataDir, JWT_SECRET: 'a-secret-that-is-long-enough-for-hs256-signing' };
      expect(loadConfig(env).uploadBytesInFlight).toBe(256 * 1024 * 1024);
      expect(loadConfig({ ...env, UPLOAD_BYTES_IN_FLIGHT: '536870912' }).uploadBytesInFlight).toBe(536_870_912);
      // Below the largest upload a route takes (a receipt's 10 files of 10 MB), that upload could never be admitted.
      expect(loadConfig({ ...env, UPLOAD_BYTES_IN_FLIGHT: String(MAX_RECEIPT_FILES * MAX_RECEIPT_FILE_BYTES) }).uploadBytesInFlight).toBe(100 * 1024 * 1024);
      for (const bad of ['lots', '1000', '1.5e9x', String(16 * 1024 * 1024), String(MAX_RECEIPT_FILES * MAX_RECEIPT_FILE_BYTES - 1)]) {
        expect(() => loadConfig({ ...env, UPLOAD_BYTES_IN_FLIGHT: bad })).toThrow(ConfigError);
        expect(() => loadConfig({ ...env, UPLOAD_BYTES_IN_FLIGHT: bad })).toThrow(/UPLOAD_BYTES_IN_FLIGHT/);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('temporary upload folders of processes that died', () => {
  it('are removed at start-up; a running process’s folder stays', async () => {
    const parent = mkdtempSync(path.join(tmpdir(), 'qrib-upload-sweep-'));
    try {
      const dead = spawnSync(process.execPath, ['-e', '0']).pid;
      const gone = path.join(parent, `qrib-upload-tmp-${dead}-abc`);
      const running = path.join(parent, `qrib-upload-tmp-${process.pid}-def`);
      const unrelated = path.join(parent, 'something-else');
      for (const folder of [gone, running, unrelated]) {
        mkdirSync(folder);
        writeFileSync(path.join(folder, 'half.upload'), 'bytes');
      }
      expect(await removeAbandonedUploadFolders(parent)).toBe(1);
      expect(readdirSync(parent).sort()).toEqual([path.basename(running), 'something-else'].sort());
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

describe('an upload whose account is deleted on the way (issue 25, finding 3)', () => {
  it('answers 401 invalidSession and leaves no receipt and no file', async () => {
    const shop = await buildShop(app);
    const shopper = await signUp(app);
    const before = { receipts: await receiptCount(), files: storedReceiptFiles().length };
    const body = gatedBody({ vendorId: shop.vendorId }, { field: 'files', filename: 'receipt.png', head: await makePhoto(), rest: Buffer.alloc(0) });
    const upload = app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload: body.payload, headers: body.headers, cookies: shopper.cookies });
    // The guard let the upload in; the account goes while the end of its body is still on the way.
    await until(() => body.sent() > 0, 'the upload on its way');
    const deletion = await app.inject({ method: 'DELETE', url: '/api/v1/me', cookies: shopper.cookies, payload: { password: shopper.password } });
    expect(deletion.statusCode).toBe(204);
    body.release();
    const response = await upload;
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalidSession', message: MESSAGES.invalidSession });
    expect(await receiptCount()).toBe(before.receipts);
    expect(storedReceiptFiles()).toHaveLength(before.files);
    await until(() => temporaryFiles().length === 0, 'the upload’s temporary file removed');
  });

  it('answers a business registration the same way: 401 invalidSession, no business and no document', async () => {
    const newcomer = await signUp(app);
    const documentsBefore = listFiles(uploads).filter((file) => file.startsWith('private/documents/')).length;
    const fields = {
      businessName: 'Gone Before Done',
      businessType: 'OTHER',
      businessAddress: 'Triq San Pawl, Valletta',
      locationLatitude: 35.8989,
      locationLongitude: 14.5146,
      primaryContactName: 'Owner',
      contactEmail: newcomer.email,
      contactPhone: newcomer.phone,
    };
    const body = gatedBody(fields, { field: 'documents', filename: 'licence.png', head: await makePhoto(), rest: Buffer.alloc(0) });
    const registration = app.inject({ method: 'POST', url: '/api/v1/vendors/', payload: body.payload, headers: body.headers, cookies: newcomer.cookies });
    await until(() => body.sent() > 0, 'the registration on its way');
    const deletion = await app.inject({ method: 'DELETE', url: '/api/v1/me', cookies: newcomer.cookies, payload: { password: newcomer.password } });
    expect(deletion.statusCode).toBe(204);
    body.release();
    const response = await registration;
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalidSession', message: MESSAGES.invalidSession });
    const [row] = await testDb.database.db.select({ total: count() }).from(vendors).where(eq(vendors.businessName, 'Gone Before Done'));
    expect(Number(row?.total)).toBe(0);
    expect(listFiles(uploads).filter((file) => file.startsWith('private/documents/'))).toHaveLength(documentsBefore);
  });
});

/**
 * Automatic receipt verification, end to end and offline: receipts are generated here (text rendered with
 * sharp from SVG, and PDFs with a text layer), uploaded through the real endpoint, read by the real tesseract
 * workers in the background, and their verdict is read back from My receipts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage, receiptResponseSchema, receiptsResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { receiptFiles, receipts } from '../../src/db/schema.ts';
import { createReceiptChecksRepository } from '../../src/domains/receipts/repository/receipt-checks.ts';
import { createOcrPool, prepareReceiptImage } from '../../src/domains/receipts/receipt-ocr.ts';
import { multipartBody, type FilePart } from '../fixtures.ts';
import { buildShop, createOffer, maltaDay } from '../factories.ts';
import { bodyOf, createTestApp, createTestDatabase, signUp, type TestDatabase } from '../helpers.ts';
import { makePdfBomb, makeReceiptPdf, makeReceiptPhoto, makeScannedPdf, type ReceiptContent } from '../receipt-images.ts';

const OCR_TIMEOUT = 120_000;

let testDb: TestDatabase;
let uploads: string;
/** Verifies with two OCR workers, as the server does by default. */
let app: App;
/** Another app on the same database and storage with verification off: receipts it takes stay unchecked. */
let quietApp: App;
let shopper: Awaited<ReturnType<typeof signUp>>;
let vendorId: number;
let offerId: number;

/** As a till prints it: DD/MM/YYYY HH:MM. */
function printed(isoDate: string, time = '09:41'): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year} ${time}`;
}

/** A purchase at the shop, yesterday, 20% off applied: 10.00 - 2.00 = 8.00. */
function purchase(overrides: Partial<ReceiptContent> = {}): ReceiptContent {
  return {
    merchant: 'GOZO FRESH BAKERY',
    date: printed(maltaDay(-1)),
    items: [
      { name: 'Ftira x2', amount: 7 },
      { name: 'Coffee', amount: 3 },
    ],
    subtotal: 10,
    discount: 'DISCOUNT 20%          -2.00',
    total: 8,
    ...overrides,
  };
}

const photoPart = (content: Buffer): FilePart => ({ field: 'files', filename: 'receipt.jpg', contentType: 'image/jpeg', content });
const pdfPart = (content: Buffer): FilePart => ({ field: 'files', filename: 'receipt.pdf', contentType: 'application/pdf', content });

async function upload(files: FilePart[], options: { via?: App; withOffer?: boolean } = {}): Promise<number> {
  const { payload, headers } = multipartBody({ vendorId, offerId: options.withOffer === false ? undefined : offerId }, files);
  const response = await (options.via ?? app).inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies: shopper.cookies });
  expect(response.statusCode, response.body).toBe(201);
  // The answer never waits for OCR.
  expect(response.json().data.status).toBe('PENDING');
  return bodyOf(response, receiptResponseSchema).data.receiptId;
}

/** The receipt as the shopper sees it in My receipts, once the queue is empty. */
async function verdictOf(receiptId: number): Promise<{ status: string; reason: string | null }> {
  await app.receiptVerifier.drain();
  const response = await app.inject({ method: 'GET', url: '/api/v1/me/receipts', cookies: shopper.cookies });
  const receipt = bodyOf(response, receiptsResponseSchema).data.find((row) => row.receiptId === receiptId);
  if (!receipt) throw new Error(`receipt ${receiptId} is not in My receipts`);
  return { status: receipt.status, reason: receipt.reason };
}

/** The reason's code and params as My receipts answers them. */
async function reasonCodeOf(receiptId: number): Promise<unknown> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/me/receipts', cookies: shopper.cookies });
  const receipt = bodyOf(response, receiptsResponseSchema).data.find((row) => row.receiptId === receiptId);
  return receipt && { reasonCode: receipt.reasonCode, reasonParams: receipt.reasonParams };
}

async function storedRow(receiptId: number) {
  const [row] = await testDb.database.db.select().from(receipts).where(eq(receipts.id, receiptId));
  if (!row) throw new Error(`receipt ${receiptId} not found`);
  return row;
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  uploads = mkdtempSync(path.join(tmpdir(), 'qrib-ocr-uploads-'));
  const storage = { driver: 'local', rootDir: uploads } as const;
  // One app for the whole file, so the OCR workers start once (as in the server).
  app = await createTestApp(testDb.database, { storage, receiptOcrWorkers: 2 });
  quietApp = await createTestApp(testDb.database, { storage, receiptOcrWorkers: 0 });
  const owner = await buildShop(app, { business: { businessName: 'Gozo Fresh Bakery' } });
  vendorId = owner.vendorId;
  offerId = await createOffer(app, owner, { title: 'Ftira and coffee', discountType: 'PERCENTAGE', discountValue: 20, startDate: maltaDay(-10), endDate: maltaDay(30) });
  shopper = await signUp(app);
}, OCR_TIMEOUT);

afterAll(async () => {
  await app.close();
  await quietApp.close();
  await testDb.drop();
  rmSync(uploads, { recursive: true, force: true });
});

describe('automatic receipt verification (OCR)', () => {
  it(
    'verifies a matching receipt photo and keeps what it read',
    async () => {
      const receiptId = await upload([photoPart(await makeReceiptPhoto(purchase()))]);
      expect(await verdictOf(receiptId)).toEqual({ status: 'VERIFIED', reason: null });
      const row = await storedRow(receiptId);
      expect(row).toMatchObject({
        autoStatus: 'VERIFIED',
        autoReason: null,
        extractedDate: maltaDay(-1),
        extractedTotal: '8.00',
        decidedAt: null,
      });
      // OCR may slip on a letter or two of the bold heading (the name rule allows for it).
      expect(row.extractedMerchant).toMatch(/FRESH BAKERY$/);
      expect(row.ocrText).toContain('SUBTOTAL');
      expect(row.checkedAt).toBeInstanceOf(Date);
    },
    OCR_TIMEOUT,
  );

  it(
    'rejects a receipt from another shop, an old one and one whose price is above the offer, each with its reason',
    async () => {
      const anotherShop = await upload([photoPart(await makeReceiptPhoto(purchase({ merchant: 'SLIEMA HARDWARE STORE LTD', address: 'Tower Road 5, Sliema' })))]);
      const tooOld = await upload([photoPart(await makeReceiptPhoto(purchase({ date: printed(maltaDay(-20), '10:15') })))], { withOffer: false });
      const fullPrice = await upload([photoPart(await makeReceiptPhoto(purchase({ discount: undefined, total: 9.5 })))]);
      expect(await verdictOf(anotherShop)).toEqual({ status: 'REJECTED', reason: MESSAGES.receiptAnotherShop });
      expect(await verdictOf(tooOld)).toEqual({ status: 'REJECTED', reason: formatMessage(MESSAGES.receiptTooOld, { days: 14 }) });
      expect(await verdictOf(fullPrice)).toEqual({ status: 'REJECTED', reason: MESSAGES.receiptPriceAboveOffer });
      expect(await storedRow(fullPrice)).toMatchObject({
        autoStatus: 'REJECTED',
        autoReason: null,
        autoReasonCode: 'receiptPriceAboveOffer',
        autoReasonParams: {},
        reason: null,
        reasonCode: 'receiptPriceAboveOffer',
        extractedTotal: '9.50',
      });
      expect(await storedRow(tooOld)).toMatchObject({ reason: null, reasonCode: 'receiptTooOld', reasonParams: { days: 14 } });
      expect(await reasonCodeOf(tooOld)).toEqual({ reasonCode: 'receiptTooOld', reasonParams: { days: 14 } });
    },
    OCR_TIMEOUT,
  );

  it(
    'rejects a resubmitted photo (re-encoded and resized, so a new sha256) as already submitted',
    async () => {
      const content = purchase({ items: [{ name: 'Pastizzi x5', amount: 4 }, { name: 'Tea', amount: 6 }], date: printed(maltaDay(-2), '17:05') });
      const original = await makeReceiptPhoto(content);
      const first = await upload([photoPart(original)]);
      expect(await verdictOf(first)).toEqual({ status: 'VERIFIED', reason: null });
      const { width = 0 } = await sharp(original).metadata();
      const resubmitted = await sharp(original).resize(Math.round(width * 0.9)).jpeg({ quality: 70 }).toBuffer();
      const second = await upload([photoPart(resubmitted)]);
      expect(await verdictOf(second)).toEqual({ status: 'REJECTED', reason: MESSAGES.receiptAlreadySubmitted });
      // The first one stays verified.
      expect(await verdictOf(first)).toEqual({ status: 'VERIFIED', reason: null });
    },
    OCR_TIMEOUT,
  );

  it(
    'sends a corrupt stored image to review, and the worker goes on with the next receipt',
    async () => {
      // Taken while verification is off, then the stored photo is damaged before any worker reads it.
      const damaged = await upload([photoPart(await makeReceiptPhoto(purchase({ date: printed(maltaDay(-3)) })))], { via: quietApp });
      const [file] = await testDb.database.db.select().from(receiptFiles).where(eq(receiptFiles.receiptId, damaged));
      if (!file) throw new Error('no stored file');
      const stored = await app.storage.get(file.storageKey);
      const chunks: Buffer[] = [];
      for await (const chunk of stored?.body ?? []) chunks.push(chunk as Buffer);
      const good = Buffer.concat(chunks);
      await app.storage.put(file.storageKey, Buffer.concat([good.subarray(0, 2000), Buffer.alloc(500, 0x42)]), file.contentType);
      const next = await upload([photoPart(await makeReceiptPhoto(purchase({ date: printed(maltaDay(-4), '12:30') })))], { via: quietApp });

      expect(await verdictOf(damaged)).toEqual({ status: 'NEEDS_REVIEW', reason: MESSAGES.receiptUnreadable });
      expect(await verdictOf(next)).toEqual({ status: 'VERIFIED', reason: null });
    },
    OCR_TIMEOUT,
  );

  it(
    'reads a PDF receipt from its text layer but never verifies it (the shop checks it), and sends a PDF without one to review',
    async () => {
      const readable = await upload([pdfPart(makeReceiptPdf(purchase({ date: printed(maltaDay(-5), '08:05') })))]);
      const scanned = await upload([pdfPart(makeScannedPdf(`scan-${Date.now()}`))]);
      // A PDF's text layer proves nothing by itself (anyone can type one): at best the shop checks it (issue 24).
      expect(await verdictOf(readable)).toEqual({ status: 'NEEDS_REVIEW', reason: MESSAGES.receiptPdfNeedsShop });
      expect(await storedRow(readable)).toMatchObject({ extractedMerchant: 'GOZO FRESH BAKERY', extractedDate: maltaDay(-5), extractedTotal: '8.00' });
      expect(await verdictOf(scanned)).toEqual({ status: 'NEEDS_REVIEW', reason: MESSAGES.receiptUnreadable });
      // The same PDF sent again with a byte changed (a new sha256, and no photo hash to compare): same date,
      // total and text, so it is the same receipt.
      const pdf = makeReceiptPdf(purchase({ date: printed(maltaDay(-5), '08:05') }));
      const again = await upload([pdfPart(Buffer.concat([pdf, Buffer.from('% sent again\n', 'latin1')]))]);
      expect(await verdictOf(again)).toEqual({ status: 'REJECTED', reason: MESSAGES.receiptAlreadySubmitted });
    },
    OCR_TIMEOUT,
  );

  it(
    'sends photos that are not receipts at all (OCR reads letters in the noise) to the owner, not rejected as another shop',
    async () => {
      // Reproducible noise: grey pixels, colour pixels and colour blocks, from a small linear congruential generator.
      let state = 20_261_120;
      const random = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
      const noisePhoto = async (channels: 1 | 3, block: number) => {
        const [width, height] = [Math.ceil(700 / block), Math.ceil(900 / block)];
        const pixels = Buffer.alloc(width * height * channels);
        for (let index = 0; index < pixels.length; index += 1) pixels[index] = Math.floor(random() * 256);
        return sharp(pixels, { raw: { width, height, channels } }).resize(width * block, height * block, { kernel: 'nearest' }).jpeg({ quality: 85 }).toBuffer();
      };
      const receiptIds = [await upload([photoPart(await noisePhoto(1, 1))]), await upload([photoPart(await noisePhoto(3, 1))]), await upload([photoPart(await noisePhoto(3, 8))])];
      for (const receiptId of receiptIds) expect((await verdictOf(receiptId)).status).toBe('NEEDS_REVIEW');
    },
    OCR_TIMEOUT,
  );

  it(
    'sends a PDF bomb (2 MB inflating to 2 GiB) to the owner as unreadable, and reads the next PDF',
    async () => {
      const bomb = await upload([pdfPart(makePdfBomb())]);
      const next = await upload([pdfPart(makeReceiptPdf(purchase({ date: printed(maltaDay(-6), '16:20') })))]);
      expect(await verdictOf(bomb)).toEqual({ status: 'NEEDS_REVIEW', reason: MESSAGES.receiptUnreadable });
      // Read (its date and total are kept), and like every PDF left to the shop (issue 24).
      expect(await verdictOf(next)).toEqual({ status: 'NEEDS_REVIEW', reason: MESSAGES.receiptPdfNeedsShop });
      expect(await storedRow(next)).toMatchObject({ extractedDate: maltaDay(-6), extractedTotal: '8.00' });
    },
    OCR_TIMEOUT,
  );

  it(
    'keeps the owner’s decision when it came first, storing the automatic verdict beside it',
    async () => {
      const receiptId = await upload([pdfPart(makeReceiptPdf(purchase({ merchant: 'SLIEMA HARDWARE STORE LTD', date: printed(maltaDay(-1), '19:45') })))], {
        via: quietApp,
      });
      await testDb.database.db.update(receipts).set({ status: 'VERIFIED', reason: null, decidedAt: new Date() }).where(eq(receipts.id, receiptId));
      expect(await verdictOf(receiptId)).toEqual({ status: 'VERIFIED', reason: null });
      expect(await storedRow(receiptId)).toMatchObject({
        status: 'VERIFIED',
        reasonCode: null,
        autoStatus: 'REJECTED',
        autoReasonCode: 'receiptAnotherShop',
        autoReasonParams: {},
        extractedMerchant: 'SLIEMA HARDWARE STORE LTD',
      });
    },
    OCR_TIMEOUT,
  );
});

describe('the verification queue', () => {
  it('gives each receipt to one claimant, one receipt of a shop at a time, and takes back stale claims', async () => {
    const db = testDb.database.db;
    const replica = await testDb.openReplica();
    try {
      const first = createReceiptChecksRepository(db);
      const second = createReceiptChecksRepository(replica.database.db);
      const a = await upload([pdfPart(makeScannedPdf(`queue-a-${Date.now()}`))], { via: quietApp });
      const b = await upload([pdfPart(makeScannedPdf(`queue-b-${Date.now()}`))], { via: quietApp });

      const claims = await Promise.all([first.claimNext(), second.claimNext()]);
      // Both receipts are for one shop: the first is claimed, the second waits until it is checked.
      expect(claims.sort()).toEqual([a, undefined].sort());
      expect(await first.claimNext()).toBeUndefined();

      // A worker that died: its claim goes stale and the receipt is claimed again.
      await db.update(receipts).set({ processingStartedAt: sql`now() - interval '6 minutes'` }).where(eq(receipts.id, a));
      expect(await second.claimNext()).toBe(a);

      await db.update(receipts).set({ checkedAt: new Date() }).where(eq(receipts.id, a));
      expect(await first.claimNext()).toBe(b);
      await db.update(receipts).set({ checkedAt: new Date() }).where(eq(receipts.id, b));
      expect(await second.claimNext()).toBeUndefined();
    } finally {
      await replica.close();
    }
  });
});

describe('RECEIPT_OCR_WORKERS', () => {
  const base = { DATA_DIR: path.join(tmpdir(), 'qrib-config-ocr'), JWT_SECRET: 'x'.repeat(32) };

  it('defaults to two workers, and 0 turns verification off', () => {
    expect(loadConfig(base).receiptOcrWorkers).toBe(2);
    expect(loadConfig({ ...base, RECEIPT_OCR_WORKERS: '0' }).receiptOcrWorkers).toBe(0);
  });

  it.each(['many', '-1', '1.5', '9'])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ ...base, RECEIPT_OCR_WORKERS: value })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, RECEIPT_OCR_WORKERS: value })).toThrow(/RECEIPT_OCR_WORKERS:/);
  });
});

describe('the OCR pool', () => {
  it(
    'survives an image tesseract cannot read (passed straight to it, past sharp) and reads the next one',
    async () => {
      const pool = await createOcrPool(1, () => undefined);
      try {
        await expect(pool.recognize(Buffer.from('not an image at all'))).rejects.toThrow();
        const text = await pool.recognize(await prepareReceiptImage(await makeReceiptPhoto(purchase())));
        expect(text).toContain('GOZO FRESH BAKERY');
      } finally {
        await pool.close();
      }
    },
    OCR_TIMEOUT,
  );

  it('refuses a corrupt photo in sharp, before tesseract sees it', async () => {
    const photo = await makeReceiptPhoto(purchase());
    await expect(prepareReceiptImage(Buffer.concat([photo.subarray(0, 2000), Buffer.alloc(500, 0x42)]))).rejects.toThrow();
  });
});

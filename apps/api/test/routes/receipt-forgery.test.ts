/**
 * The forgery walk-through of issue 24 (an independent security review): a shopper opens one of a shop's offers,
 * then uploads a receipt anyone can type, once as a 1 KB PDF with a text layer and once as a JPEG a program drew
 * from the same text. Neither is verified automatically (a PDF's text layer proves nothing; the picture shows no
 * sign of paper), so neither grants a review, and the shop's rating does not move. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptResponseSchema, receiptsResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { multipartBody, type FilePart } from '../fixtures.ts';
import { buildShop, createOffer, maltaDay } from '../factories.ts';
import { api, bodyOf, createTestApp, createTestDatabase, signUp, type TestDatabase } from '../helpers.ts';
import { makeProgramDrawnReceipt, makeTextPdf } from '../receipt-images.ts';

const OCR_TIMEOUT = 120_000;

let testDb: TestDatabase;
let uploads: string;
let app: App;
let vendorId: number;
let offerId: number;

/** Today in Malta as a till prints it: dd/mm/yyyy. */
const today = maltaDay(0).split('-').reverse().join('/');
const forgedLines = ["JOSEPH'S PASTIZZERIA", `${today} 10:15`, 'Pastizz 3.60', 'TOTAL 3.60'];

beforeAll(async () => {
  testDb = await createTestDatabase();
  uploads = mkdtempSync(path.join(tmpdir(), 'qrib-forgery-uploads-'));
  app = await createTestApp(testDb.database, { storage: { driver: 'local', rootDir: uploads }, receiptOcrWorkers: 2 });
  const owner = await buildShop(app, { business: { businessName: "Joseph's Pastizzeria" } });
  vendorId = owner.vendorId;
  offerId = await createOffer(app, owner, { title: 'Pastizzi', discountType: 'PERCENTAGE', discountValue: 10, startDate: maltaDay(-10), endDate: maltaDay(30) });
}, OCR_TIMEOUT);

afterAll(async () => {
  await app.close();
  await testDb.drop();
  rmSync(uploads, { recursive: true, force: true });
});

async function rating(cookies: Record<string, string>): Promise<unknown> {
  const response = await app.inject({ method: 'GET', url: `/api/v1/vendors/${vendorId}/reviews`, cookies });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().rating;
}

/** A new shopper opens one of the shop's offers (which makes it a shop they may send a receipt for), uploads, and waits for the verdict. */
async function forge(file: FilePart) {
  const shopper = await signUp(app);
  expect((await app.inject({ method: 'GET', url: `/api/v1/offers/${offerId}`, cookies: shopper.cookies })).statusCode).toBe(200);
  // The receipt names the shop only (no offer: no price rule), as in the review.
  const { payload, headers } = multipartBody({ vendorId }, [file]);
  const upload = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies: shopper.cookies });
  expect(upload.statusCode, upload.body).toBe(201);
  const receiptId = bodyOf(upload, receiptResponseSchema).data.receiptId;
  await app.receiptVerifier.drain();
  const mine = (await api(app).get('/api/v1/me/receipts', { cookies: shopper.cookies, expect: receiptsResponseSchema })).body.data;
  const receipt = mine.find((row) => row.receiptId === receiptId);
  return { shopper, receiptId, status: receipt?.status, reasonCode: receipt?.reasonCode };
}

describe('forged receipts (issue 24)', () => {
  it(
    'a typed 1 KB PDF goes to the shop (receiptPdfNeedsShop), grants no review, and leaves the rating as it was',
    async () => {
      const pdf = makeTextPdf(forgedLines);
      expect(pdf.length).toBeLessThan(1200);
      const { shopper, receiptId, status, reasonCode } = await forge({ field: 'files', filename: 'receipt.pdf', contentType: 'application/pdf', content: pdf });
      const before = await rating(shopper.cookies);
      expect({ status, reasonCode }).toEqual({ status: 'NEEDS_REVIEW', reasonCode: 'receiptPdfNeedsShop' });
      const review = await app.inject({ method: 'POST', url: '/api/v1/reviews', payload: { receiptId, stars: 1 }, cookies: shopper.cookies });
      expect(review.statusCode, review.body).toBeGreaterThanOrEqual(400);
      expect(review.statusCode).toBeLessThan(500);
      expect(await rating(shopper.cookies)).toEqual(before);
    },
    OCR_TIMEOUT,
  );

  it(
    'a JPEG a program drew from the same text goes to the shop (receiptNotAPhoto), grants no review, and leaves the rating as it was',
    async () => {
      const drawn = await makeProgramDrawnReceipt({ merchant: forgedLines[0] ?? '', date: `${today} 10:15`, items: [{ name: 'Pastizz', amount: 3.6 }], total: 3.6 }, 'jpeg');
      const { shopper, receiptId, status, reasonCode } = await forge({ field: 'files', filename: 'receipt.jpg', contentType: 'image/jpeg', content: drawn });
      const before = await rating(shopper.cookies);
      expect({ status, reasonCode }).toEqual({ status: 'NEEDS_REVIEW', reasonCode: 'receiptNotAPhoto' });
      const review = await app.inject({ method: 'POST', url: '/api/v1/reviews', payload: { receiptId, stars: 1 }, cookies: shopper.cookies });
      expect(review.statusCode, review.body).toBeGreaterThanOrEqual(400);
      expect(review.statusCode).toBeLessThan(500);
      expect(await rating(shopper.cookies)).toEqual(before);
    },
    OCR_TIMEOUT,
  );
});

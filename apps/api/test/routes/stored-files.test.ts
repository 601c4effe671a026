/**
 * What is stored and how private files are sent (issue 10, 'Stored raw'): registration documents are encoded
 * again (no EXIF, no polyglot payload, long side at most 4000 px); private files are sent with
 * `Content-Security-Policy: sandbox`, and PDFs as attachments.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { receiptResponseSchema, vendorResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { vendorDocuments } from '../../src/db/schema.ts';
import { listFiles, makePng, multipartBody, type FilePart } from '../fixtures.ts';
import { buildShop } from '../factories.ts';
import { bodyOf, signUp, useTestApp, type TestDatabase } from '../helpers.ts';
import { makeReceiptPdf } from '../receipt-images.ts';

let testDb: TestDatabase;
let app: App;
let uploads: string;

useTestApp({ uploadsPrefix: 'qrib-stored-files-' }, (made) => ({ testDb, app, uploads } = made));

const PAYLOAD = '<html><script>fetch("/api/v1/auth/me")</script></html>QRIB-POLYGLOT-PAYLOAD';

/** A phone photo: GPS and camera EXIF, and a second file (HTML with a script) appended after the JPEG's end. */
async function phonePhotoWithPayload(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'QRIB-CAMERA-MODEL' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 54/1 3500/100', GPSLongitudeRef: 'E', GPSLongitude: '14/1 30/1 5200/100' },
    })
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.from(PAYLOAD, 'latin1')]);
}

async function registerWith(documents: FilePart[]) {
  const owner = await signUp(app);
  const { payload, headers } = multipartBody(
    {
      businessName: 'Document Bakery',
      businessType: 'OTHER',
      businessAddress: 'Triq il-Kbira 1, Mosta',
      locationLatitude: 35.9097,
      locationLongitude: 14.4256,
      primaryContactName: 'Marija Vella',
      contactEmail: owner.email,
      contactPhone: owner.phone,
    },
    documents,
  );
  const response = await app.inject({ method: 'POST', url: '/api/v1/vendors/', payload, headers, cookies: owner.cookies });
  expect(response.statusCode, response.body).toBe(201);
  const { vendorId, documents: stored } = bodyOf(response, vendorResponseSchema).data;
  return { owner, vendorId, urls: stored.map((document) => document.url) };
}

describe('registration documents', () => {
  it('stores a photo without its EXIF (GPS included) and without what was appended to it, upright and in its format', async () => {
    const original = await phonePhotoWithPayload(640, 480);
    expect((await sharp(original).metadata()).exif?.toString('latin1')).toContain('QRIB-CAMERA-MODEL');
    const { owner, vendorId, urls } = await registerWith([{ field: 'documents', filename: 'licence.jpg', contentType: 'image/jpeg', content: original }]);

    const files = listFiles(uploads);
    expect(files).toHaveLength(1);
    const onDisk = readFileSync(path.join(uploads, files[0] ?? ''));
    expect(onDisk.toString('latin1')).not.toContain('QRIB-POLYGLOT-PAYLOAD');
    expect(onDisk.toString('latin1')).not.toContain('QRIB-CAMERA-MODEL');
    const metadata = await sharp(onDisk).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(metadata.exif).toBeUndefined();

    // The row describes the stored bytes, and the owner gets exactly those.
    const [row] = await testDb.database.db.select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, vendorId));
    expect(row).toMatchObject({ contentType: 'image/jpeg', byteSize: onDisk.length, sha256: createHash('sha256').update(onDisk).digest('hex') });
    expect(row?.storageKey).toBe(files[0]);
    const served = await app.inject({ method: 'GET', url: urls[0] ?? '', cookies: owner.cookies });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(onDisk)).toBe(true);
  });

  it('keeps a PNG a PNG, and brings a long side over 4000 px down to 4000', async () => {
    const wide = await sharp({ create: { width: 4800, height: 1200, channels: 3, background: '#ffffff' } }).png().toBuffer();
    await registerWith([
      { field: 'documents', filename: 'wide.png', contentType: 'image/png', content: wide },
      { field: 'documents', filename: 'small.png', contentType: 'image/png', content: await makePng(30, 20) },
    ]);
    const sizes = await Promise.all(listFiles(uploads).map(async (file) => sharp(path.join(uploads, file)).metadata()));
    expect(sizes.map(({ format, width, height }) => ({ format, width, height })).sort((a, b) => (a.width ?? 0) - (b.width ?? 0))).toEqual([
      { format: 'png', width: 30, height: 20 },
      { format: 'png', width: 4000, height: 1000 },
    ]);
  });

  it('is sent inside a sandbox, never cached', async () => {
    const { owner, urls } = await registerWith([{ field: 'documents', filename: 'licence.png', contentType: 'image/png', content: await makePng() }]);
    const served = await app.inject({ method: 'GET', url: urls[0] ?? '', cookies: owner.cookies });
    expect(served.headers).toMatchObject({ 'content-type': 'image/png', 'content-security-policy': 'sandbox', 'cache-control': 'private, no-store', 'content-disposition': 'inline' });
  });
});

describe('receipt files', () => {
  it('sends a PDF as an attachment and a photo inline, both inside a sandbox', async () => {
    const owner = await buildShop(app);
    const { vendorId } = owner;
    const shopper = await signUp(app);
    const photo = await makePng(40, 60);
    const pdf = makeReceiptPdf({ merchant: 'DOCUMENT BAKERY', date: '20/11/2026 09:41', items: [{ name: 'Ftira', amount: 3 }], total: 3 });
    const { payload, headers } = multipartBody({ vendorId }, [
      { field: 'files', filename: 'receipt.pdf', contentType: 'application/pdf', content: pdf },
      { field: 'files', filename: 'receipt.png', contentType: 'image/png', content: photo },
    ]);
    const upload = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies: shopper.cookies });
    expect(upload.statusCode, upload.body).toBe(201);
    const files = bodyOf(upload, receiptResponseSchema).data.files;
    const pdfUrl = files.find((file) => file.contentType === 'application/pdf')?.url ?? '';
    const photoUrl = files.find((file) => file.contentType === 'image/png')?.url ?? '';

    for (const cookies of [shopper.cookies, owner.cookies]) {
      const servedPdf = await app.inject({ method: 'GET', url: pdfUrl, cookies });
      expect(servedPdf.statusCode).toBe(200);
      expect(servedPdf.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': 'attachment', 'content-security-policy': 'sandbox' });
      expect(servedPdf.rawPayload.equals(pdf)).toBe(true);
      const servedPhoto = await app.inject({ method: 'GET', url: photoUrl, cookies });
      expect(servedPhoto.headers).toMatchObject({ 'content-type': 'image/png', 'content-disposition': 'inline', 'content-security-policy': 'sandbox' });
    }
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MESSAGES, receiptShopsResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { offerEvents, receiptFiles, receipts, shopVisits } from '../../src/db/schema.ts';
import { listFiles, makeJpeg, multipartBody, type FilePart } from '../fixtures.ts';
import { buildShop, createOffer } from '../factories.ts';
import { bodyOf, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
let uploads: string;

useTestApp({ uploadsPrefix: 'qrib-receipt-uploads-' }, (made) => ({ testDb, app, uploads } = made));

/** A small, well-formed PDF with one page of text; `marker` makes each one's bytes unique. */
function makePdf(marker = String(Math.random())): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n` +
      `3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n% ${marker}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

// Each photo gets its own colour, so no two are the same file (the same bytes twice are refused by design).
let photoCount = 0;
const photo = async (name = 'receipt.jpg'): Promise<FilePart> => {
  photoCount += 1;
  // A pixel set from the counter: JPEG would round near colours to the same bytes, PNG keeps them apart.
  const pixels = Buffer.alloc(120 * 200 * 3, 200);
  pixels.writeUInt32BE(photoCount, 0);
  const content = await sharp(pixels, { raw: { width: 120, height: 200, channels: 3 } }).png().toBuffer();
  return { field: 'files', filename: name.replace(/\.jpg$/, '.png'), contentType: 'image/png', content };
};
const pdf = (content = makePdf()): FilePart => ({ field: 'files', filename: 'receipt.pdf', contentType: 'application/pdf', content });

async function shopWithOffer(businessName = 'Receipt Bakery') {
  const owner = await buildShop(app, { business: { businessName } });
  return { owner, vendorId: owner.vendorId, offerId: await createOffer(app, owner, { title: 'Ftira for two', discountValue: 20 }) };
}

function upload(cookies: Record<string, string>, fields: Record<string, string | number | undefined>, files: FilePart[]) {
  const { payload, headers } = multipartBody(fields, files);
  return app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies });
}

async function stored() {
  const db = testDb.database.db;
  const [receiptRows] = await db.select({ total: count() }).from(receipts);
  const [fileRows] = await db.select({ total: count() }).from(receiptFiles);
  return { receipts: receiptRows?.total, files: fileRows?.total, stored: listFiles(uploads).filter((file) => file.startsWith('private/receipts/')).length };
}

describe('POST /api/v1/file/upload-bills', () => {
  it('stores two photos and a PDF privately for the signed-in shopper and lists them in My receipts', async () => {
    const { vendorId, offerId } = await shopWithOffer();
    const shopper = await signUp(app);
    const before = await stored();
    const response = await upload(shopper.cookies, { vendorId, offerId }, [await photo('a.jpg'), await photo('b.jpg'), pdf()]);
    expect(response.statusCode).toBe(201);
    const receipt = response.json().data;
    expect(receipt).toMatchObject({
      status: 'PENDING',
      reason: null,
      vendor: { vendorId, businessName: 'Receipt Bakery' },
      offer: { offerId, title: 'Ftira for two', discountType: 'PERCENTAGE', discountValue: 20 },
      visitId: null,
      decidedAt: null,
    });
    expect(receipt.files.map((file: { contentType: string }) => file.contentType)).toEqual(['image/png', 'image/png', 'application/pdf']);
    const after = await stored();
    expect(after.receipts).toBe(Number(before.receipts) + 1);
    expect(after.files).toBe(Number(before.files) + 3);
    expect(after.stored).toBe(before.stored + 3);
    // Nothing of a receipt is public.
    expect(listFiles(uploads).some((file) => file.startsWith('public/'))).toBe(false);

    const mine = await app.inject({ method: 'GET', url: '/api/v1/me/receipts', cookies: shopper.cookies });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((entry: { receiptId: number }) => entry.receiptId)).toEqual([receipt.receiptId]);
    const other = await signUp(app);
    expect((await app.inject({ method: 'GET', url: '/api/v1/me/receipts', cookies: other.cookies })).json().data).toEqual([]);
  });

  it('records each file’s sha256 and a perceptual hash for photos, and strips photo metadata', async () => {
    const { vendorId } = await shopWithOffer();
    const shopper = await signUp(app);
    const original = await makeJpeg(64, 64, { gps: true });
    const response = await upload(shopper.cookies, { vendorId }, [{ field: 'files', filename: 'gps.jpg', contentType: 'image/jpeg', content: original }, pdf()]);
    expect(response.statusCode).toBe(201);
    const rows = await testDb.database.db.select().from(receiptFiles).where(eq(receiptFiles.receiptId, response.json().data.receiptId));
    const { createHash } = await import('node:crypto');
    expect(rows[0]?.sha256).toBe(createHash('sha256').update(original).digest('hex'));
    expect(rows[0]?.perceptualHash).toMatch(/^[0-9a-f]{16}$/);
    expect(rows[1]?.perceptualHash).toBeNull();
    const kept = readFileSync(path.join(uploads, rows[0]?.storageKey ?? ''));
    expect(kept.includes(Buffer.from('secret-location'))).toBe(false);
    expect((await sharp(kept).metadata()).exif).toBeUndefined();
  });

  it('refuses the same file sent again, by anyone, with 409 and keeps nothing of the second try', async () => {
    const { vendorId } = await shopWithOffer();
    const first = await signUp(app);
    const file = await photo();
    expect((await upload(first.cookies, { vendorId }, [file])).statusCode).toBe(201);
    const before = await stored();
    const second = await signUp(app);
    const again = await upload(second.cookies, { vendorId }, [await photo('new.jpg'), file]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.receiptDuplicateFile);
    // The same file twice in one upload is refused too.
    const twice = await upload(second.cookies, { vendorId }, [pdf(makePdf('same')), pdf(makePdf('same'))]);
    expect(twice.statusCode).toBe(409);
    expect(await stored()).toEqual(before);
  });

  it('refuses an 11th file with the spec’s message and stores nothing', async () => {
    const { vendorId } = await shopWithOffer();
    const shopper = await signUp(app);
    const before = await stored();
    const files = await Promise.all(Array.from({ length: 11 }, (_, index) => photo(`r${index}.jpg`)));
    const response = await upload(shopper.cookies, { vendorId }, files);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.receiptTooManyFiles);
    expect(await stored()).toEqual(before);
    // Ten is fine.
    expect((await upload(shopper.cookies, { vendorId }, files.slice(0, 10))).statusCode).toBe(201);
  });

  it('refuses no files with the spec’s message', async () => {
    const { vendorId } = await shopWithOffer();
    const shopper = await signUp(app);
    const response = await upload(shopper.cookies, { vendorId }, []);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: MESSAGES.receiptNoFiles, fieldErrors: { files: MESSAGES.receiptNoFiles } });
  });

  it('refuses a .pdf that is not a PDF, a truncated PDF and a text file named .jpg with 415, storing nothing', async () => {
    const { vendorId } = await shopWithOffer();
    const shopper = await signUp(app);
    const before = await stored();
    const fakes: FilePart[] = [
      { field: 'files', filename: 'receipt.pdf', contentType: 'application/pdf', content: Buffer.from('just some text, not a PDF') },
      { field: 'files', filename: 'cut.pdf', contentType: 'application/pdf', content: makePdf().subarray(0, 60) },
      { field: 'files', filename: 'photo.jpg', contentType: 'image/jpeg', content: Buffer.from('<html>not an image</html>') },
    ];
    for (const fake of fakes) {
      const response = await upload(shopper.cookies, { vendorId }, [await photo(), fake]);
      expect(response.statusCode).toBe(415);
      expect(response.json().message).toBe(MESSAGES.receiptFileWrongType);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const { vendorId } = await shopWithOffer();
    const shopper = await signUp(app);
    const big = Buffer.concat([makePdf(), Buffer.alloc(10 * 1024 * 1024 + 1, 32)]);
    const response = await upload(shopper.cookies, { vendorId }, [pdf(big)]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(MESSAGES.receiptFileTooLarge);
  });

  it('answers a shop that does not exist with 404, a missing or malformed shop with 400, and one’s own shop with 403', async () => {
    const { owner, vendorId } = await shopWithOffer();
    const shopper = await signUp(app);
    const before = await stored();
    const missing = await upload(shopper.cookies, { vendorId: 2_000_000_000 }, [await photo()]);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.receiptShopNotFound);
    for (const bad of [undefined, 'abc', '-1', '1.5', '9999999999']) {
      const response = await upload(shopper.cookies, { vendorId: bad }, [await photo()]);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.vendorId).toBe(MESSAGES.receiptShopRequired);
    }
    const own = await upload(owner.cookies, { vendorId }, [await photo()]);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MESSAGES.receiptOwnShop);
    expect(await stored()).toEqual(before);
  });

  it('checks that the offer belongs to the shop and that the visit is the shopper’s own visit there', async () => {
    const first = await shopWithOffer('First Shop');
    const second = await shopWithOffer('Second Shop');
    const shopper = await signUp(app);
    const wrongOffer = await upload(shopper.cookies, { vendorId: first.vendorId, offerId: second.offerId }, [await photo()]);
    expect(wrongOffer.statusCode).toBe(400);
    expect(wrongOffer.json().fieldErrors.offerId).toBe(MESSAGES.receiptOfferNotAtShop);
    const noOffer = await upload(shopper.cookies, { vendorId: first.vendorId, offerId: 2_000_000_000 }, [await photo()]);
    expect(noOffer.statusCode).toBe(404);

    const db = testDb.database.db;
    const [mine] = await db.insert(shopVisits).values({ userId: shopper.userId, vendorId: first.vendorId }).returning();
    const someoneElse = await signUp(app);
    const [theirs] = await db.insert(shopVisits).values({ userId: someoneElse.userId, vendorId: first.vendorId }).returning();
    const othersVisit = await upload(shopper.cookies, { vendorId: first.vendorId, visitId: theirs?.id }, [await photo()]);
    expect(othersVisit.statusCode).toBe(404);
    expect(othersVisit.json().message).toBe(MESSAGES.visitNotFound);
    const otherShop = await upload(shopper.cookies, { vendorId: second.vendorId, visitId: mine?.id }, [await photo()]);
    expect(otherShop.statusCode).toBe(404);
    const ok = await upload(shopper.cookies, { vendorId: first.vendorId, offerId: first.offerId, visitId: mine?.id }, [await photo()]);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.visitId).toBe(mine?.id);
  });

  it('needs a signed-in user and a multipart body', async () => {
    expect((await upload({}, { vendorId: 1 }, [await photo()])).statusCode).toBe(401);
    const shopper = await signUp(app);
    const json = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload: { vendorId: 1 }, cookies: shopper.cookies });
    expect(json.statusCode).toBe(415);
  });

  it('limits uploads per account', async () => {
    const { vendorId } = await shopWithOffer();
    const shopper = await signUp(app);
    let last = 0;
    for (let attempt = 0; attempt < 31; attempt += 1) last = (await upload(shopper.cookies, { vendorId: 'x' }, [])).statusCode;
    expect(last).toBe(429);
    expect((await upload(shopper.cookies, { vendorId }, [await photo()])).statusCode).toBe(429);
  });
});

describe('GET /api/v1/receipts/:receiptId/files/:fileId', () => {
  it('serves the file to the uploader and the shop’s owner only', async () => {
    const { owner, vendorId } = await shopWithOffer();
    const otherOwner = await buildShop(app);
    const shopper = await signUp(app);
    const document = makePdf('private receipt');
    const receipt = (await upload(shopper.cookies, { vendorId }, [pdf(document), await photo()])).json().data;
    const [pdfFile, photoFile] = receipt.files as { url: string }[];

    for (const cookies of [shopper.cookies, owner.cookies]) {
      const response = await app.inject({ method: 'GET', url: pdfFile?.url ?? '', cookies });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.rawPayload.equals(document)).toBe(true);
    }
    const image = await app.inject({ method: 'GET', url: photoFile?.url ?? '', cookies: owner.cookies });
    expect(image.headers['content-type']).toBe('image/png');

    const stranger = await signUp(app);
    for (const cookies of [stranger.cookies, otherOwner.cookies]) {
      const response = await app.inject({ method: 'GET', url: pdfFile?.url ?? '', cookies });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.receiptNotYours);
    }
    expect((await app.inject({ method: 'GET', url: pdfFile?.url ?? '' })).statusCode).toBe(401);
    // A file id of another receipt, an unknown one and a malformed one.
    const wrongPair = `/api/v1/receipts/${receipt.receiptId + 1000}/files/${receipt.files[0].fileId}`;
    expect((await app.inject({ method: 'GET', url: wrongPair, cookies: shopper.cookies })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/v1/receipts/${receipt.receiptId}/files/abc`, cookies: shopper.cookies })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/v1/receipts/99999999999/files/1`, cookies: shopper.cookies })).statusCode).toBe(400);
  });
});

describe('GET /api/v1/me/receipt-shops', () => {
  async function viewsBy(userId: number) {
    const [row] = await testDb.database.db.select({ total: count() }).from(offerEvents).where(and(eq(offerEvents.userId, userId), eq(offerEvents.kind, 'VIEW')));
    return row?.total;
  }

  /**
   * Waits until the database clock has moved on from now, so a row written next is stamped later than every row
   * written so far (two writes in a row can share a time: PGlite's clock counts whole milliseconds).
   */
  async function clockMovesOn() {
    const clock = async () => {
      const [row] = await selectRows<{ micros: string }>(testDb.database.db, sql`SELECT (extract(epoch FROM clock_timestamp()) * 1000000)::bigint::text AS micros`);
      return BigInt(row?.micros ?? 0);
    };
    const start = await clock();
    await expect.poll(clock).toBeGreaterThan(start);
  }

  it('offers the shops the shopper visited, saved or opened an offer of, most recent first, never their own', async () => {
    const viewed = await shopWithOffer('Viewed Shop');
    const saved = await shopWithOffer('Saved Shop');
    const visited = await shopWithOffer('Visited Shop');
    await shopWithOffer('Unrelated Shop');
    // A shopper who owns a shop of their own.
    const shopper = await buildShop(app, { business: { businessName: 'My Own Shop' } });
    const own = (await app.inject({ method: 'GET', url: '/api/v1/vendors/me/offers', cookies: shopper.cookies })).json();
    expect(own.data).toEqual([]);

    expect((await app.inject({ method: 'GET', url: '/api/v1/me/receipt-shops', cookies: shopper.cookies })).json().data).toEqual([]);
    // Opening an offer records a VIEW (after the answer); saving one a favourite; a detected visit is a row of
    // shop_visits. Each is written once the one before it has landed and the clock has moved on.
    expect((await app.inject({ method: 'GET', url: `/api/v1/offers/${viewed.offerId}`, cookies: shopper.cookies })).statusCode).toBe(200);
    await expect.poll(() => viewsBy(shopper.userId)).toBe(1);
    await clockMovesOn();
    expect((await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${saved.offerId}`, cookies: shopper.cookies })).statusCode).toBe(204);
    await clockMovesOn();
    await testDb.database.db.insert(shopVisits).values({ userId: shopper.userId, vendorId: visited.vendorId });

    const response = await app.inject({ method: 'GET', url: '/api/v1/me/receipt-shops', cookies: shopper.cookies });
    expect(response.statusCode).toBe(200);
    const shops = bodyOf(response, receiptShopsResponseSchema).data;
    expect(shops.map((shop) => [shop.businessName, shop.reason])).toEqual([
      ['Visited Shop', 'VISITED'],
      ['Saved Shop', 'SAVED'],
      ['Viewed Shop', 'VIEWED'],
    ]);
    expect(shops[2]?.offers).toEqual([expect.objectContaining({ offerId: viewed.offerId, title: 'Ftira for two' })]);
  });
});

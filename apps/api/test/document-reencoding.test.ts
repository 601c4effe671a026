/** `npm run documents:reencode`: registration documents stored raw before issue 10 are encoded again in place. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { vendorDocuments } from '../src/db/schema.ts';
import { isCleanEncoding, reencodeStoredDocuments } from '../src/domains/businesses/document-reencoding.ts';
import { processDocumentImage } from '../src/kernel/images.ts';
import { buildShop } from './factories.ts';
import { type TestDatabase, useTestApp } from './helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({ uploadsPrefix: 'qrib-reencode-' }, (made) => ({ testDb, app } = made));

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readStored(key: string): Promise<Buffer | undefined> {
  const stored = await app.storage.get(key);
  if (!stored) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('reencodeStoredDocuments', () => {
  it('encodes a raw stored photo again (no EXIF, no appended payload), updates its row, removes the old file, and does nothing the second time', async () => {
    const owner = await buildShop(app);
    const { vendorId } = owner;
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#806040' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'QRIB-CAMERA' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 54/1 0/1' } })
      .toBuffer();
    const raw = Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>QRIB-PAYLOAD', 'latin1')]);
    const rawKey = `private/documents/${sha(raw)}.jpg`;
    await app.storage.put(rawKey, raw, 'image/jpeg');
    const [row] = await testDb.database.db
      .insert(vendorDocuments)
      .values({ vendorId, storageKey: rawKey, contentType: 'image/jpeg', byteSize: raw.length, sha256: sha(raw) })
      .returning();

    // The document registration stored is already clean; the raw one is encoded again.
    expect(await reencodeStoredDocuments(testDb.database.db, app.storage)).toEqual({ reencoded: 1, alreadyClean: 1, notImages: 0, missing: 0, unreadable: 0 });
    const [updated] = await testDb.database.db.select().from(vendorDocuments).where(eq(vendorDocuments.id, row?.id ?? 0));
    const stored = await readStored(updated?.storageKey ?? '');
    if (!stored || !updated) throw new Error('the document is gone');
    expect(stored.toString('latin1')).not.toContain('QRIB-PAYLOAD');
    expect(stored.toString('latin1')).not.toContain('QRIB-CAMERA');
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
    expect(metadata.exif).toBeUndefined();
    expect(updated).toMatchObject({ storageKey: `private/documents/${sha(stored)}.jpg`, byteSize: stored.length, sha256: sha(stored) });
    expect(await app.storage.exists(rawKey)).toBe(false);

    expect(await reencodeStoredDocuments(testDb.database.db, app.storage)).toMatchObject({ reencoded: 0, alreadyClean: 2 });
  });

  it('tells what processDocumentImage writes from files with metadata or anything appended', async () => {
    const photo = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#123456' } }).jpeg().withExif({ IFD0: { Make: 'x' } }).toBuffer();
    const scan = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#123456' } }).png().withMetadata().toBuffer();
    const [cleanPhoto, cleanScan] = await Promise.all([processDocumentImage(photo), processDocumentImage(scan)]);
    expect(isCleanEncoding(cleanPhoto.body, 'image/jpeg')).toBe(true);
    expect(isCleanEncoding(cleanScan.body, 'image/png')).toBe(true);
    expect(isCleanEncoding(photo, 'image/jpeg')).toBe(false);
    expect(isCleanEncoding(Buffer.concat([cleanPhoto.body, Buffer.from('PK')]), 'image/jpeg')).toBe(false);
    expect(isCleanEncoding(Buffer.concat([cleanScan.body, Buffer.from('<html>')]), 'image/png')).toBe(false);
  });
});

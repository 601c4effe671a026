/**
 * Files of uploads that never finished (issue 10): keys are recorded in `pending_uploads` before the files are
 * written and settled with the rows; start-up removes the files of processes that are gone, never the files a
 * row references or a live process is still writing.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { offerResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { pendingUploads } from '../../src/db/schema.ts';
import { makeJpeg, multipartBody } from '../fixtures.ts';
import { buildOffer, buildShop } from '../factories.ts';
import { bodyOf, createTestApp, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
let uploads: string;

useTestApp({ uploadsPrefix: 'qrib-pending-' }, (made) => ({ testDb, app, uploads } = made));

/** An owner key no process holds (the owner lock is taken on PostgreSQL; PGlite knows its open apps). */
const deadOwner = () => randomBytes(4).readInt32BE();

function newKey() {
  return `public/offers/${randomBytes(32).toString('hex')}-card.webp`;
}

/** A stored file and a pending row naming it, as a process that died between the two writes leaves them. */
async function leavePending(owner: number, key = newKey()) {
  if (!(await app.storage.exists(key))) await app.storage.put(key, Buffer.from('half an upload'), 'image/webp');
  await testDb.database.db.insert(pendingUploads).values({ storageKey: key, owner });
  return key;
}

async function pendingKeys() {
  const rows = await testDb.database.db.select({ storageKey: pendingUploads.storageKey, owner: pendingUploads.owner }).from(pendingUploads);
  return rows;
}

/** Another start of the server on the same database and uploads folder. */
async function restart() {
  const next = await createTestApp(testDb.database, { storage: { driver: 'local', rootDir: uploads } });
  await next.ready();
  return next;
}

async function createOffer(content: Buffer) {
  const account = await buildShop(app);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/offers/',
    ...multipartBody(buildOffer(), [{ field: 'offerImages', filename: 'photo.jpg', contentType: 'image/jpeg', content }]),
    cookies: account.cookies,
  });
  expect(response.statusCode).toBe(201);
  return { account, offer: bodyOf(response, offerResponseSchema).data};
}

describe('pending uploads', () => {
  it('records each key before its file is written and settles it with the offer', async () => {
    await app.ready();
    const seenBeforeWrite: boolean[] = [];
    const put = app.storage.put.bind(app.storage);
    app.storage.put = async (key, body, contentType) => {
      const [row] = await testDb.database.db.select().from(pendingUploads).where(eq(pendingUploads.storageKey, key));
      seenBeforeWrite.push(row?.owner === app.pendingUploads.owner);
      await put(key, body, contentType);
    };
    await createOffer(await makeJpeg(80, 60));
    // The registration document, then the card and the detail photo, each recorded first; nothing is left
    // pending once the rows exist.
    expect(seenBeforeWrite).toEqual([true, true, true]);
    expect(await pendingKeys()).toEqual([]);
  });

  it('removes the pending rows of a request that failed with its files', async () => {
    const account = await buildShop(app);
    app.offers.create = async () => {
      throw new Error('database went away');
    };
    const failed = await app.inject({
      method: 'POST',
      url: '/api/v1/offers/',
      ...multipartBody(buildOffer(), [{ field: 'offerImages', filename: 'photo.jpg', contentType: 'image/jpeg', content: await makeJpeg(70, 50) }]),
      cookies: account.cookies,
    });
    expect(failed.statusCode).toBe(500);
    expect(await pendingKeys()).toEqual([]);
    expect(await app.storage.list('public/offers')).toEqual([]);
  });

  it('removes at start-up the files a dead process left pending, with their rows', async () => {
    const key = await leavePending(deadOwner());
    const next = await restart();
    expect(await next.storage.exists(key)).toBe(false);
    expect(await pendingKeys()).toEqual([]);
    await next.close();
  });

  it('keeps a file a row references (keys are content-addressed), and removes the stale row', async () => {
    const { offer } = await createOffer(await makeJpeg(90, 60));
    const [cardKey] = await app.storage.list('public/offers');
    if (!cardKey) throw new Error('no stored photo');
    await leavePending(deadOwner(), cardKey);
    const next = await restart();
    expect(await next.storage.exists(cardKey)).toBe(true);
    expect((await next.inject({ method: 'GET', url: offer.images[0]?.cardUrl ?? '' })).statusCode).toBe(200);
    expect(await pendingKeys()).toEqual([]);
    await next.close();
  });

  it('leaves the uploads of a live process alone, and clears them once it is gone', async () => {
    await app.ready();
    const live = app.pendingUploads.owner;
    const ownKey = await leavePending(live);
    // The same content pending for a live process and for a dead one: the file stays for the live one.
    const sharedKey = await leavePending(live);
    await leavePending(deadOwner(), sharedKey);

    const second = await restart();
    expect(await second.storage.exists(ownKey)).toBe(true);
    expect(await second.storage.exists(sharedKey)).toBe(true);
    expect((await pendingKeys()).map((row) => row.owner)).toEqual([live, live]);
    await second.close();

    await app.close();
    const third = await restart();
    expect(await third.storage.exists(ownKey)).toBe(false);
    expect(await third.storage.exists(sharedKey)).toBe(false);
    expect(await pendingKeys()).toEqual([]);
    await third.close();
  });
});

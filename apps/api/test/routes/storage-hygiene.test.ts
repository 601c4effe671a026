/**
 * Storage hygiene (issue 25, finding 9): half-written files of puts that never finished, and export archives no export
 * names, are deleted at start-up and by the daily sweep once untouched for the grace period; a dead process's
 * half-written files go at start-up whatever their age (their keys were pending uploads), and nothing in use goes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { dataExports, pendingUploads } from '../../src/db/schema.ts';
import { STARTUP_SWEEP_GRACE_MS } from '../../src/plugins/storage-hygiene.ts';
import { createTestApp, signUp, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
let uploads: string;

useTestApp({ uploadsPrefix: 'qrib-hygiene-' }, (made) => ({ testDb, app, uploads } = made));

/** An owner key no process holds (the owner lock is taken on PostgreSQL; PGlite knows its open apps). */
const deadOwner = () => randomBytes(4).readInt32BE();

function newKey(folder = 'public/offers', suffix = '-card.webp') {
  return `${folder}/${randomBytes(32).toString('hex')}${suffix}`;
}

function folderOf(key: string) {
  return path.join(uploads, ...path.posix.dirname(key).split('/'));
}

/** The temp file a put of `key` that died leaves, last touched `ageMs` ago; answers its name. */
async function leaveHalfWritten(key: string, ageMs: number): Promise<string> {
  await mkdir(folderOf(key), { recursive: true });
  const name = `.${path.posix.basename(key)}.${randomUUID()}.tmp`;
  await writeFile(path.join(folderOf(key), name), 'half an upload');
  await age(path.join(folderOf(key), name), ageMs);
  return name;
}

async function age(file: string, ageMs: number) {
  const time = new Date(Date.now() - ageMs);
  await utimes(file, time, time);
}

/** Another start of the server on the same database and uploads folder, ready (its start-up sweep done). */
async function restart() {
  const next = await createTestApp(testDb.database, { storage: { driver: 'local', rootDir: uploads } });
  await next.ready();
  return next;
}

describe('storage hygiene', () => {
  it('deletes at start-up the half-written files untouched for a few minutes, not a put in progress', async () => {
    await app.ready();
    const oldCopy = await leaveHalfWritten(newKey(), STARTUP_SWEEP_GRACE_MS + 60_000);
    const freshCopy = await leaveHalfWritten(newKey(), 0);
    const oldReceiptCopy = await leaveHalfWritten(newKey('private/receipts', '.jpg'), STARTUP_SWEEP_GRACE_MS + 60_000);
    const next = await restart();
    try {
      const offers = await readdir(folderOf(newKey()));
      expect(offers).toContain(freshCopy);
      expect(offers).not.toContain(oldCopy);
      expect(await readdir(folderOf(newKey('private/receipts')))).not.toContain(oldReceiptCopy);
    } finally {
      await next.close();
    }
  });

  it('deletes at start-up, however fresh, the half-written file of a process that died while writing it', async () => {
    await app.ready();
    const key = newKey();
    await testDb.database.db.insert(pendingUploads).values({ storageKey: key, owner: deadOwner() });
    const copy = await leaveHalfWritten(key, 0);
    const next = await restart();
    try {
      expect(await readdir(folderOf(key))).not.toContain(copy);
    } finally {
      await next.close();
    }
  });

  it('records an export archive as a pending upload until its export names it, so a build killed between leaves nothing', async () => {
    await app.ready();
    const shopper = await signUp(app);
    const pendingAtWrite: (number | undefined)[] = [];
    const put = app.storage.put.bind(app.storage);
    app.storage.put = async (key, body, contentType) => {
      const rows = await testDb.database.db.select({ owner: pendingUploads.owner, storageKey: pendingUploads.storageKey }).from(pendingUploads);
      pendingAtWrite.push(rows.find((row) => row.storageKey === key)?.owner);
      await put(key, body, contentType);
    };
    expect((await app.inject({ method: 'POST', url: '/api/v1/me/export', cookies: shopper.cookies })).statusCode).toBe(202);
    await app.dataExports.drain();
    expect(pendingAtWrite).toEqual([app.pendingUploads.owner]);
    const [ready] = await testDb.database.db.select({ storageKey: dataExports.storageKey }).from(dataExports).where(eq(dataExports.userId, shopper.userId));
    expect(ready?.storageKey).toMatch(/^private\/exports\//);
    // Settled in the commit that made it ready.
    expect(await testDb.database.db.select().from(pendingUploads)).toEqual([]);
  });

  it('sweeps export archives no export names once untouched for the grace period, never one an export names', async () => {
    const { userId } = await signUp(app);
    const named = newKey('private/exports', '.zip');
    const orphan = newKey('private/exports', '.zip');
    const freshOrphan = newKey('private/exports', '.zip');
    for (const key of [named, orphan, freshOrphan]) await app.storage.put(key, Buffer.from('zip'), 'application/zip');
    await testDb.database.db
      .insert(dataExports)
      .values({ id: randomUUID(), userId, status: 'READY', expiresAt: new Date(Date.now() + 3_600_000), storageKey: named });
    const grace = 60 * 60_000;
    await age(path.join(uploads, ...named.split('/')), grace + 60_000);
    await age(path.join(uploads, ...orphan.split('/')), grace + 60_000);

    expect(await app.sweepStorage(grace)).toEqual({ tempFiles: 0, exportArchives: 1 });
    expect(await app.storage.list('private/exports')).toEqual([named, freshOrphan].sort());
  });
});

/**
 * "Download my data" (issue 15): asking for an export, the background build, the zip (data.json and the person's
 * own files, byte for byte), who may download it, expiry (410, the archive deleted) and the EXPORT_READY mail.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MESSAGES, dataExportResponseSchema, receiptResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { dataExports, mailOutbox, offerImages, users, vendorDocuments } from '../../src/db/schema.ts';
import { EXPORTED_TABLES, TABLES_NOT_EXPORTED } from '../../src/domains/exports/data-export.ts';
import { makeJpeg, multipartBody } from '../fixtures.ts';
import { buildShop, createOffer } from '../factories.ts';
import { bodyOf, signUp, useTestApp, type TestDatabase } from '../helpers.ts';
import { createMailTestApp, linkIn, startSmtpServer } from '../mail.ts';

let testDb: TestDatabase;
let app: App;
let uploads: string;

useTestApp({ uploadsPrefix: 'qrib-export-uploads-' }, (made) => ({ testDb, app, uploads } = made));

type Cookies = Record<string, string>;

/** A small PDF: receipts keep a PDF's bytes exactly as sent. */
function makePdf(marker: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n` +
      `3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n% ${marker}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
    'latin1',
  );
}

async function uploadReceipt(cookies: Cookies, vendorId: number, content: Buffer): Promise<number> {
  const { payload, headers } = multipartBody({ vendorId }, [{ field: 'files', filename: 'receipt.pdf', contentType: 'application/pdf', content }]);
  const response = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies });
  expect(response.statusCode).toBe(201);
  return bodyOf(response, receiptResponseSchema).data.receiptId;
}

async function requestExport(cookies: Cookies) {
  const response = await app.inject({ method: 'POST', url: '/api/v1/me/export', cookies });
  expect(response.statusCode).toBe(202);
  return bodyOf(response, dataExportResponseSchema).data;
}

function download(cookies: Cookies, exportId: string) {
  return app.inject({ method: 'GET', url: `/api/v1/me/exports/${exportId}`, cookies });
}

/** Exports and downloads the account's archive: its files by path and data.json parsed. */
async function exportArchive(account: { cookies: Cookies; username: string }) {
  const { exportId } = await requestExport(account.cookies);
  await app.dataExports.drain();
  const response = await download(account.cookies, exportId);
  expect(response.statusCode).toBe(200);
  const files = unzipSync(new Uint8Array(response.rawPayload));
  const dataJson = files['data.json'];
  if (!dataJson) throw new Error('no data.json in the archive');
  const data = JSON.parse(new TextDecoder().decode(dataJson)) as Record<string, unknown> & {
    profile: Record<string, unknown>;
    receipts: { id: number; status: string; ocrText: string | null; files: string[] }[];
    business: null | { businessName: string; status: string; documents: { file: string }[]; offers: { offerId: number; title: string; photos: string[] }[] };
  };
  return { exportId, response, files, data };
}

function storedBytes(storageKey: string): Buffer {
  return readFileSync(path.join(uploads, storageKey));
}

async function outboxRows(userId: number) {
  return testDb.database.db.select().from(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, 'EXPORT_READY')));
}

describe('Download my data', () => {
  it('refuses every export route without a session (401)', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/me/export'],
      ['GET', '/api/v1/me/export'],
      ['GET', '/api/v1/me/exports/6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f'],
    ] as const) {
      expect((await app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('prepares a shopper’s archive in the background: data.json has the receipt and the zip the very bytes uploaded', async () => {
    const shop = await buildShop(app, { business: { businessName: 'Export Bakery' } });
    const shopper = await signUp(app);
    const pdf = makePdf(`export-${shopper.username}`);
    const receiptId = await uploadReceipt(shopper.cookies, shop.vendorId, pdf);

    expect((await app.inject({ method: 'GET', url: '/api/v1/me/export', cookies: shopper.cookies })).json()).toEqual({ data: null });
    const first = await requestExport(shopper.cookies);
    expect(first).toMatchObject({ status: 'PENDING', readyAt: null, sizeBytes: null });
    expect(first.exportId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Asked again (while pending, and once ready): the same export, never a second row.
    expect((await requestExport(shopper.cookies)).exportId).toBe(first.exportId);

    const { response, files, data } = await exportArchive(shopper);
    expect((await requestExport(shopper.cookies)).exportId).toBe(first.exportId);
    const rows = await testDb.database.db.select().from(dataExports).where(eq(dataExports.userId, shopper.userId));
    expect(rows).toHaveLength(1);

    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="qrib-data-${shopper.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`));

    expect(data.format).toBe(3);
    // Issue 28 §4: a shopper belongs to no business and invited nobody.
    expect(data.staffMembership).toEqual([]);
    expect(data.staffInvitations).toEqual([]);
    expect(typeof data.exportedAt).toBe('string');
    expect(data.profile).toMatchObject({ id: shopper.userId, username: shopper.username, email: shopper.email, name: shopper.name });
    expect(JSON.stringify(data)).not.toContain('passwordHash');
    expect(JSON.stringify(data)).not.toContain('$argon2');
    expect(data.receipts).toEqual([expect.objectContaining({ id: receiptId, status: 'PENDING', businessName: 'Export Bakery', files: [`receipts/${receiptId}/1.pdf`] })]);
    expect(Buffer.from(files[`receipts/${receiptId}/1.pdf`] ?? new Uint8Array())).toEqual(pdf);
    expect(data.business).toBeNull();

    const current = (await app.inject({ method: 'GET', url: '/api/v1/me/export', cookies: shopper.cookies })).json().data;
    expect(current).toMatchObject({ exportId: first.exportId, status: 'READY', sizeBytes: response.rawPayload.byteLength });
    expect(Date.parse(current.expiresAt) - Date.parse(current.readyAt)).toBe(24 * 3600 * 1000);
  });

  it('gives an owner their business, its documents and its offers’ photos, byte for byte', async () => {
    const owner = await buildShop(app, { business: { businessName: 'Photo Grocer' } });
    const offerId = await createOffer(app, owner, { title: 'Fresh bread' }, [
      { field: 'offerImages', filename: 'bread.jpg', contentType: 'image/jpeg', content: await makeJpeg(120, 90) },
    ]);
    const { files, data } = await exportArchive(owner);
    const db = testDb.database.db;
    const [document] = await db.select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, owner.vendorId));
    const [image] = await db.select().from(offerImages).where(eq(offerImages.offerId, offerId));
    if (!document || !image) throw new Error('the shop has no document or photo');

    expect(data.business).toMatchObject({ businessName: 'Photo Grocer', status: 'ACTIVE', documents: [{ file: 'business/documents/1.' + document.storageKey.split('.').pop() }] });
    expect(data.business?.offers).toEqual([expect.objectContaining({ offerId, title: 'Fresh bread', photos: [`offers/${offerId}/1.webp`] })]);
    expect(Buffer.from(files[`business/documents/1.${document.storageKey.split('.').pop()}`] ?? new Uint8Array())).toEqual(storedBytes(document.storageKey));
    expect(Buffer.from(files[`offers/${offerId}/1.webp`] ?? new Uint8Array())).toEqual(storedBytes(image.detailKey));
    // Private storage keys never leave the server.
    expect(JSON.stringify(data)).not.toContain('private/');
  });

  it('lets no other account reach an export (404), nor an unknown or malformed id', async () => {
    const shopper = await signUp(app);
    const other = await signUp(app);
    const { exportId } = await requestExport(shopper.cookies);
    await app.dataExports.drain();
    for (const id of [exportId, '6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f', 'not-an-id', '..%2F..%2Fetc']) {
      const response = await download(other.cookies, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MESSAGES.exportNotFound);
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/me/export', cookies: other.cookies })).json()).toEqual({ data: null });
    expect((await download(shopper.cookies, exportId)).statusCode).toBe(200);
  });

  it('answers 202 with the export while it is still being prepared', async () => {
    const shopper = await signUp(app);
    // Asked through the repository, without waking the builder, so it is certainly still pending.
    const { row } = await app.dataExports.request(shopper.userId);
    const response = await download(shopper.cookies, row.id);
    expect(response.statusCode).toBe(202);
    expect(response.json().data).toMatchObject({ exportId: row.id, status: 'PENDING' });
    await app.dataExports.drain();
    expect((await download(shopper.cookies, row.id)).statusCode).toBe(200);
  });

  it('answers 410 after it expires; the sweeper deletes the archive and keeps the row', async () => {
    const shopper = await signUp(app);
    const { exportId } = await requestExport(shopper.cookies);
    await app.dataExports.drain();
    const db = testDb.database.db;
    const [ready] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
    const storageKey = ready?.storageKey;
    if (!storageKey) throw new Error('no archive stored');
    expect(storageKey).toMatch(/^private\/exports\/[0-9a-f]{64}\.zip$/);
    expect(await app.storage.exists(storageKey)).toBe(true);

    await db.update(dataExports).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(dataExports.id, exportId));
    expect(await app.dataExports.sweep()).toBe(1);
    expect(await app.storage.exists(storageKey)).toBe(false);
    const response = await download(shopper.cookies, exportId);
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe(MESSAGES.exportExpired);
    expect(await db.select().from(dataExports).where(eq(dataExports.id, exportId))).toHaveLength(1);
    // The profile no longer shows it, and a new request makes a new export.
    expect((await app.inject({ method: 'GET', url: '/api/v1/me/export', cookies: shopper.cookies })).json()).toEqual({ data: null });
    expect((await requestExport(shopper.cookies)).exportId).not.toBe(exportId);
  });

  it('mails EXPORT_READY only to a verified address, in the transaction that marks it ready', async () => {
    const unverified = await signUp(app);
    await exportArchive(unverified);
    expect(await outboxRows(unverified.userId)).toEqual([]);

    const verified = await signUp(app);
    await testDb.database.db.update(users).set({ emailVerifiedAt: sql`now()` }).where(eq(users.id, verified.userId));
    const { exportId } = await exportArchive(verified);
    const [ready] = await testDb.database.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    const mails = await outboxRows(verified.userId);
    expect(mails).toEqual([
      expect.objectContaining({ toAddress: verified.email, kind: 'EXPORT_READY', payload: { exportId, expiresAt: ready?.expiresAt.toISOString() } }),
    ]);
  });

  it('sends the EXPORT_READY mail over real SMTP, and its link downloads the zip for the signed-in account', async () => {
    const smtp = await startSmtpServer();
    // The same database and storage as this test's app, the mails sent to the test server.
    const mailApp = await createMailTestApp(testDb.database, smtp, { storage: { driver: 'local', rootDir: uploads } });
    try {
      const person = await signUp(mailApp);
      await testDb.database.db.update(users).set({ emailVerifiedAt: sql`now()` }).where(eq(users.id, person.userId));
      const response = await mailApp.inject({ method: 'POST', url: '/api/v1/me/export', cookies: person.cookies });
      expect(response.statusCode).toBe(202);
      const { exportId } = bodyOf(response, dataExportResponseSchema).data;
      await mailApp.dataExports.drain();
      await mailApp.mailer.drain();
      const mail = await smtp.waitForMail((received) => received.envelopeTo.includes(person.email) && linkIn(received, '/api/v1/me/exports/') !== undefined);
      const link = linkIn(mail, '/api/v1/me/exports/');
      if (!link) throw new Error('no download link in the mail');
      const url = new URL(link);
      expect(url.origin).toBe('http://localhost:3000');
      expect(url.pathname).toBe(`/api/v1/me/exports/${exportId}`);

      const zip = await mailApp.inject({ method: 'GET', url: url.pathname, cookies: person.cookies });
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      const dataJson = unzipSync(new Uint8Array(zip.rawPayload))['data.json'];
      expect(JSON.parse(new TextDecoder().decode(dataJson)).profile.username).toBe(person.username);
      // The link alone reaches nothing: without the account's session it is 401.
      expect((await mailApp.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(401);
    } finally {
      await mailApp.close();
      await smtp.close();
    }
  });

  it('marks an export FAILED after three failed builds, and the person can ask again', async () => {
    const shopper = await signUp(app);
    const { row } = await app.dataExports.request(shopper.userId);
    const exportId = row.id;
    const db = testDb.database.db;
    // Three builds that died with their replicas: the last claim has gone stale.
    await db.update(dataExports).set({ attempts: 3, lockedUntil: sql`now() - interval '1 minute'` }).where(eq(dataExports.id, exportId));
    await app.dataExports.drain();
    const [failed] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
    expect(failed?.status).toBe('FAILED');
    expect((await download(shopper.cookies, exportId)).statusCode).toBe(404);
    expect((await requestExport(shopper.cookies)).exportId).not.toBe(exportId);
  });

  it('has a data.json section for every table that refers to an account, or names why not', async () => {
    const rows = await selectRows<{ table_name: string }>(
      testDb.database.db,
      sql`SELECT DISTINCT conrelid::regclass::text AS table_name FROM pg_constraint
          WHERE contype = 'f' AND confrelid = 'users'::regclass ORDER BY 1`,
    );
    const tables = rows.map((row) => row.table_name.replace(/^public\./, '').replaceAll('"', ''));
    expect(tables.length).toBeGreaterThan(10);
    for (const table of tables) {
      expect({ table, covered: table in EXPORTED_TABLES || table in TABLES_NOT_EXPORTED }).toEqual({ table, covered: true });
    }
    const shopper = await signUp(app);
    const { data } = await exportArchive(shopper);
    for (const section of Object.values(EXPORTED_TABLES)) expect(Object.keys(data)).toContain(section);
  });
});

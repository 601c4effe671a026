/**
 * Issue 28 §1: the shop edits its own page. PATCH /vendors/me with the registration's rules (each bad input a 400
 * naming its field, nothing written), a name another ACTIVE shop has refused (409), a move carried to its offers, a
 * CLOSED business refused; logo and cover uploaded (webp, no metadata), replaced and removed with their old files gone;
 * every change in the history the admin reads; the shop page and the lists of offers show the new name and pictures.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  MAX_OFFER_IMAGE_BYTES,
  MESSAGES,
  nearbyResponseSchema,
  shopResponseSchema,
  vendorChangesResponseSchema,
  vendorResponseSchema,
  type VendorChange,
} from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { offers, users, vendorChanges, vendors } from '../../src/db/schema.ts';
import { describeArchive } from '../../src/domains/exports/data-export.ts';
import { createDataExportsRepository } from '../../src/domains/exports/repository.ts';
import { buildShop, createOffer } from '../factories.ts';
import { listFiles, makeJpeg, makeLargeJpeg, makePng, multipartBody } from '../fixtures.ts';
import { bodyOf, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
let uploads: string;
useTestApp({ uploadsPrefix: 'qrib-shop-profile-' }, (made) => ({ testDb, app, uploads } = made));

let shops = 0;
/** An ACTIVE shop of its own name and spot. */
function shop(business: Record<string, string | number> = {}) {
  shops += 1;
  return buildShop(app, {
    business: { businessName: `Profile shop ${process.pid}-${shops}`, locationLatitude: 35.9 + shops * 0.01, locationLongitude: 14.4 + shops * 0.01, ...business },
  });
}

function patch(cookies: Record<string, string>, payload: unknown) {
  return app.inject({ method: 'PATCH', url: '/api/v1/vendors/me', cookies, payload: payload as Record<string, unknown> });
}

function putPhoto(cookies: Record<string, string>, kind: 'logo' | 'cover', files: { content: Buffer; filename?: string; contentType?: string }[]) {
  const body = multipartBody(
    {},
    files.map((file) => ({ field: 'photo', filename: file.filename ?? 'photo.jpg', contentType: file.contentType ?? 'image/jpeg', content: file.content })),
  );
  return app.inject({ method: 'PUT', url: `/api/v1/vendors/me/${kind}`, cookies, ...body });
}

async function changesOf(vendorId: number): Promise<VendorChange[]> {
  const admin = await signUp(app);
  await app.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
  return bodyOf(await app.inject({ method: 'GET', url: `/api/v1/admin/vendors/${vendorId}/changes`, cookies: admin.cookies }), vendorChangesResponseSchema).data;
}

async function storedRow(vendorId: number) {
  const [row] = await testDb.database.db.select().from(vendors).where(eq(vendors.id, vendorId));
  return row;
}

const storedPath = (url: string) => path.join(uploads, url.replace(/^\/uploads\//, ''));

describe('PATCH /vendors/me', () => {
  it('changes what it is sent, answers the business as GET /vendors/me does, and keeps who changed what', async () => {
    const owner = await shop();
    const before = await storedRow(owner.vendorId);
    const response = await patch(owner.cookies, {
      businessName: '  Il-Kafe ta’ Ġużé  ',
      contactPhone: '+356 2123 4567',
      website: 'https://kafe.example.mt/',
      offeringsDescription: 'Coffee, ftira and pastizzi',
      businessType: 'restaurant',
    });
    expect(response.statusCode, response.body).toBe(200);
    const vendor = bodyOf(response, vendorResponseSchema).data;
    expect(vendor).toMatchObject({
      businessName: 'Il-Kafe ta’ Ġużé',
      contactPhone: '+356 2123 4567',
      website: 'https://kafe.example.mt/',
      offeringsDescription: 'Coffee, ftira and pastizzi',
      businessType: 'RESTAURANT',
      businessAddress: before?.businessAddress,
      logoUrl: null,
      coverUrl: null,
    });
    expect(bodyOf(await app.inject({ method: 'GET', url: '/api/v1/vendors/me', cookies: owner.cookies }), vendorResponseSchema).data).toEqual(vendor);
    // Shoppers see the new name at once.
    const shopper = await signUp(app);
    const page = bodyOf(await app.inject({ method: 'GET', url: `/api/v1/vendors/${owner.vendorId}`, cookies: shopper.cookies }), shopResponseSchema).data;
    expect(page).toMatchObject({ businessName: 'Il-Kafe ta’ Ġużé', website: 'https://kafe.example.mt/', coverUrl: null });

    // One row per changed field; the business type was OTHER (the helper's), the rest unchanged fields make no row.
    const changes = await changesOf(owner.vendorId);
    expect(changes.map((change) => change.field).sort()).toEqual(['businessName', 'businessType', 'contactPhone', 'offeringsDescription', 'website']);
    expect(changes.find((change) => change.field === 'businessName')).toMatchObject({
      before: before?.businessName,
      after: 'Il-Kafe ta’ Ġużé',
      changedBy: { userId: owner.userId, username: owner.username },
    });
    expect(changes.find((change) => change.field === 'website')).toMatchObject({ before: null, after: 'https://kafe.example.mt/' });

    // The same values again change nothing and add no row; '' clears the website.
    expect((await patch(owner.cookies, { businessName: 'Il-Kafe ta’ Ġużé', contactPhone: '+356 2123 4567' })).statusCode).toBe(200);
    expect(await changesOf(owner.vendorId)).toHaveLength(5);
    expect(bodyOf(await patch(owner.cookies, { website: '' }), vendorResponseSchema).data.website).toBeNull();
    expect(await changesOf(owner.vendorId)).toHaveLength(6);
    // The owner's data export holds the changes they made.
    const data = await createDataExportsRepository(testDb.database.db).collectAccountData(owner.userId);
    const { json } = describeArchive(data as NonNullable<typeof data>, new Date());
    expect(json.businessChanges.map((change) => change.field).sort()).toEqual(['businessName', 'businessType', 'contactPhone', 'offeringsDescription', 'website', 'website']);
  });

  it('refuses bad input with the field named and the registration’s messages, writing nothing', async () => {
    const owner = await shop();
    const before = await storedRow(owner.vendorId);
    const cases: [unknown, string, keyof typeof MESSAGES | null][] = [
      [{ businessName: '' }, 'businessName', null],
      [{ businessName: 'x'.repeat(121) }, 'businessName', null],
      [{ businessName: 42 }, 'businessName', null],
      [{ businessType: 'CASINO' }, 'businessType', null],
      [{ contactPhone: 'call me' }, 'contactPhone', 'invalidPhone'],
      [{ contactEmail: 'not-an-address' }, 'contactEmail', 'vendorEmailInvalid'],
      [{ locationLatitude: 35.91 }, 'locationLongitude', 'coordinatesPairRequired'],
      [{ locationLongitude: 14.5 }, 'locationLatitude', 'coordinatesPairRequired'],
      [{ locationLatitude: 95, locationLongitude: 14.5 }, 'locationLatitude', 'coordinatesInvalid'],
      [{ website: 'javascript:alert(1)' }, 'website', 'websiteInvalid'],
      [{ website: 'kafe' }, 'website', 'websiteInvalid'],
      [{ website: `https://example.com/${'a'.repeat(200)}` }, 'website', 'websiteInvalid'],
      [{ businessName: 'Free \u202egnp.exe' }, 'businessName', null],
      [{ offeringsDescription: 'x'.repeat(2001) }, 'offeringsDescription', 'offeringsTooLong'],
    ];
    for (const [payload, field, code] of cases) {
      const response = await patch(owner.cookies, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json() as { code: string; message: string; fieldErrors: Record<string, string> };
      expect(Object.keys(body.fieldErrors), JSON.stringify(payload)).toContain(field);
      if (code) expect(body).toMatchObject({ code, message: MESSAGES[code] });
    }
    expect(await storedRow(owner.vendorId)).toEqual(before);
    expect(await changesOf(owner.vendorId)).toEqual([]);
  });

  it('refuses another ACTIVE shop’s exact name (409, case aside), allows a PENDING one’s, and nobody else may edit', async () => {
    const taken = await shop({ businessName: `Taken name ${process.pid}` });
    const owner = await shop();
    const refused = await patch(owner.cookies, { businessName: `  TAKEN NAME ${process.pid} ` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'businessNameTaken', message: MESSAGES.businessNameTaken, fieldErrors: { businessName: MESSAGES.businessNameTaken } });
    expect((await storedRow(owner.vendorId))?.businessName).not.toMatch(/taken/i);
    // Its own name, in another case, is its own to keep.
    expect((await patch(taken.cookies, { businessName: `taken name ${process.pid}` })).statusCode).toBe(200);
    await app.db.update(vendors).set({ status: 'PENDING' }).where(eq(vendors.id, taken.vendorId));
    expect((await patch(owner.cookies, { businessName: `Taken name ${process.pid}` })).statusCode).toBe(200);

    const shopper = await signUp(app);
    expect((await patch(shopper.cookies, { businessName: 'Mine now' })).json()).toMatchObject({ code: 'registerBusinessFirst' });
    expect((await app.inject({ method: 'PATCH', url: '/api/v1/vendors/me', payload: { businessName: 'Mine now' } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/v1/admin/vendors/${owner.vendorId}/changes`, cookies: owner.cookies })).statusCode).toBe(403);
  });

  it('a move carries the new position to its offers: the nearby list finds them there, not at the old place', async () => {
    const owner = await shop();
    const offerId = await createOffer(app, owner, { title: `Moving pastizzi ${process.pid}` });
    const home = await storedRow(owner.vendorId);
    const moved = await patch(owner.cookies, { locationLatitude: 36.0443, locationLongitude: 14.2512, businessAddress: 'Triq ir-Repubblika, Victoria, Gozo' });
    expect(moved.statusCode, moved.body).toBe(200);
    const [offer] = await testDb.database.db.select().from(offers).where(eq(offers.offerId, offerId));
    expect(offer).toMatchObject({ locationLatitude: 36.0443, locationLongitude: 14.2512 });
    const shopper = await signUp(app);
    const near = async (latitude: number, longitude: number) =>
      bodyOf(await app.inject({ method: 'GET', url: `/api/v1/offers/nearby-offers?latitude=${latitude}&longitude=${longitude}&radiusKm=1`, cookies: shopper.cookies }), nearbyResponseSchema)
        .data.flatMap((entry) => ('offers' in entry ? entry.offers.map((card) => card.offerId) : [entry.offerId]));
    expect(await near(36.0443, 14.2512)).toContain(offerId);
    expect(await near(Number(home?.locationLatitude), Number(home?.locationLongitude))).not.toContain(offerId);
    const changes = await changesOf(owner.vendorId);
    expect(changes.map((change) => change.field).sort()).toEqual(['businessAddress', 'locationLatitude', 'locationLongitude']);
  });

  it('a CLOSED business can no longer change its page (409 businessClosed)', async () => {
    const owner = await shop();
    await app.db.update(vendors).set({ status: 'CLOSED' }).where(eq(vendors.id, owner.vendorId));
    const refused = await patch(owner.cookies, { businessName: 'Back from the dead' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'businessClosed' });
    expect((await putPhoto(owner.cookies, 'logo', [{ content: await makeJpeg(40, 40) }])).statusCode).toBe(409);
    expect(listFiles(uploads).filter((file) => file.includes('logo'))).toEqual([]);
  });
});

describe('the logo and the cover photo', () => {
  it('are stored as webp without metadata, shown on the shop page and cards, replaced and removed with their old files gone', async () => {
    const owner = await shop();
    const offerId = await createOffer(app, owner, { title: `Logo test ${process.pid}` });
    const logo = await putPhoto(owner.cookies, 'logo', [{ content: await makeJpeg(900, 700, { gps: true, orientation: 6 }) }]);
    expect(logo.statusCode, logo.body).toBe(200);
    const firstLogo = bodyOf(logo, vendorResponseSchema).data.logoUrl;
    expect(firstLogo).toMatch(/^\/uploads\/public\/logos\/[0-9a-f]{64}-logo\.webp$/);
    const stored = await sharp(storedPath(String(firstLogo))).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(stored.exif).toBeUndefined();
    const served = await app.inject({ method: 'GET', url: String(firstLogo) });
    expect(served.statusCode).toBe(200);

    const cover = bodyOf(await putPhoto(owner.cookies, 'cover', [{ content: await makePng(2400, 1200), filename: 'cover.png', contentType: 'image/png' }]), vendorResponseSchema).data;
    expect(cover.coverUrl).toMatch(/^\/uploads\/public\/covers\/[0-9a-f]{64}-cover\.webp$/);
    expect(await sharp(storedPath(String(cover.coverUrl))).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 600 });

    const shopper = await signUp(app);
    expect(bodyOf(await app.inject({ method: 'GET', url: `/api/v1/vendors/${owner.vendorId}`, cookies: shopper.cookies }), shopResponseSchema).data).toMatchObject({
      logoUrl: firstLogo,
      coverUrl: cover.coverUrl,
    });
    const offerAnswer = (await app.inject({ method: 'GET', url: `/api/v1/offers/${offerId}`, cookies: shopper.cookies })).json() as { data: { vendor: { logoUrl: string } } };
    expect(offerAnswer.data.vendor.logoUrl).toBe(firstLogo);

    // A new logo replaces the old one, whose file goes (nothing else uses it); removing leaves no file behind.
    const second = bodyOf(await putPhoto(owner.cookies, 'logo', [{ content: await makePng(300, 300), filename: 'logo.png', contentType: 'image/png' }]), vendorResponseSchema).data.logoUrl;
    expect(second).not.toBe(firstLogo);
    expect(existsSync(storedPath(String(firstLogo)))).toBe(false);
    expect(existsSync(storedPath(String(second)))).toBe(true);
    const removed = await app.inject({ method: 'DELETE', url: '/api/v1/vendors/me/logo', cookies: owner.cookies });
    expect(bodyOf(removed, vendorResponseSchema).data.logoUrl).toBeNull();
    expect(existsSync(storedPath(String(second)))).toBe(false);
    expect(bodyOf(await app.inject({ method: 'DELETE', url: '/api/v1/vendors/me/cover', cookies: owner.cookies }), vendorResponseSchema).data.coverUrl).toBeNull();
    expect(listFiles(uploads).filter((file) => /logos|covers/.test(file))).toEqual([]);

    const changes = await changesOf(owner.vendorId);
    expect(changes.map((change) => change.field)).toEqual(['cover', 'logo', 'logo', 'cover', 'logo']);
    expect(changes[1]).toMatchObject({ field: 'logo', before: expect.stringContaining('-logo.webp'), after: null });
  });

  it('refuses what is not a photo, an oversize file, no photo and two photos, storing nothing', async () => {
    const owner = await shop();
    const text = await putPhoto(owner.cookies, 'logo', [{ content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'logo.png', contentType: 'image/png' }]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'shopPhotoWrongType', message: MESSAGES.shopPhotoWrongType });
    const oversize = await makeLargeJpeg(12 * 1024 * 1024);
    expect(oversize.length).toBeGreaterThan(MAX_OFFER_IMAGE_BYTES);
    const large = await putPhoto(owner.cookies, 'cover', [{ content: oversize }]);
    expect(large.statusCode).toBe(413);
    expect(large.json()).toMatchObject({ code: 'imageTooLarge' });
    const none = await putPhoto(owner.cookies, 'logo', []);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'shopPhotoRequired', fieldErrors: { photo: MESSAGES.shopPhotoRequired } });
    const two = await putPhoto(owner.cookies, 'logo', [{ content: await makeJpeg(40, 40) }, { content: await makeJpeg(50, 50) }]);
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ code: 'shopPhotoOnlyOne' });
    // A truncated JPEG passes the first bytes' check but not the decoding.
    const whole = await makeJpeg(400, 300);
    const truncated = await putPhoto(owner.cookies, 'logo', [{ content: whole.subarray(0, Math.floor(whole.length / 2)) }]);
    expect(truncated.statusCode).toBe(415);
    expect(listFiles(uploads).filter((file) => /logos|covers/.test(file))).toEqual([]);
    expect(await testDb.database.db.select().from(vendorChanges).where(eq(vendorChanges.vendorId, owner.vendorId))).toEqual([]);
    expect((await storedRow(owner.vendorId))?.logoKey).toBeNull();
  });
});

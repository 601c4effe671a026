/** Bad input at the edges: rollbacks, integer overflow, broken multipart, NUL characters, per-account limits. */
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { offerImages, offers } from '../../src/db/schema.ts';
import { listFiles, makeJpeg, multipartBody } from '../fixtures.ts';
import { buildOffer, buildShop } from '../factories.ts';
import { signUp, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
let uploads: string;

useTestApp({ uploadsPrefix: 'qrib-hardening-' }, (made) => ({ testDb, app, uploads } = made));

async function countRows() {
  const [offerRows] = await testDb.database.db.select({ total: count() }).from(offers);
  const [imageRows] = await testDb.database.db.select({ total: count() }).from(offerImages);
  return { offers: offerRows?.total, images: imageRows?.total };
}

describe('a request that fails after writing files', () => {
  it('removes the files it created and keeps one another offer already uses', async () => {
    const shop = await buildShop(app);
    const shared = await makeJpeg(90, 60);
    const first = await app.inject({
      method: 'POST',
      url: '/api/v1/offers/',
      ...multipartBody(buildOffer(), [{ field: 'offerImages', filename: 'shared.jpg', contentType: 'image/jpeg', content: shared }]),
      cookies: shop.cookies,
    });
    expect(first.statusCode).toBe(201);
    const filesBefore = listFiles(uploads);
    const rowsBefore = await countRows();

    // The database write fails after both photos were stored.
    app.offers.create = async () => {
      throw new Error('database went away');
    };
    const failed = await app.inject({
      method: 'POST',
      url: '/api/v1/offers/',
      ...multipartBody(buildOffer(), [
        { field: 'offerImages', filename: 'shared.jpg', contentType: 'image/jpeg', content: shared },
        { field: 'offerImages', filename: 'new.jpg', contentType: 'image/jpeg', content: await makeJpeg(70, 50) },
      ]),
      cookies: shop.cookies,
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({ statusCode: 500, error: 'Internal Server Error', message: MESSAGES.internalError, code: 'internalError', params: {} });
    expect(listFiles(uploads)).toEqual(filesBefore);
    expect(await countRows()).toEqual(rowsBefore);
    const image = await app.inject({ method: 'GET', url: first.json().data.images[0].cardUrl });
    expect(image.statusCode).toBe(200);
  });
});

describe('numbers and text the database could not hold', () => {
  it('refuses ids and counts past the integer range with 400, not 500', async () => {
    const shop = await buildShop(app);
    const tooBig = '3000000000';
    expect((await app.inject({ method: 'GET', url: `/api/v1/offers/${tooBig}`, cookies: shop.cookies })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: `/api/v1/offers/${tooBig}/pause`, cookies: shop.cookies })).statusCode).toBe(400);
    const send = (fields: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/v1/offers/', ...multipartBody(buildOffer(fields)), cookies: shop.cookies });
    const category = await send({ categoryId: tooBig });
    expect(category.statusCode).toBe(400);
    expect(category.json().message).toBe(MESSAGES.categoryUnknown);
    const maximum = await send({ redemptionLimit: 'LIMITED', maxRedemptions: tooBig });
    expect(maximum.json().message).toBe(MESSAGES.maxRedemptionsInvalid);
    const document = await app.inject({ method: 'GET', url: `/api/v1/vendors/me/documents/${tooBig}`, cookies: shop.cookies });
    expect(document.statusCode).toBe(400);
  });

  it('refuses a discount under one cent, and ignores the maximum of an unlimited offer', async () => {
    const shop = await buildShop(app);
    const send = (fields: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/v1/offers/', ...multipartBody(buildOffer(fields)), cookies: shop.cookies });
    const tiny = await send({ discountType: 'FIXED', discountValue: '0.001' });
    expect(tiny.statusCode).toBe(400);
    expect(tiny.json().message).toBe(MESSAGES.discountValueInvalid);
    const unlimited = await send({ redemptionLimit: 'UNLIMITED', maxRedemptions: '0' });
    expect(unlimited.statusCode).toBe(201);
    expect(unlimited.json().data.maxRedemptions).toBeNull();
  });

  it('refuses NUL characters in JSON and multipart text with 400', async () => {
    const shop = await buildShop(app);
    const json = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { name: 'Nul', email: 'nul\u0000@example.com', phone: '+356 2100 0000', username: 'nulname', password: 'secret123' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(MESSAGES.nulCharacter);
    const multipart = await app.inject({
      method: 'POST',
      url: '/api/v1/offers/',
      ...multipartBody(buildOffer({ title: 'Bad\u0000title' })),
      cookies: shop.cookies,
    });
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json().message).toBe(MESSAGES.nulCharacter);
  });
});

describe('broken uploads', () => {
  it('answers a cut-off multipart body with 400', async () => {
    const shop = await buildShop(app);
    const { payload, headers } = multipartBody(buildOffer(), [
      { field: 'offerImages', filename: 'a.jpg', contentType: 'image/jpeg', content: await makeJpeg() },
    ]);
    const cut = await app.inject({ method: 'POST', url: '/api/v1/offers/', payload: payload.subarray(0, payload.length - 60), headers, cookies: shop.cookies });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().message).toBe(MESSAGES.multipartInvalid);
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/api/v1/offers/',
      payload,
      headers: { 'content-type': 'multipart/form-data' },
      cookies: shop.cookies,
    });
    expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
    expect(noBoundary.statusCode).toBeLessThan(500);
  });

  it('refuses a document whose JPEG header is followed by garbage', async () => {
    const account = await signUp(app);
    const jpeg = await makeJpeg(64, 64);
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(jpeg.length, 0x41)]);
    const body = multipartBody(
      {
        businessName: 'Broken Docs',
        businessType: 'OTHER',
        businessAddress: 'Valletta',
        locationLatitude: 35.9,
        locationLongitude: 14.5,
        primaryContactName: 'Owner',
        contactEmail: account.email,
        contactPhone: account.phone,
      },
      [{ field: 'documents', filename: 'scan.jpg', contentType: 'image/jpeg', content: broken }],
    );
    const response = await app.inject({ method: 'POST', url: '/api/v1/vendors/', ...body, cookies: account.cookies });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(MESSAGES.filesWrongType);
    expect(listFiles(uploads)).toEqual([]);
  });
});

describe('no session and too many attempts', () => {
  it('answers 401 on every vendor and offer call without a session', async () => {
    for (const [method, url] of [
      ['PATCH', '/api/v1/offers/1'],
      ['POST', '/api/v1/offers/1/pause'],
      ['POST', '/api/v1/offers/1/resume'],
      ['GET', '/api/v1/vendors/me'],
      ['GET', '/api/v1/vendors/me/offers'],
      ['GET', '/api/v1/vendors/me/documents/1'],
      ['GET', '/api/v1/geo/reverse?latitude=35.9&longitude=14.5'],
    ] as const) {
      const response = await app.inject({ method, url, payload: method === 'PATCH' ? buildOffer() : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('limits reverse geocoding per account with a 429 that says when to try again', async () => {
    const account = await signUp(app);
    const call = () => app.inject({ method: 'GET', url: '/api/v1/geo/reverse?latitude=35.9&longitude=14.5', cookies: account.cookies });
    for (let attempt = 0; attempt < 30; attempt += 1) expect((await call()).statusCode).toBe(200);
    const blocked = await call();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(formatMessage(MESSAGES.tooManyRequests, { minutes: 1 }));
    const other = await signUp(app);
    const fresh = await app.inject({ method: 'GET', url: '/api/v1/geo/reverse?latitude=35.9&longitude=14.5', cookies: other.cookies });
    expect(fresh.statusCode).toBe(200);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LABELS, MESSAGES, PERMISSIONS, formatMessage } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { vendorDocuments, vendors } from '../../src/db/schema.ts';
import { listFiles, makeJpeg, makePng, makePngClaiming, multipartBody, type FilePart } from '../fixtures.ts';
import { createTestApp, signUp, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
let uploads: string;

useTestApp({ uploadsPrefix: 'qrib-vendor-uploads-' }, (made) => ({ testDb, app, uploads } = made));

function registrationFields(overrides: Record<string, string | undefined> = {}) {
  return {
    businessName: 'Ta’ Marija Bakery',
    businessType: 'Restaurant',
    businessAddress: 'Triq il-Kbira 12, Mosta',
    locationLatitude: '35.9097',
    locationLongitude: '14.4256',
    primaryContactName: 'Marija Vella',
    contactEmail: 'marija@example.com',
    contactPhone: '+356 2141 0000',
    offeringsDescription: 'Bread, ftira and pastizzi',
    ...overrides,
  };
}

async function documentPart(name = 'licence.png'): Promise<FilePart> {
  return { field: 'documents', filename: name, contentType: 'image/png', content: await makePng() };
}

function register(cookies: Record<string, string>, fields: Record<string, string | undefined>, files: FilePart[]) {
  const { payload, headers } = multipartBody(fields, files);
  return app.inject({ method: 'POST', url: '/api/v1/vendors/', payload, headers, cookies });
}

async function counts() {
  const db = testDb.database.db;
  const [vendorRows] = await db.select({ total: count() }).from(vendors);
  const [documentRows] = await db.select({ total: count() }).from(vendorDocuments);
  return { vendors: vendorRows?.total, documents: documentRows?.total, files: listFiles(uploads).length };
}

describe('POST /api/v1/vendors/', () => {
  it('registers the business with its documents, privately stored, and `me` carries it', async () => {
    const owner = await signUp(app);
    const photo = await makeJpeg(80, 60);
    const response = await register(owner.cookies, registrationFields(), [
      await documentPart(),
      { field: 'documents', filename: 'certificate.jpeg', contentType: 'image/jpeg', content: photo },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      businessName: 'Ta’ Marija Bakery',
      businessType: 'RESTAURANT',
      locationLatitude: 35.9097,
      locationLongitude: 14.4256,
      offeringsDescription: 'Bread, ftira and pastizzi',
      // Waiting for an admin's check (issue 14).
      status: 'PENDING',
      statusReason: null,
      statusChangedAt: expect.any(String),
    });
    expect(data.documents).toHaveLength(2);
    expect(listFiles(uploads).every((file) => file.startsWith('private/documents/'))).toBe(true);
    expect(listFiles(uploads)).toHaveLength(2);

    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: owner.cookies });
    // Issue 28 §4: the owner is the business's OWNER member, with every permission of the shared map.
    expect(me.json().user.vendor).toEqual({ vendorId: data.vendorId, businessName: 'Ta’ Marija Bakery', role: 'OWNER', permissions: [...PERMISSIONS] });
    const mine = await app.inject({ method: 'GET', url: '/api/v1/vendors/me', cookies: owner.cookies });
    expect(mine.json().data.vendorId).toBe(data.vendorId);

    // The owner can fetch the private document; nobody else can, and it is never under /uploads.
    const documentUrl = data.documents[1].url as string;
    const own = await app.inject({ method: 'GET', url: documentUrl, cookies: owner.cookies });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('private, no-store');
    // What is stored is the photo encoded again (see stored-files.test.ts), of the same size.
    expect(await sharp(own.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 80, height: 60 });
    const stranger = await signUp(app);
    expect((await app.inject({ method: 'GET', url: documentUrl, cookies: stranger.cookies })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: documentUrl })).statusCode).toBe(401);
    const otherOwner = await signUp(app);
    await register(otherOwner.cookies, registrationFields(), [await documentPart()]);
    const foreign = await app.inject({ method: 'GET', url: documentUrl, cookies: otherOwner.cookies });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MESSAGES.documentNotFound);
    const [privateKey] = listFiles(uploads);
    expect((await app.inject({ method: 'GET', url: `/uploads/${privateKey}` })).statusCode).toBe(404);
  });

  it('allows one business per account (409) and keeps no second row or file', async () => {
    const owner = await signUp(app);
    expect((await register(owner.cookies, registrationFields(), [await documentPart()])).statusCode).toBe(201);
    const before = await counts();
    const second = await register(owner.cookies, registrationFields({ businessName: 'Another' }), [await documentPart('other.png')]);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ message: MESSAGES.businessAlreadyRegistered, errorMessage: MESSAGES.businessAlreadyRegistered });
    expect(await counts()).toEqual(before);
  });

  const required = ['businessName', 'businessType', 'businessAddress', 'primaryContactName', 'contactEmail', 'contactPhone'] as const;
  it.each(required)('refuses a missing %s with "{label} is required" and errorMessage', async (field) => {
    const owner = await signUp(app);
    const before = await counts();
    const response = await register(owner.cookies, registrationFields({ [field]: '' }), [await documentPart()]);
    const params = { field, label: FIELD_LABELS[field] };
    const message = formatMessage(MESSAGES.requiredField, params);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message,
      code: 'requiredField',
      params,
      errorMessage: message,
      fieldErrors: { [field]: message },
      fieldErrorCodes: { [field]: { code: 'requiredField', params } },
    });
    expect(await counts()).toEqual(before);
  });

  it.each([
    ['an invalid email', { contactEmail: 'marija@' }, MESSAGES.vendorEmailInvalid],
    ['no coordinates', { locationLatitude: '', locationLongitude: undefined }, MESSAGES.coordinatesMissing],
    ['coordinates off the globe', { locationLatitude: '95' }, MESSAGES.coordinatesInvalid],
    ['an unknown business type', { businessType: 'Casino' }, formatMessage(MESSAGES.requiredField, { label: 'Business Type' })],
    ['offerings over 500 characters', { offeringsDescription: 'x'.repeat(501) }, MESSAGES.offeringsTooLong],
  ])('refuses %s with the spec message', async (_case, change, message) => {
    const owner = await signUp(app);
    const before = await counts();
    const response = await register(owner.cookies, registrationFields(change), [await documentPart()]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('requires at least one document', async () => {
    const owner = await signUp(app);
    const response = await register(owner.cookies, registrationFields(), []);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Documents is required');
    expect(response.json().fieldErrors).toEqual({ documents: 'Documents is required' });
  });

  it.each([
    ['a 6 MB document', async () => ({ field: 'documents', filename: 'big.png', contentType: 'image/png', content: Buffer.alloc(6 * 1024 * 1024, 1) }), 413, MESSAGES.filesTooLarge],
    ['a .png that is really text', async () => ({ field: 'documents', filename: 'licence.png', contentType: 'image/png', content: Buffer.from('I am not a picture at all') }), 415, MESSAGES.filesWrongType],
    ['a PDF named .jpg', async () => ({ field: 'documents', filename: 'scan.jpg', contentType: 'image/jpeg', content: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n') }), 415, MESSAGES.filesWrongType],
    ['a 20000×20000 PNG', async () => ({ field: 'documents', filename: 'huge.png', contentType: 'image/png', content: await makePngClaiming(20000, 20000) }), 413, MESSAGES.imageTooManyPixels],
  ])('refuses %s and stores nothing', async (_case, makeFile, status, message) => {
    const owner = await signUp(app);
    const before = await counts();
    const response = await register(owner.cookies, registrationFields(), [await documentPart('good.png'), await makeFile()]);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ message, errorMessage: message });
    expect(await counts()).toEqual(before);
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: owner.cookies });
    expect(me.json().user.vendor).toBeNull();
  });

  it('answers 401 without a session and 415 for a JSON body', async () => {
    const anonymous = await app.inject({ method: 'POST', url: '/api/v1/vendors/', ...multipartBody(registrationFields(), [await documentPart()]) });
    expect(anonymous.statusCode).toBe(401);
    const owner = await signUp(app);
    const json = await app.inject({ method: 'POST', url: '/api/v1/vendors/', payload: registrationFields(), cookies: owner.cookies });
    expect(json.statusCode).toBe(415);
  });

  it('answers 403 "Register your business first" on vendor screens for an account without one', async () => {
    const shopper = await signUp(app);
    for (const url of ['/api/v1/vendors/me', '/api/v1/vendors/me/offers']) {
      const response = await app.inject({ method: 'GET', url, cookies: shopper.cookies });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toBe(MESSAGES.registerBusinessFirst);
    }
  });
});

describe('GET /api/v1/geo/reverse', () => {
  let geocoder: Server;
  let geocoderUrl: string;
  let answer: { status: number; body: unknown };
  const seen: string[] = [];

  beforeAll(async () => {
    // The outside geocoding service is the one thing mocked: a local Nominatim look-alike.
    geocoder = createServer((request, response) => {
      seen.push(request.url ?? '');
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => geocoder.listen(0, '127.0.0.1', resolve));
    geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => geocoder.close(() => resolve())));

  async function reverse(latitude: number, longitude: number, withGeocoder: boolean) {
    const local = await createTestApp(testDb.database, { geocoderUrl: withGeocoder ? geocoderUrl : undefined });
    try {
      const user = await signUp(local);
      return await local.inject({ method: 'GET', url: `/api/v1/geo/reverse?latitude=${latitude}&longitude=${longitude}`, cookies: user.cookies });
    } finally {
      await local.close();
    }
  }

  it('uses the configured geocoder’s display_name', async () => {
    answer = { status: 200, body: { display_name: 'Triq il-Merkanti, Il-Belt Valletta, Malta' } };
    const response = await reverse(35.8989, 14.5146, true);
    expect(response.json()).toEqual({ displayName: 'Triq il-Merkanti, Il-Belt Valletta, Malta', source: 'geocoder' });
    expect(seen.at(-1)).toMatch(/^\/reverse\?format=jsonv2&lat=35.8989&lon=14.5146$/);
  });

  it('falls back to the nearest Maltese locality when the geocoder fails or is not set', async () => {
    answer = { status: 503, body: {} };
    expect((await reverse(35.9125, 14.502, true)).json()).toEqual({ displayName: 'Sliema, Malta', source: 'offline' });
    expect((await reverse(36.044, 14.24, false)).json()).toEqual({ displayName: 'Victoria, Gozo, Malta', source: 'offline' });
  });

  it('falls back to the coordinates far from any Maltese locality, and validates them', async () => {
    expect((await reverse(48.8566, 2.3522, false)).json()).toEqual({ displayName: '48.856600, 2.352200', source: 'coordinates' });
    const bad = await reverse(91, 14, false);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MESSAGES.coordinatesInvalid);
  });
});

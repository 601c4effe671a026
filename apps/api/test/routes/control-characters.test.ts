/** Tabs, line breaks and other control characters in free text (issue 10): refused with the field named. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, MESSAGES, formatMessage } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { offers } from '../../src/db/schema.ts';
import { makePng, multipartBody } from '../fixtures.ts';
import { buildOffer, buildShop } from '../factories.ts';
import { signUp, signupBody, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({}, (made) => ({ testDb, app } = made));

const oneLine = (field: keyof typeof FIELD_LABELS) => formatMessage(MESSAGES.controlCharacters, { label: FIELD_LABELS[field] });
const lineBreaksOnly = (field: keyof typeof FIELD_LABELS) => formatMessage(MESSAGES.controlCharactersMultiline, { label: FIELD_LABELS[field] });

describe('control characters', () => {
  it.each([
    ['name', 'Maria\tBorg'],
    ['name', 'Maria\u0000Borg'],
    ['name', 'Maria\u001b[31mBorg'],
    ['phone', '+356\n7912 3456'],
    ['phone', '+356\r7912 3456'],
    ['phone', '+356\t7912 3456'],
    ['email', 'maria\u0007@example.com'],
  ] as const)('refuses a sign-up whose %s is %j with 400 naming the field', async (field, value) => {
    const response = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody({ [field]: value }) });
    expect(response.statusCode).toBe(400);
    // NUL is refused before any field is read (PostgreSQL text cannot hold it).
    const message = value.includes('\u0000') ? MESSAGES.nulCharacter : oneLine(field);
    expect(response.json().message).toBe(message);
    if (!value.includes('\u0000')) expect(response.json().fieldErrors).toEqual({ [field]: message });
  });

  it('refuses them in PATCH /me and keeps the name as it was', async () => {
    const account = await signUp(app, { name: 'Maria Borg' });
    for (const [field, value] of [['name', 'Maria\nBorg'], ['phone', '+356 7912\t3456']] as const) {
      const response = await app.inject({ method: 'PATCH', url: '/api/v1/me', payload: { [field]: value }, cookies: account.cookies });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toEqual({ [field]: oneLine(field) });
    }
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: account.cookies });
    expect(me.json().user).toMatchObject({ name: 'Maria Borg', phone: account.phone });
  });

  it('refuses them in every single-line field of a business registration', async () => {
    const account = await signUp(app);
    const fields = {
      businessName: 'Kafe\tValletta',
      businessAddress: 'Triq il-Merkanti\n12',
      primaryContactName: 'Ann\r\nBorg',
      contactEmail: 'shop\u000b@example.com',
      contactPhone: '+356\t2100 0000',
    } as const;
    const body = multipartBody(
      { businessType: 'OTHER', locationLatitude: 35.9, locationLongitude: 14.5, ...fields },
      [{ field: 'documents', filename: 'licence.png', contentType: 'image/png', content: await makePng(8, 8) }],
    );
    const response = await app.inject({ method: 'POST', url: '/api/v1/vendors/', ...body, cookies: account.cookies });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(Object.fromEntries(Object.keys(fields).map((field) => [field, oneLine(field as keyof typeof fields)])));
  });

  it('lets multi-line text keep its line breaks (CR LF read as LF) and refuses other control characters in it', async () => {
    const account = await buildShop(app, { business: { offeringsDescription: 'Bread\r\nCakes' } });
    const vendor = await app.inject({ method: 'GET', url: '/api/v1/vendors/me', cookies: account.cookies });
    expect(vendor.json().data.offeringsDescription).toBe('Bread\nCakes');

    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/offers/',
      ...multipartBody(buildOffer({ description: 'Line one\r\nLine two', termsAndConditions: 'One each\nWhile stocks last' })),
      cookies: account.cookies,
    });
    expect(created.statusCode).toBe(201);
    const offerId = created.json().data.offerId as number;
    const [stored] = await testDb.database.db.select().from(offers).where(eq(offers.offerId, offerId));
    expect(stored).toMatchObject({ description: 'Line one\nLine two', termsAndConditions: 'One each\nWhile stocks last' });

    for (const [field, value, message] of [
      ['title', 'Two\nfor one', oneLine('title')],
      ['description', 'Tab\there', lineBreaksOnly('description')],
      ['termsAndConditions', 'Bell\u0007', lineBreaksOnly('termsAndConditions')],
    ] as const) {
      const refused = await app.inject({ method: 'POST', url: '/api/v1/offers/', ...multipartBody(buildOffer({ [field]: value })), cookies: account.cookies });
      expect(refused.statusCode, field).toBe(400);
      expect(refused.json().fieldErrors, field).toEqual({ [field]: message });
      const edited = await app.inject({ method: 'PATCH', url: `/api/v1/offers/${offerId}`, payload: buildOffer({ [field]: value }), cookies: account.cookies });
      expect(edited.statusCode, field).toBe(400);
      expect(edited.json().fieldErrors, field).toEqual({ [field]: message });
    }
  });
});

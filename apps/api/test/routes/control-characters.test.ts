/**
 * Tabs, line breaks and other control characters in free text (issue 10), and characters a reader cannot see, that turn
 * the text around or pile up on one letter (issue 25): refused with the field named; real text in every language kept.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, LANGUAGES, MESSAGES, formatMessage, offerResponseSchema } from '@qrib/shared';
import { MAX_STACKED_MARKS } from '@qrib/shared/text-rules';
import { EMOJI_TEXTS, WRITTEN_IN } from '@qrib/shared/testing/multilingual-text';
import type { App } from '../../src/app.ts';
import { offers } from '../../src/db/schema.ts';
import { makePng, multipartBody } from '../fixtures.ts';
import { buildOffer, buildShop, createOffer } from '../factories.ts';
import { bodyOf, signUp, signupBody, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({}, (made) => ({ testDb, app } = made));

const oneLine = (field: keyof typeof FIELD_LABELS) => formatMessage(MESSAGES.controlCharacters, { label: FIELD_LABELS[field] });
const lineBreaksOnly = (field: keyof typeof FIELD_LABELS) => formatMessage(MESSAGES.controlCharactersMultiline, { label: FIELD_LABELS[field] });
const invisible = (field: keyof typeof FIELD_LABELS) => formatMessage(MESSAGES.invisibleCharacters, { label: FIELD_LABELS[field] });
const stackedMarks = (field: keyof typeof FIELD_LABELS) => formatMessage(MESSAGES.tooManyStackedMarks, { label: FIELD_LABELS[field], max: MAX_STACKED_MARKS });

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
    const offerId = bodyOf(created, offerResponseSchema).data.offerId;
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

describe('text that shows what it says (issue 25)', () => {
  it.each([
    ['an offer title that reads “Free exe.png” (U+202E turns it around)', 'Free \u202egnp.exe', invisible('title')],
    ['a zero-width joiner between two Latin letters', 'Free\u200dcoffee', invisible('title')],
    ['a line separator (U+2028)', 'Two\u2028for one', oneLine('title')],
    ['a next-line control (U+0085)', 'Two\u0085for one', oneLine('title')],
    ['50 accents stacked on one letter', `Free${'\u0301'.repeat(50)} coffee`, stackedMarks('title')],
  ])('refuses %s with 400 naming the title, on create and on edit', async (_case, title, message) => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const created = await app.inject({ method: 'POST', url: '/api/v1/offers/', ...multipartBody(buildOffer({ title })), cookies: shop.cookies });
    expect(created.statusCode).toBe(400);
    expect(created.json().fieldErrors).toEqual({ title: message });
    const edited = await app.inject({ method: 'PATCH', url: `/api/v1/offers/${offerId}`, payload: buildOffer({ title }), cookies: shop.cookies });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().fieldErrors).toEqual({ title: message });
  });

  it('refuses a business name of two Hangul fillers (it looks blank) and invisible characters in the other fields', async () => {
    const account = await signUp(app);
    const fields = {
      businessName: '\u3164\u3164',
      businessAddress: 'Triq il-Merkanti\u200b 12, Valletta',
      primaryContactName: 'Ann \u2067Borg\u2069',
      contactPhone: '+356 2100\u00a0\u200e0000',
    } as const;
    const body = multipartBody(
      { businessType: 'OTHER', locationLatitude: 35.9, locationLongitude: 14.5, contactEmail: 'shop@example.com', ...fields },
      [{ field: 'documents', filename: 'licence.png', contentType: 'image/png', content: await makePng(8, 8) }],
    );
    const response = await app.inject({ method: 'POST', url: '/api/v1/vendors/', ...body, cookies: account.cookies });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual(Object.fromEntries(Object.keys(fields).map((field) => [field, invisible(field as keyof typeof fields)])));
  });

  it('refuses a sign-up name of two Hangul fillers, and one with a right-to-left override in PATCH /me', async () => {
    const signup = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody({ name: '\u3164\u3164' }) });
    expect(signup.statusCode).toBe(400);
    expect(signup.json().fieldErrors).toEqual({ name: invisible('name') });
    const account = await signUp(app);
    const patched = await app.inject({ method: 'PATCH', url: '/api/v1/me', payload: { name: 'Maria \u202eBorg' }, cookies: account.cookies });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fieldErrors).toEqual({ name: invisible('name') });
  });

  it('keeps line breaks in a description but refuses a bidirectional control in it', async () => {
    const shop = await buildShop(app);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/v1/offers/',
      ...multipartBody(buildOffer({ description: 'Line one\nLine \u2066two\u2069' })),
      cookies: shop.cookies,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ description: invisible('description') });
  });

  it.each(LANGUAGES.map((language) => language.code))('keeps a shop, its owner’s name and an offer written in %s as they were typed', async (code) => {
    const { shop: businessName, title, person } = WRITTEN_IN[code];
    const shop = await buildShop(app, { account: { name: person }, business: { businessName, primaryContactName: person } });
    const vendor = await app.inject({ method: 'GET', url: '/api/v1/vendors/me', cookies: shop.cookies });
    expect(vendor.json().data).toMatchObject({ businessName, primaryContactName: person });
    const offerId = await createOffer(app, shop, { title });
    const [stored] = await testDb.database.db.select().from(offers).where(eq(offers.offerId, offerId));
    expect(stored?.title).toBe(title);
  });

  it('keeps emoji with their joiners, skin tones and flags in offer titles', async () => {
    const shop = await buildShop(app, { business: { businessName: '👩‍🍳 Il-Kċina 🇲🇹' } });
    for (const title of EMOJI_TEXTS) {
      const offerId = await createOffer(app, shop, { title });
      const [stored] = await testDb.database.db.select().from(offers).where(eq(offers.offerId, offerId));
      expect(stored?.title).toBe(title);
    }
  });
});

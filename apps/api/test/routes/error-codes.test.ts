/**
 * Every error answer carries a stable `code` (a key of MESSAGES) and its `params`, with the English message made
 * from them; validation answers name each field's code in `fieldErrorCodes`; Fastify's own errors get Qrib codes.
 */
import { describe, expect, it } from 'vitest';
import { FIELD_LABELS, MESSAGES, apiErrorSchema, formatMessage } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { createTestApp, signUp, signupBody, useTestApp, type TestDatabase } from '../helpers.ts';
import { makePng, multipartBody } from '../fixtures.ts';

let testDb: TestDatabase;
let app: App;
useTestApp({}, (made) => ({ testDb, app } = made));

/** The answer in the one error shape, its message made from its code. */
function errorOf(response: { json(): unknown }) {
  const body = apiErrorSchema.parse(response.json());
  expect(body.message).toBe(formatMessage(MESSAGES[body.code], body.params));
  expect(JSON.stringify(body)).not.toContain('FST_');
  return body;
}

describe('error codes', () => {
  it('answers a missing offer with its code and no params', async () => {
    const shopper = await signUp(app);
    const response = await app.inject({ method: 'GET', url: '/api/v1/offers/999999', cookies: shopper.cookies });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toMatchObject({ code: 'offerNotFound', params: {}, message: MESSAGES.offerNotFound });
  });

  it('names each refused field with its code and params, field label included', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: signupBody({ email: 'not-an-address', name: 'Maria\tBorg' }),
    });
    expect(response.statusCode).toBe(400);
    const body = errorOf(response);
    expect(body.fieldErrorCodes).toEqual({
      name: { code: 'controlCharacters', params: { field: 'name', label: FIELD_LABELS.name } },
      email: { code: 'invalidEmail', params: {} },
    });
    expect(body.fieldErrors).toEqual({
      name: formatMessage(MESSAGES.controlCharacters, { label: FIELD_LABELS.name }),
      email: MESSAGES.invalidEmail,
    });
    expect([body.code, body.message]).toEqual(['controlCharacters', body.fieldErrors?.name]);
  });

  it('gives multipart validation the same codes (a required field names its label)', async () => {
    const owner = await signUp(app);
    const form = multipartBody(
      { businessName: '', businessType: 'OTHER', businessAddress: 'Triq il-Kbira', primaryContactName: 'Owner', contactEmail: owner.email, contactPhone: owner.phone },
      [{ field: 'documents', filename: 'licence.png', contentType: 'image/png', content: await makePng(8, 8) }],
    );
    const response = await app.inject({ method: 'POST', url: '/api/v1/vendors/', ...form, cookies: owner.cookies });
    expect(response.statusCode).toBe(400);
    const body = errorOf(response);
    expect(body.fieldErrorCodes?.businessName).toEqual({
      code: 'requiredField',
      params: { field: 'businessName', label: FIELD_LABELS.businessName },
    });
    expect(body.fieldErrors?.businessName).toBe('Business Name is required');
  });

  it('maps Fastify’s own errors to Qrib codes: unknown route, invalid JSON, wrong type, too large', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toMatchObject({ code: 'routeNotFound', params: { method: 'GET', url: '/api/v1/nothing-here' } });

    const post = (payload: string, contentType: string) =>
      app.inject({ method: 'POST', url: '/api/v1/auth/login', payload, headers: { 'content-type': contentType } });
    const invalidJson = await post('{"username": ', 'application/json');
    expect(invalidJson.statusCode).toBe(400);
    expect(errorOf(invalidJson)).toMatchObject({ code: 'invalidJson', params: {} });

    const wrongType = await post('<login/>', 'application/xml');
    expect(wrongType.statusCode).toBe(415);
    expect(errorOf(wrongType)).toMatchObject({ code: 'unsupportedMediaType', params: { contentType: 'application/xml' } });

    const tooLarge = await post(JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }), 'application/json');
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge)).toMatchObject({ code: 'bodyTooLarge', params: {} });
  });

  it('answers 429 with the minutes as a param', async () => {
    const limited = await createTestApp(testDb.database, { signupsPerHour: 1 });
    try {
      const send = () => limited.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: signupBody(), remoteAddress: '10.7.7.7' });
      expect((await send()).statusCode).toBe(201);
      const blocked = await send();
      expect(blocked.statusCode).toBe(429);
      expect(errorOf(blocked)).toMatchObject({ code: 'tooManySignups', params: { minutes: 60 } });
    } finally {
      await limited.close();
    }
  });

  it('answers a failure with internalError, no framework code or internal message', async () => {
    app.categories.list = async () => {
      throw Object.assign(new Error('FST_ERR_SECRET connection string postgres://user:pw@db'), { code: 'FST_ERR_SECRET' });
    };
    const failed = await app.inject({ method: 'GET', url: '/api/v1/categories/' });
    expect(failed.statusCode).toBe(500);
    expect(errorOf(failed)).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: MESSAGES.internalError,
      code: 'internalError',
      params: {},
    });
    expect(failed.body).not.toContain('postgres://');
  });

  it('gives a Fastify 4xx with no Qrib meaning a generic code, never its FST_ code', async () => {
    app.categories.list = async () => {
      throw Object.assign(new Error('FST_ERR_SOMETHING happened inside'), { code: 'FST_ERR_SOMETHING', statusCode: 400 });
    };
    const refused = await app.inject({ method: 'GET', url: '/api/v1/categories/' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ code: 'invalidInput', params: { detail: 'Bad Request' } });
    expect(refused.body).not.toContain('inside');
  });
});

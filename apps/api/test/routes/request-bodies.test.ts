/** JSON bodies the API must refuse with a clear 400 on every route, whatever the route's own schema. */
import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MESSAGES, formatMessage } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { signUp, useTestApp } from '../helpers.ts';

let app: App;

useTestApp({}, (made) => ({ app } = made));

const tooDeep = formatMessage(MESSAGES.jsonTooDeep, { max: MAX_JSON_DEPTH });
const nestedArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`;

describe('deeply nested JSON', () => {
  it.each([
    ['POST', '/api/v1/auth/login'],
    ['POST', '/api/v1/auth/signup'],
    ['POST', '/api/v1/events'],
    ['PATCH', '/api/v1/me'],
    ['PATCH', '/api/v1/offers/1'],
    ['POST', '/api/v1/visits/detect'],
  ] as const)('answers %s %s with 400 for a 5,000-deep array and object', async (method, url) => {
    const shopper = await signUp(app);
    for (const payload of [nestedArray(5_000), nestedObject(5_000), `{"events":${nestedArray(5_000)}}`]) {
      const response = await app.inject({ method, url, payload, cookies: shopper.cookies, headers: { 'content-type': 'application/json' } });
      expect(response.statusCode, payload.slice(0, 20)).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, message: tooDeep });
    }
  });

  it('lets bodies as deep as the limit through to the route', async () => {
    const shopper = await signUp(app);
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      payload: `{"preferences":${nestedObject(MAX_JSON_DEPTH - 1)}}`,
      cookies: shopper.cookies,
      headers: { 'content-type': 'application/json' },
    });
    // Through the depth check to the route, whose schema ignores the unknown key.
    expect(response.statusCode).toBe(200);
    const deeper = await app.inject({
      method: 'PATCH',
      url: '/api/v1/me',
      payload: `{"preferences":${nestedObject(MAX_JSON_DEPTH)}}`,
      cookies: shopper.cookies,
      headers: { 'content-type': 'application/json' },
    });
    expect(deeper.json().message).toBe(tooDeep);
  });

  it('still refuses NUL characters anywhere in a body, keys included', async () => {
    const shopper = await signUp(app);
    for (const payload of [{ name: 'A\u0000B' }, { preferences: { 'dark\u0000Mode': true } }, { list: [[['\u0000']]] }]) {
      const response = await app.inject({ method: 'PATCH', url: '/api/v1/me', payload, cookies: shopper.cookies });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.nulCharacter);
    }
  });
});

/**
 * A typed client for `app.inject` in API tests: every call names the zod schema its answer must match (the
 * response schemas of `@qrib/shared`, or `apiErrorSchema` for an error), so a test reads a typed body instead
 * of casting `response.json()`, and an answer of the wrong shape fails the test where it is read.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { nearbyBusinessSchema, nearbyResponseSchema } from '@qrib/shared';
import type { App } from '../src/app.ts';

/** GET /offers/nearby-offers without a category answers businesses (the shared schema allows either shape). */
export const nearbyBusinessesResponseSchema = nearbyResponseSchema.extend({ data: z.array(nearbyBusinessSchema) });

/**
 * The JSON answer of `response`, checked against `schema`; throws (failing the test) with the request, the
 * status, what does not match and the start of the body. The body is the answer as sent, not the parse's
 * output: zod drops keys a schema does not list, and a test that compares a whole body must still see a
 * field that should not have left the server.
 */
export function bodyOf<S extends z.ZodType>(response: LightMyRequestResponse, schema: S): z.input<S> {
  const request = `${response.raw.req.method ?? ''} ${response.raw.req.url ?? ''} answered ${response.statusCode}`;
  let json: unknown;
  try {
    json = response.json();
  } catch {
    throw new Error(`${request}, not JSON: ${response.body.slice(0, 500)}`);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`${request}, a body that does not match its schema:\n${z.prettifyError(parsed.error)}\nbody: ${response.body.slice(0, 1000)}`);
  }
  // The schema has just accepted this value, and response schemas hold no transforms: it is the schema's input type.
  return json as z.input<S>;
}

/** What a call answers: the status, the checked body, and the raw response for headers and cookies. */
export interface Answer<T> {
  status: number;
  body: T;
  response: LightMyRequestResponse;
}

/** A call's options: those of `app.inject` without method and URL, and the schema the answer must match. */
export type CallOptions<S extends z.ZodType> = Omit<InjectOptions, 'method' | 'url' | 'path'> & { expect: S };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `await api(app).get('/api/v1/auth/me', { cookies, expect: meResponseSchema })` answers `{ status, body, response }`. */
export function api(app: App) {
  const call =
    (method: Method) =>
    async <S extends z.ZodType>(url: string, { expect: schema, ...options }: CallOptions<S>): Promise<Answer<z.input<S>>> => {
      const response = await app.inject({ ...options, method, url });
      return { status: response.statusCode, body: bodyOf(response, schema), response };
    };
  return { get: call('GET'), post: call('POST'), put: call('PUT'), patch: call('PATCH'), delete: call('DELETE') };
}

/**
 * The one fetch stub of the web tests: answers the requests a test names, by "METHOD /path" (the path as the app
 * fetches it, query string included), with a JSON body and a status, and records every request. A request no route
 * names is refused with an error naming its method and path, and fails the test after it even when the app swallowed
 * that error (vitest.setup.ts calls finishApiStub after each test, which also puts the real fetch back).
 *
 *   const api = stubApi({ 'GET /api/v1/offers/7': { body: { data: offer } }, 'POST /api/v1/offers/7/pause': () => ({ status: 403, body }) });
 *   ...
 *   expect(api.calls).toContainEqual({ method: 'POST', path: '/api/v1/offers/7/pause', body: undefined });
 */
import { vi } from 'vitest';

export interface ApiAnswer {
  /** 200 unless given. */
  status?: number;
  /** Sent as JSON; none for a 204. */
  body?: unknown;
}

export interface ApiCall {
  method: string;
  path: string;
  /** A JSON body parsed, any other body as sent, undefined when none. */
  body: unknown;
}

/** A fixed answer, or one made per request (it may wait: a promise that never settles keeps the request open). */
export type ApiRoute = ApiAnswer | ((call: ApiCall) => ApiAnswer | Promise<ApiAnswer>);

export interface ApiStub {
  /** Every request in order, the refused ones included. */
  readonly calls: ApiCall[];
}

/** A request that stays open until the app gives up on it (for a 'Loading…' state). */
export const neverAnswer = (): Promise<ApiAnswer> => new Promise<ApiAnswer>(() => undefined);

let refused: string[] = [];

function pathOf(url: string): string {
  const resolved = new URL(url, window.location.href);
  return resolved.origin === window.location.origin ? `${resolved.pathname}${resolved.search}` : resolved.href;
}

function bodyOf(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return body;
  }
}

function abortError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError');
}

function toResponse({ status = 200, body }: ApiAnswer): Response {
  if (status === 204 || body === undefined) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** Replaces fetch for the rest of the test (a second call replaces the first stub). */
export function stubApi(routes: Record<string, ApiRoute>): ApiStub {
  const calls: ApiCall[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : undefined;
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const path = pathOf(request ? request.url : String(input));
    const call: ApiCall = { method, path, body: bodyOf(init?.body) };
    calls.push(call);
    const key = `${method} ${path}`;
    const route = Object.hasOwn(routes, key) ? routes[key] : undefined;
    if (route === undefined) {
      refused.push(key);
      throw new Error(`stubApi: no route for ${key} (routes: ${Object.keys(routes).join(', ') || 'none'})`);
    }
    const signal = init?.signal ?? request?.signal;
    if (signal?.aborted) throw abortError();
    const answer = typeof route === 'function' ? route(call) : route;
    if (!signal) return toResponse(await answer);
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(abortError());
      signal.addEventListener('abort', onAbort, { once: true });
      Promise.resolve(answer).then(
        (settled) => {
          signal.removeEventListener('abort', onAbort);
          resolve(toResponse(settled));
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  };
  vi.stubGlobal('fetch', fetchStub);
  return { calls };
}

/**
 * Puts the real fetch back and throws when a request had no route during the test (the app may have caught the
 * stub's error and shown an error state the test did not look for). vitest.setup.ts calls it after each test.
 */
export function finishApiStub(): void {
  vi.unstubAllGlobals();
  const missed = refused;
  refused = [];
  if (missed.length > 0) throw new Error(`stubApi: requests without a route: ${missed.join(', ')}`);
}

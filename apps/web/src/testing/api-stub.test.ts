import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { apiRequest } from '../lib/api-client.ts';
import { finishApiStub, neverAnswer, stubApi } from './api-stub.ts';

describe('stubApi', () => {
  it('answers a named route with its JSON body and status', async () => {
    stubApi({
      'GET /api/v1/offers/7': { body: { data: { offerId: 7 } } },
      'POST /api/v1/offers/7/pause': () => ({ status: 404, body: { statusCode: 404, error: 'Not Found', message: MESSAGES.offerNotFound, code: 'offerNotFound', params: {} } }),
      'DELETE /api/v1/me/favorites/7': { status: 204 },
    });
    await expect(apiRequest('/offers/7')).resolves.toEqual({ data: { offerId: 7 } });
    await expect(apiRequest('/offers/7/pause', { method: 'POST' })).rejects.toMatchObject({ status: 404, message: MESSAGES.offerNotFound });
    await expect(apiRequest('/me/favorites/7', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('records every request with its method, path and JSON body, in order', async () => {
    const api = stubApi({
      'GET /api/v1/offers/search?q=pastizzi': { body: { data: [], nextCursor: null } },
      'PATCH /api/v1/me': { body: {} },
    });
    await apiRequest('/offers/search?q=pastizzi');
    await apiRequest('/me', { method: 'PATCH', body: { name: 'Maria' } });
    expect(api.calls).toEqual([
      { method: 'GET', path: '/api/v1/offers/search?q=pastizzi', body: undefined },
      { method: 'PATCH', path: '/api/v1/me', body: { name: 'Maria' } },
    ]);
  });

  it('refuses a request no route names, naming its method and path, and fails the test after it', async () => {
    const api = stubApi({ 'GET /api/v1/offers/7': { body: {} } });
    await expect(fetch('/api/v1/offers/8', { method: 'POST' })).rejects.toThrow('stubApi: no route for POST /api/v1/offers/8');
    expect(api.calls).toEqual([{ method: 'POST', path: '/api/v1/offers/8', body: undefined }]);
    // What vitest.setup.ts does after each test: the refusal fails the test even when the app swallowed it.
    expect(() => finishApiStub()).toThrow('stubApi: requests without a route: POST /api/v1/offers/8');
    expect(() => finishApiStub()).not.toThrow();
  });

  it('puts the real fetch back when the test ends', () => {
    const realFetch = globalThis.fetch;
    stubApi({});
    expect(globalThis.fetch).not.toBe(realFetch);
    finishApiStub();
    expect(globalThis.fetch).toBe(realFetch);
  });

  it('rejects an open request when its signal aborts', async () => {
    stubApi({ 'GET /api/v1/offers/7': neverAnswer });
    const controller = new AbortController();
    const request = apiRequest('/offers/7', { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });
});

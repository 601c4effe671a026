import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/shopper-location.ts';
import { getNearbyOffers, type NearbyPage } from './get-nearby-offers.ts';

/** index.html's inline scripts, run as the browser runs them before the app's code. */
function runIndexHtmlScripts() {
  const html = readFileSync(path.resolve(import.meta.dirname, '../../../../index.html'), 'utf8');
  for (const [, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) new Function(code ?? '')();
}

const PAGE: NearbyPage = { data: [], nextCursor: null };
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  window.qribEarlyNearby = undefined;
});

describe('the first page of nearby offers, asked for by index.html before the app runs (issue 27)', () => {
  it('is asked for at the last fetch location with the very URL the app asks, and the app takes that answer once', async () => {
    localStorage.setItem(STORAGE_KEYS.lastFetch, JSON.stringify({ latitude: 35.9564, longitude: 14.3622 }));
    fetchMock.mockResolvedValueOnce(answer({ ...PAGE, nextCursor: 'early' }));
    runIndexHtmlScripts();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    expect(await getNearbyOffers(35.9564, 14.3622)).toEqual({ data: [], nextCursor: 'early' });
    expect(fetchMock).toHaveBeenCalledTimes(1);

    // A refresh asks the server again.
    fetchMock.mockResolvedValueOnce(answer(PAGE));
    expect(await getNearbyOffers(35.9564, 14.3622)).toEqual(PAGE);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]?.[0]).toBe(fetchMock.mock.calls[0]?.[0]);
  });

  it("asks for the first card's photo as soon as the answer names it", async () => {
    localStorage.setItem(STORAGE_KEYS.lastFetch, JSON.stringify({ latitude: 35.9, longitude: 14.5 }));
    const offer = (imageUrl: string | null) => ({ offerId: 1, imageUrl });
    const page = { data: [{ vendorId: 1, offers: [] }, { vendorId: 2, offers: [offer('/uploads/public/first.webp'), offer('/uploads/public/second.webp')] }], nextCursor: null };
    fetchMock.mockResolvedValueOnce(answer(page));
    runIndexHtmlScripts();
    expect(await getNearbyOffers(35.9, 14.5)).toEqual(page);
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
    const preload = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe('/uploads/public/first.webp');
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
    preload?.remove();
  });

  it('is not used for another place, and nothing is asked for without a last fetch location', async () => {
    runIndexHtmlScripts();
    expect(fetchMock).not.toHaveBeenCalled();

    localStorage.setItem(STORAGE_KEYS.lastFetch, JSON.stringify({ latitude: 35.9, longitude: 14.5 }));
    fetchMock.mockResolvedValueOnce(answer({ ...PAGE, nextCursor: 'elsewhere' }));
    runIndexHtmlScripts();
    fetchMock.mockResolvedValueOnce(answer(PAGE));
    expect(await getNearbyOffers(35.95, 14.36)).toEqual(PAGE);
    expect(String(fetchMock.mock.calls[1]?.[0])).toContain('latitude=35.95&');
  });

  it('asks again through the API client when the early request got no answer or a refusal', async () => {
    localStorage.setItem(STORAGE_KEYS.lastFetch, JSON.stringify({ latitude: 35.9, longitude: 14.5 }));
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    runIndexHtmlScripts();
    fetchMock.mockResolvedValueOnce(answer(PAGE));
    expect(await getNearbyOffers(35.9, 14.5)).toEqual(PAGE);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    fetchMock.mockResolvedValueOnce(answer({ statusCode: 401, error: 'Unauthorized', message: 'no' }, 401));
    runIndexHtmlScripts();
    fetchMock.mockResolvedValueOnce(answer(PAGE));
    expect(await getNearbyOffers(35.9, 14.5)).toEqual(PAGE);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});

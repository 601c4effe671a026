import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/shopper-location.ts';
import { getNearbyOffers, type NearbyPage } from './get-nearby-offers.ts';

const INDEX_HTML = readFileSync(path.resolve(import.meta.dirname, '../../../../index.html'), 'utf8');

/** index.html's inline scripts, run as the browser runs them before the app's code, over its static shell. */
function runIndexHtmlScripts() {
  document.body.innerHTML = /<body[^>]*>([\s\S]*?)<script type="module"/.exec(INDEX_HTML)?.[1] ?? '';
  for (const [, code] of INDEX_HTML.matchAll(/<script>([\s\S]*?)<\/script>/g)) new Function(code ?? '')();
}

const PAGE: NearbyPage = { data: [], nextCursor: null };
const answer = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const SHOPPER = { user: { userId: 7, username: 'maria', vendor: null } };
const OWNER = { user: { userId: 3, username: 'joseph', vendor: { vendorId: 1, role: 'OWNER' } } };

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
/** Who the session answer says is signed in; the nearby answers are queued with fetchMock.mockResolvedValueOnce. */
let session: unknown = SHOPPER;
let nearbyAnswers: (() => Promise<Response>)[] = [];
const nearbyCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/nearby-offers'));
beforeEach(() => {
  session = SHOPPER;
  nearbyAnswers = [];
  fetchMock = vi.fn<typeof fetch>((url) => {
    if (String(url).includes('/auth/session')) return Promise.resolve(answer(session));
    const next = nearbyAnswers.shift();
    return next ? next() : Promise.reject(new TypeError('no answer queued'));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  window.qribEarlyNearby = undefined;
  window.qribEarlySession = undefined;
  document.body.innerHTML = '';
  for (const link of document.head.querySelectorAll('link[rel="preload"][as="image"]')) link.remove();
});
const queueNearby = (response: Response | Error) => nearbyAnswers.push(() => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response)));

describe('the first page of nearby offers, asked for by index.html before the app runs (issue 27)', () => {
  it('is asked for at the last fetch location with the very URL the app asks, and the app takes that answer once', async () => {
    localStorage.setItem(STORAGE_KEYS.lastFetch, JSON.stringify({ latitude: 35.9564, longitude: 14.3622 }));
    queueNearby(answer({ ...PAGE, nextCursor: 'early' }));
    runIndexHtmlScripts();
    expect(nearbyCalls()).toHaveLength(1);

    expect(await getNearbyOffers(35.9564, 14.3622)).toEqual({ data: [], nextCursor: 'early' });
    expect(nearbyCalls()).toHaveLength(1);

    // A refresh asks the server again.
    queueNearby(answer(PAGE));
    expect(await getNearbyOffers(35.9564, 14.3622)).toEqual(PAGE);
    expect(nearbyCalls()).toHaveLength(2);
    expect(nearbyCalls()[1]?.[0]).toBe(nearbyCalls()[0]?.[0]);
  });

  it("asks for the first card's photo as soon as the answer names it", async () => {
    localStorage.setItem(STORAGE_KEYS.lastFetch, JSON.stringify({ latitude: 35.9, longitude: 14.5 }));
    const offer = (imageUrl: string | null) => ({ offerId: 1, imageUrl });
    const page = { data: [{ vendorId: 1, offers: [] }, { vendorId: 2, offers: [offer('/uploads/public/first.webp'), offer('/uploads/public/second.webp')] }], nextCursor: null };
    queueNearby(answer(page));
    runIndexHtmlScripts();
    expect(await getNearbyOffers(35.9, 14.5)).toEqual(page);
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
    const preload = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('href')).toBe('/uploads/public/first.webp');
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
  });

  it('is not used for another place, and nothing is asked for without a last fetch location', async () => {
    runIndexHtmlScripts();
    expect(nearbyCalls()).toHaveLength(0);

    localStorage.setItem(STORAGE_KEYS.lastFetch, JSON.stringify({ latitude: 35.9, longitude: 14.5 }));
    queueNearby(answer({ ...PAGE, nextCursor: 'elsewhere' }));
    runIndexHtmlScripts();
    queueNearby(answer(PAGE));
    expect(await getNearbyOffers(35.95, 14.36)).toEqual(PAGE);
    expect(String(nearbyCalls()[1]?.[0])).toContain('latitude=35.95&');
  });

  it('asks again through the API client when the early request got no answer or a refusal', async () => {
    localStorage.setItem(STORAGE_KEYS.lastFetch, JSON.stringify({ latitude: 35.9, longitude: 14.5 }));
    queueNearby(new TypeError('Failed to fetch'));
    runIndexHtmlScripts();
    queueNearby(answer(PAGE));
    expect(await getNearbyOffers(35.9, 14.5)).toEqual(PAGE);
    expect(nearbyCalls()).toHaveLength(2);

    queueNearby(answer({ statusCode: 401, error: 'Unauthorized', message: 'no' }, 401));
    runIndexHtmlScripts();
    queueNearby(answer(PAGE));
    expect(await getNearbyOffers(35.9, 14.5)).toEqual(PAGE);
    expect(nearbyCalls()).toHaveLength(4);
  });
});

describe('the first cards, drawn from the early answer into the static shell before the app runs (issue 27 §6)', () => {
  const offer = (offerId: number, title: string, imageUrl: string | null) => ({ offerId, title, imageUrl });
  const PAGE_OF_SHOPS = {
    data: [
      { vendorId: 1, businessName: 'Joseph’s <b>Pastizzeria</b>', offers: [offer(11, 'Two pastizzi <script>alert(1)</script>', '/uploads/public/a.webp'), offer(12, 'Coffee', null)] },
      { vendorId: 2, businessName: 'Mosta Pharmacy', offers: [offer(21, 'Sun care', '/uploads/public/b.webp'), offer(22, 'Vitamins', null), offer(23, 'Fifth', null)] },
    ],
    nextCursor: null,
  };
  const earlyCards = () => [...document.querySelectorAll<HTMLAnchorElement>('[data-testid="early-card"]')];
  /** Every answer read and every promise after it run: what the script does with an answer, it has done by then. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('draws the first four offers as the home lists them, titles and names as text, each a link to its offer', async () => {
    localStorage.setItem(STORAGE_KEYS.lastFetch, JSON.stringify({ latitude: 35.9, longitude: 14.5 }));
    queueNearby(answer(PAGE_OF_SHOPS));
    runIndexHtmlScripts();
    await vi.waitFor(() => expect(earlyCards()).toHaveLength(4));
    const cards = earlyCards();
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/viewoffer/11', '/viewoffer/12', '/viewoffer/21', '/viewoffer/22']);
    expect(cards[0]?.textContent).toBe('Two pastizzi <script>alert(1)</script>Joseph’s <b>Pastizzeria</b>');
    expect(document.querySelector('[data-testid="static-shell"] script, [data-testid="static-shell"] b')).toBeNull();
    expect(cards[0]?.querySelector('img')?.getAttribute('src')).toBe('/uploads/public/a.webp');
    expect(cards[0]?.querySelector('img')?.getAttribute('fetchpriority')).toBe('high');
    expect(cards[1]?.querySelector('img')).toBeNull();
    expect(cards[2]?.querySelector('img')?.getAttribute('loading')).toBe('lazy');
    expect(cards.every((card) => card.tabIndex === -1)).toBe(true);
    // The app still takes the same answer.
    expect(await getNearbyOffers(35.9, 14.5)).toEqual(PAGE_OF_SHOPS);
  });

  it("draws nothing where `/` is not a shopper's home (an owner, nobody signed in), and the skeleton stays", async () => {
    for (const who of [OWNER, { user: null }]) {
      session = who;
      localStorage.setItem(STORAGE_KEYS.lastFetch, JSON.stringify({ latitude: 35.9, longitude: 14.5 }));
      queueNearby(answer(PAGE_OF_SHOPS));
      runIndexHtmlScripts();
      await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
      await settled();
      expect(earlyCards()).toHaveLength(0);
      expect(document.querySelectorAll('[data-testid="static-shell"] .qrib-shell-card')).toHaveLength(4);
    }
    // The home with a chip on lists fewer offers: not drawn early either.
    session = SHOPPER;
    window.history.replaceState(null, '', '/?open=1');
    queueNearby(answer(PAGE_OF_SHOPS));
    runIndexHtmlScripts();
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
    await settled();
    expect(earlyCards()).toHaveLength(0);
    window.history.replaceState(null, '', '/');
    // The same wait is enough for a shopper's cards to be drawn.
    queueNearby(answer(PAGE_OF_SHOPS));
    runIndexHtmlScripts();
    await vi.waitFor(() => expect(document.head.querySelector('link[rel="preload"][as="image"]')).not.toBeNull());
    await settled();
    expect(earlyCards()).toHaveLength(4);
  });

  describe('a first visit (no place kept)', () => {
    const getCurrentPosition = vi.fn((success: PositionCallback) => success({ coords: { latitude: 35.9564, longitude: 14.3622 } } as GeolocationPosition));
    const allow = (state: PermissionState) => {
      Object.defineProperty(navigator, 'permissions', { value: { query: vi.fn(async () => ({ state })) }, configurable: true });
      Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
    };
    afterEach(() => {
      getCurrentPosition.mockClear();
      Reflect.deleteProperty(navigator, 'permissions');
      Reflect.deleteProperty(navigator, 'geolocation');
    });

    it('with the location allowed, asks at the device position, keeps it as the home would, and the home takes that answer', async () => {
      allow('granted');
      queueNearby(answer(PAGE_OF_SHOPS));
      runIndexHtmlScripts();
      await vi.waitFor(() => expect(earlyCards()).toHaveLength(4));
      expect(getCurrentPosition).toHaveBeenCalledTimes(1);
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastFetch) ?? 'null')).toEqual({ latitude: 35.9564, longitude: 14.3622 });
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.current) ?? 'null')).toEqual({ latitude: 35.9564, longitude: 14.3622 });
      expect(await getNearbyOffers(35.9564, 14.3622)).toEqual(PAGE_OF_SHOPS);
      expect(nearbyCalls()).toHaveLength(1);
    });

    it('asks nothing of a visitor who has not allowed it', async () => {
      allow('prompt');
      runIndexHtmlScripts();
      await settled();
      expect(getCurrentPosition).not.toHaveBeenCalled();
      expect(nearbyCalls()).toHaveLength(0);
      expect(localStorage.getItem(STORAGE_KEYS.lastFetch)).toBeNull();
    });

    it('asks the device beside the session answer, and sends the position only once the session shows a shopper', async () => {
      allow('granted');
      let answerSession: (response: Response) => void = () => undefined;
      fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answerSession = resolve)));
      queueNearby(answer(PAGE_OF_SHOPS));
      runIndexHtmlScripts();
      // The session has not answered yet: the device has been asked, and nothing has left it.
      await vi.waitFor(() => expect(getCurrentPosition).toHaveBeenCalledTimes(1));
      await settled();
      expect(nearbyCalls()).toHaveLength(0);
      expect(localStorage.getItem(STORAGE_KEYS.lastFetch)).toBeNull();
      answerSession(answer(SHOPPER));
      await vi.waitFor(() => expect(earlyCards()).toHaveLength(4));
      expect(String(nearbyCalls()[0]?.[0])).toContain('latitude=35.9564');
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lastFetch) ?? 'null')).toEqual({ latitude: 35.9564, longitude: 14.3622 });
    });

    it('sends and keeps no position for a visitor nobody has signed in as', async () => {
      session = { user: null };
      allow('granted');
      runIndexHtmlScripts();
      await vi.waitFor(() => expect(getCurrentPosition).toHaveBeenCalledTimes(1));
      await settled();
      expect(nearbyCalls()).toHaveLength(0);
      expect(localStorage.getItem(STORAGE_KEYS.lastFetch)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.current)).toBeNull();
    });

    it("sends and keeps no place for an owner, and once this device has shown a shop's `/` it asks nothing there", async () => {
      session = OWNER;
      allow('granted');
      runIndexHtmlScripts();
      await vi.waitFor(() => expect(localStorage.getItem('qrib.earlyHome')).toBe('shop'));
      await settled();
      expect(getCurrentPosition).toHaveBeenCalledTimes(1);
      expect(nearbyCalls()).toHaveLength(0);
      expect(earlyCards()).toHaveLength(0);
      expect(localStorage.getItem(STORAGE_KEYS.lastFetch)).toBeNull();
      expect(localStorage.getItem(STORAGE_KEYS.current)).toBeNull();
      // The owner's next visit: the device is not even asked.
      runIndexHtmlScripts();
      await settled();
      expect(getCurrentPosition).toHaveBeenCalledTimes(1);
      expect(nearbyCalls()).toHaveLength(0);
      // A shopper signs in on this device: the next first visit is a shopper's again.
      session = SHOPPER;
      runIndexHtmlScripts();
      await vi.waitFor(() => expect(localStorage.getItem('qrib.earlyHome')).toBeNull());
      queueNearby(answer(PAGE_OF_SHOPS));
      runIndexHtmlScripts();
      await vi.waitFor(() => expect(earlyCards()).toHaveLength(4));
      expect(getCurrentPosition).toHaveBeenCalledTimes(2);
    });
  });
});

/**
 * public/push-sw.js, the service worker's push handling (issue 29 §1), run as it ships: its source is loaded into a
 * fake worker scope (`self` with its registration and clients), and its push and notificationclick listeners called.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { followPushOpen } from './register-service-worker.ts';

const source = readFileSync(path.join(import.meta.dirname, '../../../public/push-sw.js'), 'utf8');
const ORIGIN = 'https://qrib.example';

interface FakeWindow {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate?: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

function fakeWindow(url: string, { controlled = true } = {}): FakeWindow {
  const client: FakeWindow = {
    url,
    focus: vi.fn(async () => client),
    // A window this worker does not control refuses navigate() (TypeError), as browsers do.
    navigate: vi.fn(async () => {
      if (!controlled) throw new TypeError('not controlled');
      return client;
    }),
    postMessage: vi.fn(),
  };
  return client;
}

/** The worker's scope with `push-sw.js` run in it; `fire` calls a listener and waits for what it gave waitUntil. */
function loadWorker(windows: FakeWindow[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const showNotification = vi.fn(async () => undefined);
  const matchAll = vi.fn(async () => windows);
  const openWindow = vi.fn(async () => null);
  const self = {
    location: { origin: ORIGIN },
    registration: { showNotification },
    clients: { matchAll, openWindow },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
  };
  // The file is a classic script whose global is `self`, as importScripts runs it.
  new Function('self', source)(self);
  const fire = async (type: string, event: object) => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ ...event, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  };
  const push = (data: { json: () => unknown } | null) => fire('push', { data });
  const click = (url: unknown) => {
    const close = vi.fn();
    return { close, done: fire('notificationclick', { notification: { close, data: { url } } }) };
  };
  return { showNotification, matchAll, openWindow, push, click };
}

const payload = (change: object = {}) => ({ json: () => ({ title: 'New offer at Crystal Palace Bar', body: 'Two pastizzi for €1', url: '/viewoffer/7', lang: 'mt', ...change }) });

describe('push-sw.js: a push', () => {
  it('shows the payload in its language, opening its page on a tap', async () => {
    const worker = loadWorker();
    await worker.push(payload({ tag: 'offer-7' }));
    expect(worker.showNotification).toHaveBeenCalledWith('New offer at Crystal Palace Bar', {
      body: 'Two pastizzi for €1',
      lang: 'mt',
      dir: 'auto',
      tag: 'offer-7',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: '/viewoffer/7' },
    });
  });

  it('writes Arabic right to left, and has no tag unless the payload gives one', async () => {
    const worker = loadWorker();
    await worker.push(payload({ lang: 'ar', title: 'عرض جديد' }));
    const [, options] = worker.showNotification.mock.calls[0] as unknown as [string, Record<string, unknown>];
    expect(options).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(options).not.toHaveProperty('tag');
  });

  it('shows a plain “Qrib” opening the home page when the payload is not JSON, or missing', async () => {
    const worker = loadWorker();
    await worker.push({
      json: () => {
        throw new SyntaxError('Unexpected token');
      },
    });
    await worker.push(null);
    const plain = { icon: '/icons/icon-192.png', badge: '/icons/icon-192.png', data: { url: '/' } };
    expect(worker.showNotification.mock.calls).toEqual([
      ['Qrib', plain],
      ['Qrib', plain],
    ]);
  });

  it('opens only a path of Qrib’s own origin: any other address opens the home page', async () => {
    const worker = loadWorker();
    const opened = async (url: unknown) => {
      worker.showNotification.mockClear();
      await worker.push(payload({ url }));
      return (worker.showNotification.mock.calls[0] as unknown as [string, { data: { url: string } }])[1].data.url;
    };
    expect(await opened('/viewoffer/7?from=push#code')).toBe('/viewoffer/7?from=push#code');
    expect(await opened('https://evil.example/login')).toBe('/');
    expect(await opened('//evil.example/login')).toBe('/');
    expect(await opened('/\\evil.example/login')).toBe('/');
    // A tab inside is dropped by URL parsing, which would make it '//evil.example'.
    expect(await opened('/\t/evil.example')).toBe('/');
    // Dot segments that resolve to a path starting '//' (another host once resolved again).
    expect(await opened('/.//evil.example')).toBe('/');
    expect(await opened('/a/..//evil.example')).toBe('/');
    expect(await opened('/%2e//evil.example')).toBe('/');
    expect(await opened('javascript:alert(1)')).toBe('/');
    expect(await opened(42)).toBe('/');
  });
});

describe('push-sw.js: a tap on the notification', () => {
  it('closes it, focuses an open Qrib window and moves it to the page', async () => {
    const other = fakeWindow('https://elsewhere.example/');
    const qrib = fakeWindow(`${ORIGIN}/nearby`);
    const worker = loadWorker([other, qrib]);
    const { close, done } = worker.click('/codes');
    await done;
    expect(close).toHaveBeenCalled();
    expect(worker.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    expect(qrib.focus).toHaveBeenCalled();
    expect(qrib.navigate).toHaveBeenCalledWith(`${ORIGIN}/codes`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(worker.openWindow).not.toHaveBeenCalled();
  });

  it('asks a window it does not control to go there itself', async () => {
    const qrib = fakeWindow(`${ORIGIN}/`, { controlled: false });
    const worker = loadWorker([qrib]);
    await worker.click('/viewoffer/7').done;
    expect(qrib.postMessage).toHaveBeenCalledWith({ type: 'qrib:push-open', url: '/viewoffer/7' });
  });

  it('opens a new window when no Qrib window is open, never at another origin', async () => {
    const worker = loadWorker([fakeWindow('https://elsewhere.example/')]);
    await worker.click('https://evil.example/').done;
    expect(worker.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});

describe('the page told to open a push’s page', () => {
  it('follows a path of its own origin only', () => {
    const go = vi.fn();
    followPushOpen(new MessageEvent('message', { data: { type: 'qrib:push-open', url: '/codes' } }), go);
    followPushOpen(new MessageEvent('message', { data: { type: 'qrib:push-open', url: '//evil.example/' } }), go);
    followPushOpen(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }), go);
    followPushOpen(new MessageEvent('message', { data: 'qrib:push-open' }), go);
    expect(go.mock.calls).toEqual([['/codes']]);
  });
});

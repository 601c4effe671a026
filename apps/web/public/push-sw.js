/* global self */
/**
 * Web push in the service worker (issue 29 §1), imported by the generated sw.js (pwa.config.ts, workbox.importScripts).
 * Plain JS with no imports, run as the worker starts. A push shows the payload the API encrypted for this device
 * (pushPayloadSchema in packages/shared/src/push-schemas.ts: title, body, url, lang, tag) in the person's language;
 * a tap opens its page in an open Qrib window (focused), or in a new one. Tested by src/app/pwa/push-sw.test.ts.
 */

const PUSH_ICON = '/icons/icon-192.png';
/** What the page is asked to do when this worker cannot move its window itself (src/app/pwa/register-service-worker.ts). */
const OPEN_MESSAGE = 'qrib:push-open';

/**
 * The page a tap may open: a path of this origin ('/viewoffer/7'), else the home page. Not '//host' nor '/\host'
 * (browsers read both as another host), and checked again once resolved (a tab or newline inside is dropped by URLs).
 */
function pushTargetPath(url) {
  if (typeof url !== 'string' || !/^\/(?![/\\])/.test(url)) return '/';
  try {
    const resolved = new URL(url, self.location.origin);
    // '/.//evil.com' resolves to the path '//evil.com', which a second resolution would read as another host.
    if (resolved.origin !== self.location.origin || resolved.pathname.startsWith('//')) return '/';
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return '/';
  }
}

/** The notification of a push: its payload's, or a plain 'Qrib' opening the home page when the payload is unreadable. */
function notificationOf(data) {
  let payload;
  try {
    payload = data ? data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload.title !== 'string') {
    return { title: 'Qrib', options: { icon: PUSH_ICON, badge: PUSH_ICON, data: { url: '/' } } };
  }
  const lang = typeof payload.lang === 'string' ? payload.lang : '';
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    lang,
    // Arabic is the one right-to-left language of Qrib's ten.
    dir: lang === 'ar' ? 'rtl' : 'auto',
    icon: PUSH_ICON,
    badge: PUSH_ICON,
    data: { url: pushTargetPath(payload.url) },
  };
  // A tag replaces an earlier notification with the same one (the morning summary, a code's updates).
  if (typeof payload.tag === 'string' && payload.tag !== '') options.tag = payload.tag;
  return { title: payload.title, options };
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Opens `path` in a window of this origin (focused and moved there), or in a new window when none is open. */
async function openPushPath(path) {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (!open) return self.clients.openWindow(url);
  // A browser may refuse the focus (only a real tap may take it): the page is still opened, unfocused.
  const focused = await open.focus().catch(() => open);
  // navigate() works only on a window this worker controls; another one is asked to go there itself.
  try {
    if (typeof focused.navigate !== 'function') throw new TypeError('no navigate');
    return await focused.navigate(url);
  } catch {
    focused.postMessage({ type: OPEN_MESSAGE, url: path });
    return focused;
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  event.waitUntil(openPushPath(pushTargetPath(data && data.url)));
});

/**
 * What a logout empties besides the query cache (lib/query-client.ts): the shopper's places and codes in local storage, the
 * session storage, and every Cache Storage cache the service worker filled at run time (the session and nearby
 * answers, offer pictures; ADR 014). Kept: the precached app shell (nobody's data) and the preferences (theme,
 * language, the sidebar's width). The app keeps nothing in IndexedDB.
 */
import { forgetSavedClaims } from './claims-storage.ts';
import { STORAGE_KEYS } from './shopper-location.ts';

/** Workbox's precache: the app's own files, so the app still opens offline after a logout. */
const isAppShellCache = (name: string) => name.startsWith('workbox-precache');

export async function clearPersonalStores(): Promise<void> {
  try {
    for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
    // index.html's note of whose `/` this device last showed (a shop's: no position asked on a first visit).
    localStorage.removeItem('qrib.earlyHome');
    forgetSavedClaims(localStorage);
    sessionStorage.clear();
  } catch {
    // No storage (a privacy mode): nothing was kept there either.
  }
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !isAppShellCache(name)).map((name) => caches.delete(name)));
}

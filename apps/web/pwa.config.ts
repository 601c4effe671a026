/**
 * The web app manifest and the service worker (vite-plugin-pwa's generateSW, Workbox 7; ADR 014). The worker
 * precaches the app shell, answers the SPA's navigations with index.html when offline, keeps the session and
 * nearby answers network-first and offer pictures cache-first; nothing else the API answers is stored. Updates are
 * offered, not forced: a new worker waits until the reader presses Reload (src/app/pwa). Pushes are handled by
 * public/push-sw.js, which the worker imports.
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** Cache Storage names of the runtime caches; logout deletes both (src/lib/personal-data.ts deletes every non-precache cache). */
export const API_CACHE = 'qrib-api';
export const UPLOADS_CACHE = 'qrib-uploads';

/** A chunk bigger than this is never precached (MapLibre's is about 1 MB and only loads when the map opens). */
const PRECACHE_MAX_BYTES = 500 * 1024;

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'generateSW',
  registerType: 'prompt',
  // Registered from src/app/pwa/register-service-worker.ts once the page has loaded (main.tsx).
  injectRegister: false,
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg'],
  manifest: {
    name: 'Qrib',
    short_name: 'Qrib',
    description: 'Discount offers from local shops near you',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    // The light theme: the white top bar and the slate-50 page behind it.
    theme_color: '#ffffff',
    background_color: '#f8fafc',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The shell: html, entry and route chunks, CSS, the catalogs' chunks, icons. Not the .br/.gz twins.
    globPatterns: ['**/*.{html,js,css,svg,png,webmanifest}'],
    globIgnores: ['**/maplibre*', '**/*maplibre*/**'],
    // Workbox's own size limit fails the build (vite-plugin-pwa turns its warning into an error); a chunk over
    // PRECACHE_MAX_BYTES is left out by the transform below instead, and loads from the network when needed.
    maximumFileSizeToCacheInBytes: 20 * 1024 * 1024,
    manifestTransforms: [
      (entries) => {
        // With an over-limit chunk goes its stylesheet: MapLibre's CSS is emitted beside the lazily loaded chunk that
        // imports it (assets/shop-map-<hash>.js and .css), same name, another hash.
        const chunkName = (url: string) => url.replace(/-[\w-]{8}\.\w+$/, '');
        const tooBig = new Set(entries.filter((entry) => entry.size > PRECACHE_MAX_BYTES).map((entry) => chunkName(entry.url)));
        return { manifest: entries.filter((entry) => !tooBig.has(chunkName(entry.url))), warnings: [] };
      },
    ],
    cleanupOutdatedCaches: true,
    // Web push (issue 29 §1): showing a push and opening its page on a tap, in plain JS beside the generated worker.
    importScripts: ['push-sw.js'],
    // The first worker takes over the page it was installed from (so that visit's later answers are kept); a new
    // version waits (no skipWaiting) until the reader presses Reload.
    clientsClaim: true,
    skipWaiting: false,
    navigateFallback: 'index.html',
    // The share pages (/o/:offerId, /s/:vendorId, issue 27) are the server's own HTML, never the app's shell.
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/uploads\//, /^\/[os]\/[^/]*(\/card\.png)?$/],
    runtimeCaching: [
      {
        // Who is signed in: network-first, so being offline never signs anyone out. Only a signed-in answer is
        // kept; {user: null} is not worth a cache entry.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/v1/auth/session',
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: API_CACHE,
          networkTimeoutSeconds: 3,
          plugins: [
            {
              cacheWillUpdate: async ({ response }) => {
                if (response.status !== 200) return null;
                const body: unknown = await response
                  .clone()
                  .json()
                  .catch(() => null);
                const signedIn = typeof body === 'object' && body !== null && 'user' in body && body.user !== null;
                return signedIn ? response : null;
              },
            },
          ],
        },
      },
      {
        // The last nearby results, shown again offline.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/v1/offers/nearby-offers',
        handler: 'NetworkFirst',
        method: 'GET',
        options: {
          cacheName: API_CACHE,
          networkTimeoutSeconds: 3,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 20 },
        },
      },
      {
        // Offer pictures and shop logos: content-hashed public keys that never change.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/public/'),
        handler: 'CacheFirst',
        method: 'GET',
        options: {
          cacheName: UPLOADS_CACHE,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 },
        },
      },
    ],
  },
};

/**
 * Registers the service worker vite-plugin-pwa builds (ADR 014), in production builds only, with the browser's own
 * API (workbox-window's 2.4 KB would come with every first visit for what these few lines do). A new version waits
 * (registerType 'prompt', no skipWaiting): it is offered through update-offer.ts; Reload posts SKIP_WAITING to it
 * (the generated worker listens for that message) and the page reloads once it controls the page.
 */
import { offerEventQueue } from '../../lib/offer-events.ts';
import { offerUpdate } from './update-offer.ts';

/** How long Reload waits for the impressions on their way before it asks the new version to take over regardless. */
export const IMPRESSIONS_WAIT_MS = 3_000;

/**
 * Asks `worker` (installed, waiting) to take over, and reloads once it controls the page. Chromium activates a
 * skip-waiting worker once the old one has no work: it asks the old worker to stop at once, but a request that
 * reaches it while it stops starts it again without that ask, and the new version then waits for 30 s of quiet (and
 * possibly for good while DevTools, as in the browser tests, is attached to the old worker). So the impressions the
 * page would have sent a few seconds later (offer-events.ts) go now, and the ask waits until they and any batch
 * already sent with fetch have their answer (3 s at most): on a busy machine one sent by the queue's own timer a
 * moment before Reload was still on its way.
 */
export async function activateWaitingWorker(worker: ServiceWorker, container: ServiceWorkerContainer, reload: () => void, waitMs = IMPRESSIONS_WAIT_MS): Promise<void> {
  container.addEventListener('controllerchange', reload, { once: true });
  offerEventQueue.flush();
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([offerEventQueue.settled(), new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** Offers `worker` (installed, waiting) as the update; applying it activates it and reloads under it. */
function offer(worker: ServiceWorker): void {
  offerUpdate(() => activateWaitingWorker(worker, navigator.serviceWorker, () => window.location.reload()));
}

/**
 * A tapped push's page (issue 29 §1), when the worker could not move this window there itself (a window it does not
 * control: public/push-sw.js). Only a path of this origin is followed.
 */
export function followPushOpen(event: MessageEvent, go: (path: string) => void): void {
  const message: unknown = event.data;
  if (typeof message !== 'object' || message === null) return;
  const { type, url } = message as Record<string, unknown>;
  if (type === 'qrib:push-open' && typeof url === 'string' && /^\/(?![/\\])/.test(url)) go(url);
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event) => followPushOpen(event, (path) => window.location.assign(path)));
  let registration: ServiceWorkerRegistration;
  try {
    registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  } catch (error) {
    // A browser may refuse workers (a private window, a policy, a test that blocks them): the app then works online
    // only, which is no error of the page.
    console.warn('No service worker: the app will not work offline', error);
    return;
  }
  // A worker installed on an earlier visit and still waiting; or one that installs from now on. Without a controller
  // it is the first install, which takes over by itself (clientsClaim): nothing to offer.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
}

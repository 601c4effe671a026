/// <reference types="vite-plugin-pwa/vanillajs" />
/**
 * Registers the service worker vite-plugin-pwa builds (ADR 014), in production builds only. With registerType
 * 'prompt' a new version waits: it is offered through update-offer.ts, and updateSW() tells it to skip waiting,
 * after which the page reloads under it. Only main.tsx imports this module (the virtual module exists only in
 * Vite builds, never in the unit tests).
 */
import { offerUpdate } from './update-offer.ts';

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { registerSW } = await import('virtual:pwa-register');
  const updateSW = registerSW({
    onNeedRefresh: () => offerUpdate(() => updateSW(true)),
    // A browser may refuse workers (a private window, a policy, a test that blocks them): the app then works online
    // only, which is no error of the page.
    onRegisterError: (error: unknown) => console.warn('No service worker: the app will not work offline', error),
  });
}

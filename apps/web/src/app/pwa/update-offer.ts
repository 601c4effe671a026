/**
 * A new version waiting to take over: the service worker's registration (register-service-worker.ts) offers it
 * here, and the update prompt shows it until the reader presses Reload, which activates it and reloads the page.
 * Updates are offered, never forced.
 */
import { useSyncExternalStore } from 'react';

let activate: (() => Promise<void>) | undefined;
const listeners = new Set<() => void>();

/** A new worker is waiting; `apply` activates it (skipWaiting) and reloads once it controls the page. */
export function offerUpdate(apply: () => Promise<void>): void {
  activate = apply;
  for (const listener of listeners) listener();
}

/** Forget the offer (tests). */
export function withdrawUpdate(): void {
  activate = undefined;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** The waiting update's activation, or undefined when there is none. */
export function useUpdateOffer(): (() => Promise<void>) | undefined {
  return useSyncExternalStore(
    subscribe,
    () => activate,
    () => undefined,
  );
}

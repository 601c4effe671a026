/**
 * Offer impressions, batched so they never slow the page: queued in memory, sent every few seconds or once
 * 20 are waiting, and with sendBeacon when the page is hidden (it survives navigation and closing).
 */
import { useEffect, useRef } from 'react';
import type { OfferEventInput } from '@qrib/shared/nearby-schemas';

export const FLUSH_AFTER_MS = 5_000;
export const FLUSH_AT_COUNT = 20;
const ENDPOINT = '/api/v1/events';

export interface EventQueueOptions {
  /** Sends a batch; the promise (when it returns one) settles once the request has ended. */
  send: (events: OfferEventInput[], viaBeacon: boolean) => Promise<unknown> | undefined;
  flushAfterMs?: number;
  flushAtCount?: number;
}

export function createEventQueue({ send, flushAfterMs = FLUSH_AFTER_MS, flushAtCount = FLUSH_AT_COUNT }: EventQueueOptions) {
  let pending: OfferEventInput[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const inFlight = new Set<Promise<unknown>>();
  const flush = (viaBeacon = false) => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    const sending = send(batch, viaBeacon);
    if (!sending) return;
    const ended = sending.catch(() => undefined);
    inFlight.add(ended);
    void ended.then(() => inFlight.delete(ended));
  };
  return {
    add(event: OfferEventInput) {
      pending.push(event);
      if (pending.length >= flushAtCount) flush();
      else timer ??= setTimeout(() => flush(), flushAfterMs);
    },
    flush,
    /** Settles once every batch sent with fetch so far has had its answer (or failed); beacons are not followed. */
    settled(): Promise<void> {
      return Promise.all(inFlight).then(() => undefined);
    },
    get size() {
      return pending.length;
    },
  };
}

function sendEvents(events: OfferEventInput[], viaBeacon: boolean): Promise<unknown> | undefined {
  const body = JSON.stringify({ events });
  if (viaBeacon && typeof navigator.sendBeacon === 'function') {
    navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'application/json' }));
    return undefined;
  }
  // Losing an impression is better than slowing the shopper down: only a Reload to a new version waits for the answer
  // (app/pwa/register-service-worker.ts).
  return fetch(ENDPOINT, { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body, keepalive: true }).catch(
    () => undefined,
  );
}

export const offerEventQueue = createEventQueue({ send: sendEvents });

if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') offerEventQueue.flush(true);
  });
}

/** An impression is a card at least half on screen, counted once per card on the page. Attach the ref to the card. */
export function useOfferImpression<T extends Element>(offerId: number) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          offerEventQueue.add({ offerId, kind: 'IMPRESSION' });
          observer.disconnect();
        }
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [offerId]);
  return ref;
}

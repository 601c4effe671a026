/**
 * The offer to turn push on (issue 29 §1), made once: at a shopper's first save of an offer or first code, never on
 * their first visit, never where push cannot work or is refused, never again once shown or turned down. What this
 * device has seen is kept in local storage (`qrib.pushOffer`); the moment is handed to the signed-in layout, whose
 * host (features/push) shows the offer after checking that push is not on already. Favourites (lib/favorites.ts) and
 * claims (features/claims) call requestPushOffer when their request succeeds.
 */
import { useCallback, useEffect, useState } from 'react';

export const PUSH_OFFER_STORAGE_KEY = 'qrib.pushOffer';
/** Session storage: whether this visit (the tab's session) is the device's first one or a later one. */
export const PUSH_OFFER_VISIT_KEY = 'qrib.pushOffer.visit';

export type PushOfferReason = 'saved' | 'code';

interface PushOfferRecord {
  /** A visit has been seen on this device. */
  visited?: boolean;
  /** The offer has been shown once; it is not made again. */
  shown?: boolean;
  /** 'Not now'. */
  dismissed?: boolean;
}

function readRecord(storage: Storage): PushOfferRecord {
  try {
    const value: unknown = JSON.parse(storage.getItem(PUSH_OFFER_STORAGE_KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as PushOfferRecord) : {};
  } catch {
    return {};
  }
}

function updateRecord(storage: Storage, change: PushOfferRecord): void {
  try {
    storage.setItem(PUSH_OFFER_STORAGE_KEY, JSON.stringify({ ...readRecord(storage), ...change }));
  } catch {
    // No storage (a privacy mode, full): the offer is then made at most once per page.
  }
}

/**
 * Runs `run` once the browser is idle (2 s at most) where it can say so, else in the next task (Safari); the returned
 * function runs it at once instead if it has not run yet.
 */
function whenIdle(run: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(once, { timeout: 2_000 });
    return () => {
      window.cancelIdleCallback(handle);
      once();
    };
  }
  const timer = setTimeout(once, 0);
  return () => {
    clearTimeout(timer);
    once();
  };
}

/**
 * Notes this visit as the device's first or a later one (once per tab session). The signed-in layout calls it once the
 * page is idle after it appears (or as it goes, if sooner), and requestPushOffer before it decides.
 */
export function notePushOfferVisit(storage: Storage = localStorage, session: Storage = sessionStorage): void {
  try {
    if (session.getItem(PUSH_OFFER_VISIT_KEY) !== null) return;
    const isFirst = readRecord(storage).visited !== true;
    if (isFirst) updateRecord(storage, { visited: true });
    session.setItem(PUSH_OFFER_VISIT_KEY, isFirst ? 'first' : 'later');
  } catch {
    // No storage: every visit counts as a first one, and no offer is made.
  }
}

/** Whether this browser could take pushes at all and has not refused them (what is known without waiting). */
function mayOfferPush(): boolean {
  return typeof window !== 'undefined' && 'PushManager' in window && 'serviceWorker' in navigator && 'Notification' in window && Notification.permission !== 'denied';
}

const listeners = new Set<(reason: PushOfferReason) => void>();

/** A save or a code just succeeded: the offer is made now unless this device must not get it (see the top). */
export function requestPushOffer(reason: PushOfferReason, storage: Storage = localStorage, session: Storage = sessionStorage): void {
  notePushOfferVisit(storage, session);
  try {
    const record = readRecord(storage);
    if (record.shown === true || record.dismissed === true || session.getItem(PUSH_OFFER_VISIT_KEY) !== 'later') return;
  } catch {
    return;
  }
  if (!mayOfferPush()) return;
  for (const listener of listeners) listener(reason);
}

/** The offer is on screen: it is not made again. */
export function markPushOfferShown(storage: Storage = localStorage): void {
  updateRecord(storage, { shown: true });
}

/** 'Not now'. */
export function dismissPushOffer(storage: Storage = localStorage): void {
  updateRecord(storage, { shown: true, dismissed: true });
}

/**
 * For the signed-in layout: the reason of the offer to show (null: none) and `close`. The request lives with the
 * layout, so a logout (which leaves it) takes a pending offer along.
 */
export function usePushOfferRequest(): { reason: PushOfferReason | null; close: () => void } {
  const [reason, setReason] = useState<PushOfferReason | null>(null);
  useEffect(() => {
    // Session storage's first use on a page costs tens of ms on a phone (30–80 ms at 4× slower CPU): not in the tasks
    // that draw the first screen (where the address banner of an unverified account still reads it). A save or a code
    // before then notes the visit itself (requestPushOffer); a layout that goes sooner notes it as it goes.
    const noteNow = whenIdle(() => notePushOfferVisit());
    const listener = (next: PushOfferReason) => setReason((current) => current ?? next);
    listeners.add(listener);
    return () => {
      noteNow();
      listeners.delete(listener);
    };
  }, []);
  const close = useCallback(() => setReason(null), []);
  return { reason, close };
}

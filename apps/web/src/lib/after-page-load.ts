/**
 * Code no first screen needs (the address banner's, issue 27), fetched once the page has loaded, the screen the visit
 * opened on has drawn its content (markFirstScreenDrawn: the home's first offers, or its empty, error or location
 * state; any other screen at once), the pictures then on the page have loaded and the browser is idle, so it never competes with the first screen's own code,
 * data and pictures. A screen that never says so releases it FIRST_SCREEN_FALLBACK_MS after the load event.
 */
export const FIRST_SCREEN_FALLBACK_MS = 4_000;

function pageLoaded(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
}

/** The pictures on the page when the first screen was drawn have loaded (or failed), at most `capMs` later. */
function picturesSettled(capMs: number): Promise<void> {
  const pending = Array.from(document.images).filter((image) => !image.complete);
  const settled = pending.map((image) => new Promise<void>((resolve) => {
    image.addEventListener('load', () => resolve(), { once: true });
    image.addEventListener('error', () => resolve(), { once: true });
  }));
  return Promise.race([Promise.all(settled).then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, capMs))]);
}

function browserIdle(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 2_000 });
    else setTimeout(resolve, 0);
  });
}

/** One visit's gate (a page load has one; tests make their own). */
export function createFirstScreenGate(fallbackMs = FIRST_SCREEN_FALLBACK_MS) {
  let markDrawn: () => void = () => undefined;
  const drawn = new Promise<void>((resolve) => {
    markDrawn = resolve;
  });
  return {
    /** The first screen's content is on the page (called again later: nothing more happens). */
    markDrawn: () => markDrawn(),
    /** Settles once the first screen is drawn (never, for a screen that does not say so). */
    drawn,
    /** Runs `load` once the page has loaded, the first screen is drawn (or the fallback passed) and the browser idles. */
    after<Module>(load: () => Promise<Module>): Promise<Module> {
      return pageLoaded()
        .then(() => Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, fallbackMs))]))
        // The first screen's own pictures (the first card's photo) before any code it does not need.
        .then(() => picturesSettled(fallbackMs))
        .then(browserIdle)
        .then(load);
    },
  };
}

/** The User Timing mark of the moment the app drew its first screen (bench:web reads it: the first load ends there). */
export const FIRST_SCREEN_MARK = 'qrib:first-screen';

const visit = createFirstScreenGate();
export function markFirstScreenDrawn(): void {
  if (typeof performance.mark === 'function' && performance.getEntriesByName(FIRST_SCREEN_MARK).length === 0) performance.mark(FIRST_SCREEN_MARK);
  visit.markDrawn();
}
export const afterFirstScreen = visit.after;
/** This visit's first screen is drawn (markFirstScreenDrawn was called). */
export const firstScreenDrawn = visit.drawn;

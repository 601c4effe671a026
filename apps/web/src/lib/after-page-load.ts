/**
 * Code no first screen needs (the address banner's, issue 27), fetched once the page has loaded, the screen the visit
 * opened on has drawn its content (markFirstScreenDrawn: the home's first offers, or its empty, error or location
 * state; any other screen at once) and the browser is idle, so it never competes with the first screen's own code,
 * data and pictures. A screen that never says so releases it FIRST_SCREEN_FALLBACK_MS after the load event.
 */
export const FIRST_SCREEN_FALLBACK_MS = 4_000;

function pageLoaded(): Promise<void> {
  return new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
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
    /** Runs `load` once the page has loaded, the first screen is drawn (or the fallback passed) and the browser idles. */
    after<Module>(load: () => Promise<Module>): Promise<Module> {
      return pageLoaded()
        .then(() => Promise.race([drawn, new Promise<void>((resolve) => setTimeout(resolve, fallbackMs))]))
        .then(browserIdle)
        .then(load);
    },
  };
}

const visit = createFirstScreenGate();
export const markFirstScreenDrawn = visit.markDrawn;
export const afterFirstScreen = visit.after;

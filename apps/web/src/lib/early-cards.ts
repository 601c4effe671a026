/**
 * The offers index.html drew before the app ran (ADR 022) stay on the screen until the app's home has drawn its own
 * (markFirstScreenDrawn), instead of giving way at React's first commit to the app's own waiting states: a slow phone
 * showed the offers, then 'Loading…', then the offers again. The drawn shell moves out of #root (React empties its
 * container) and #root stays hidden meanwhile; `fallbackMs` after the app starts it shows whatever the app has.
 * The shell is hidden from screen readers (its cards are a picture of the home, not yet the home), so beside it a
 * status says `loadingText` ('Loading…' in the reader's language) for as long as it is held.
 */
export const EARLY_CARDS_FALLBACK_MS = 4_000;

export function holdEarlyCards(root: HTMLElement, appDrawn: Promise<void>, loadingText: string, fallbackMs = EARLY_CARDS_FALLBACK_MS): void {
  const shell = root.querySelector('[data-testid="static-shell"]');
  // Only drawn offers are held: the skeleton alone gives way to the app's own waiting states at once.
  if (!shell?.querySelector('[data-testid="early-card"]')) return;
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.className = 'sr-only';
  root.after(status, shell);
  // Said once the region is in the page: many screen readers announce a live region's changes, not what it held when
  // it appeared.
  setTimeout(() => {
    status.textContent = loadingText;
  }, 0);
  root.hidden = true;
  void Promise.race([appDrawn, new Promise<void>((resolve) => setTimeout(resolve, fallbackMs))]).then(() => {
    status.remove();
    shell.remove();
    root.hidden = false;
  });
}

/**
 * Code no first screen needs (the address banner's, issue 27), fetched once the page has loaded and the browser is
 * idle, so it never competes with the first screen's own code and data.
 */
export function afterPageLoad<Module>(load: () => Promise<Module>): Promise<Module> {
  return new Promise<void>((resolve) => {
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 2_000 });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  }).then(load);
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPageLoad } from './after-page-load.ts';

afterEach(() => vi.restoreAllMocks());

describe('afterPageLoad', () => {
  it('waits for the load event before loading, then answers what was loaded', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const load = vi.fn(() => Promise.resolve('module'));
    const loaded = afterPageLoad(load);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load).not.toHaveBeenCalled();
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads at once (when idle) on a page that has already loaded', async () => {
    await expect(afterPageLoad(() => Promise.resolve(42))).resolves.toBe(42);
  });
});

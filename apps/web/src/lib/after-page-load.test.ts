import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFirstScreenGate } from './after-page-load.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the first screen gate', () => {
  it('waits for the load event and for the first screen to be drawn, then answers what was loaded', async () => {
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const gate = createFirstScreenGate(60_000);
    const load = vi.fn(() => Promise.resolve('module'));
    const loaded = gate.after(load);
    gate.markDrawn();
    await settle();
    // Drawn, but the page has not loaded yet.
    expect(load).not.toHaveBeenCalled();
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await expect(loaded).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('on a loaded page, waits for the first screen before loading', async () => {
    const gate = createFirstScreenGate(60_000);
    const load = vi.fn(() => Promise.resolve(42));
    const loaded = gate.after(load);
    await settle();
    expect(load).not.toHaveBeenCalled();
    gate.markDrawn();
    await expect(loaded).resolves.toBe(42);
  });

  it('loads after the fallback when no screen says it is drawn', async () => {
    vi.useFakeTimers();
    const gate = createFirstScreenGate(4_000);
    const load = vi.fn(() => Promise.resolve('late'));
    const loaded = gate.after(load);
    await vi.advanceTimersByTimeAsync(3_900);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_200);
    await expect(loaded).resolves.toBe('late');
  });
});

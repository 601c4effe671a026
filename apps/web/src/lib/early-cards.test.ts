import { afterEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyCards } from './early-cards.ts';

const SKELETON = '<div data-testid="static-shell"><div class="qrib-shell-list"><div class="qrib-shell-card"></div></div></div>';
const DRAWN = '<div data-testid="static-shell"><div class="qrib-shell-list"><a data-testid="early-card" href="/viewoffer/11">Two pastizzi</a></div></div>';

function page(shell: string) {
  document.body.innerHTML = `<div id="root">${shell}</div>`;
  const root = document.getElementById('root');
  if (!root) throw new Error('no root');
  return root;
}
const shell = () => document.querySelector('[data-testid="static-shell"]');

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the offers index.html drew, held until the app has drawn its own', () => {
  it("stay on the screen outside #root, which stays hidden until the app's first screen is drawn", async () => {
    const root = page(DRAWN);
    let drawn: () => void = () => undefined;
    holdEarlyCards(root, new Promise<void>((resolve) => (drawn = resolve)), 'Qed jitgħabba…');
    expect(root.hidden).toBe(true);
    // Screen readers, to whom the drawn shell is hidden, hear that the page is loading.
    const status = document.querySelector('[role="status"]');
    // Empty when it appears, then said: a change of the live region, which screen readers announce.
    expect(status?.textContent).toBe('');
    await vi.waitFor(() => expect(status?.textContent).toBe('Qed jitgħabba…'));
    expect(status?.closest('[aria-hidden="true"]')).toBeNull();
    expect(root.contains(status)).toBe(false);
    expect(root.contains(shell())).toBe(false);
    expect(document.querySelector('[data-testid="early-card"]')).not.toBeNull();
    // React empties its container: the held offers are not in it.
    root.replaceChildren(document.createElement('main'));
    expect(document.querySelector('[data-testid="early-card"]')).not.toBeNull();
    drawn();
    await vi.waitFor(() => expect(root.hidden).toBe(false));
    expect(shell()).toBeNull();
    expect(document.querySelector('[role="status"]')).toBeNull();
  });

  it('give way after the fallback when the app never says it has drawn', async () => {
    vi.useFakeTimers();
    const root = page(DRAWN);
    holdEarlyCards(root, new Promise<void>(() => undefined), 'Loading…', 4_000);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(root.hidden).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(root.hidden).toBe(false);
    expect(shell()).toBeNull();
    expect(document.querySelector('[role="status"]')).toBeNull();
  });

  it('leave the skeleton alone: with no drawn offers the app shows its own waiting states at once', () => {
    const root = page(SKELETON);
    holdEarlyCards(root, new Promise<void>(() => undefined), 'Loading…');
    expect(root.hidden).toBe(false);
    expect(document.querySelector('[role="status"]')).toBeNull();
    expect(root.contains(shell())).toBe(true);
  });
});

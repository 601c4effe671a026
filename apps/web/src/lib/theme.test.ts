import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyDarkMode, DARK_MODE_STORAGE_KEY, isDarkInUse, prefersDark, readStoredDarkMode } from './theme.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});

/** index.html's inline scripts, run as the browser runs them before the app's code. */
function runIndexHtmlScripts() {
  const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
  for (const [, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) new Function(code ?? '')();
}
const deviceIs = (dark: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)', addEventListener() {}, removeEventListener() {} }));
const isDark = () => document.documentElement.classList.contains('dark');

describe('light or dark (DESIGN.md §5, issue 27)', () => {
  it("paints index.html in the remembered choice, else in the device's setting, before the app runs", () => {
    deviceIs(true);
    runIndexHtmlScripts();
    expect(isDark()).toBe(true);
    document.documentElement.classList.remove('dark');
    localStorage.setItem(DARK_MODE_STORAGE_KEY, 'false');
    runIndexHtmlScripts();
    expect(isDark()).toBe(false);

    deviceIs(false);
    localStorage.removeItem(DARK_MODE_STORAGE_KEY);
    runIndexHtmlScripts();
    expect(isDark()).toBe(false);
    localStorage.setItem(DARK_MODE_STORAGE_KEY, 'true');
    runIndexHtmlScripts();
    expect(isDark()).toBe(true);
  });

  it("uses the person's choice when there is one, else the device's setting", () => {
    expect(isDarkInUse(null, true)).toBe(true);
    expect(isDarkInUse(null, false)).toBe(false);
    expect(isDarkInUse(false, true)).toBe(false);
    expect(isDarkInUse(true, false)).toBe(true);
  });

  it('paints the page and remembers a choice on this device; no choice is remembered as none', () => {
    applyDarkMode(null, true);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(localStorage.getItem(DARK_MODE_STORAGE_KEY)).toBeNull();
    expect(readStoredDarkMode()).toBeNull();

    applyDarkMode(false, true);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(readStoredDarkMode()).toBe(false);

    applyDarkMode(true, false);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(readStoredDarkMode()).toBe(true);

    applyDarkMode(null, false);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem(DARK_MODE_STORAGE_KEY)).toBeNull();
  });

  it("reads the device's setting from prefers-color-scheme, light where the browser cannot tell", () => {
    expect(prefersDark()).toBe(false);
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-color-scheme: dark)', addEventListener() {}, removeEventListener() {} }));
    expect(prefersDark()).toBe(true);
  });
});

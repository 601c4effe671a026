/**
 * Light or dark on <html> (DESIGN.md §5, issue 27): the person's choice (Dark Mode on the profile, kept with the
 * account) when they made one, else the device's setting (prefers-color-scheme), followed as it changes. The choice
 * is also kept in localStorage ('true' or 'false'; absent while there is none) so the inline script of index.html
 * paints the right colours before any script of the app has run, signed in or not.
 */
import { useSyncExternalStore } from 'react';

export const DARK_MODE_STORAGE_KEY = 'qrib.darkMode';
const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The person's choice: true dark, false light, null none yet (the device decides). */
export type DarkModeChoice = boolean | null;

/** Whether the page is dark: the choice when there is one, else the device's setting. */
export function isDarkInUse(choice: DarkModeChoice, systemDark: boolean): boolean {
  return choice ?? systemDark;
}

function systemQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined;
}

export function prefersDark(): boolean {
  return systemQuery()?.matches ?? false;
}

/** The choice remembered on this device (what the inline script of index.html reads). */
export function readStoredDarkMode(storage: Storage | undefined = safeStorage()): DarkModeChoice {
  try {
    const stored = storage?.getItem(DARK_MODE_STORAGE_KEY);
    return stored === 'true' ? true : stored === 'false' ? false : null;
  } catch {
    return null;
  }
}

/** Puts the page in the colours the choice and the device's setting give, and remembers the choice on this device. */
export function applyDarkMode(
  choice: DarkModeChoice,
  systemDark: boolean = prefersDark(),
  root: HTMLElement = document.documentElement,
  storage: Storage | undefined = safeStorage(),
) {
  root.classList.toggle('dark', isDarkInUse(choice, systemDark));
  try {
    if (choice === null) storage?.removeItem(DARK_MODE_STORAGE_KEY);
    else storage?.setItem(DARK_MODE_STORAGE_KEY, String(choice));
  } catch {
    // Storage full or blocked (private mode): the theme still applies, only the early guess is lost.
  }
}

function subscribeToSystem(onChange: () => void): () => void {
  const query = systemQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** The device's light or dark setting, kept current (a phone that turns dark at sunset). */
export function useSystemDark(): boolean {
  return useSyncExternalStore(subscribeToSystem, prefersDark, () => false);
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

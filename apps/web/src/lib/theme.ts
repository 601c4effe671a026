/**
 * Dark Mode on <html>: the account's preference (GET /auth/me) decides; the last value is also kept in
 * localStorage so the inline script of index.html can apply it before the first paint of the next visit.
 */
export const DARK_MODE_STORAGE_KEY = 'qrib.darkMode';

export function applyDarkMode(on: boolean, root: HTMLElement = document.documentElement, storage: Storage | undefined = safeStorage()) {
  root.classList.toggle('dark', on);
  try {
    if (on) storage?.setItem(DARK_MODE_STORAGE_KEY, 'true');
    else storage?.removeItem(DARK_MODE_STORAGE_KEY);
  } catch {
    // Storage full or blocked (private mode): the theme still applies, only the early guess is lost.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

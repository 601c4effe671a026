/** Keeps <html class="dark"> in step with the signed-in account's Dark Mode; nobody signed in means light. */
import { useEffect } from 'react';
import { useMe } from '../features/auth/api/get-me.ts';
import { applyDarkMode } from '../lib/theme.ts';

export function AccountTheme() {
  const me = useMe();
  // Undefined while /auth/me has not answered (or failed): the early guess of index.html's inline script stays.
  const darkMode = me.data === undefined ? undefined : (me.data?.preferences.darkMode ?? false);
  useEffect(() => {
    if (darkMode !== undefined) applyDarkMode(darkMode);
  }, [darkMode]);
  return null;
}

/**
 * Keeps <html class="dark"> in step with the account's Dark Mode, or with the device's light or dark setting while
 * the person has not chosen (DESIGN.md §5). Signed out, the choice last made on this device (if any) still holds.
 */
import { useEffect } from 'react';
import { useMe } from '../features/auth/api/get-me.ts';
import { applyDarkMode, readStoredDarkMode, useSystemDark, type DarkModeChoice } from '../lib/theme.ts';

export function AccountTheme() {
  const me = useMe();
  const systemDark = useSystemDark();
  // Undefined while /auth/me has not answered (or failed): the early guess of index.html's inline script stays.
  const choice: DarkModeChoice | undefined = me.data === undefined ? undefined : me.data === null ? readStoredDarkMode() : me.data.preferences.darkMode;
  useEffect(() => {
    if (choice !== undefined) applyDarkMode(choice, systemDark);
  }, [choice, systemDark]);
  return null;
}

/**
 * At sign-in, shows the app in the account's saved language (`preferences.language`) when this device has not
 * chosen one: the choice is written to this device's cookie and the page reloads, as when it is picked by hand.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../features/auth/api/get-me.ts';
import { accountLanguageToApply, chooseLanguage, hasLanguageCookie } from '../lib/i18n.ts';

export function AccountLanguage() {
  const me = useMe();
  const { i18n } = useTranslation();
  const language = accountLanguageToApply(me.data?.preferences.language, i18n.language);
  useEffect(() => {
    // Reloads only once the cookie is kept: a browser refusing cookies would otherwise reload for ever.
    if (language) chooseLanguage(language, () => hasLanguageCookie() && window.location.reload());
  }, [language]);
  return null;
}

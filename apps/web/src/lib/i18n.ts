/**
 * i18next with the nine catalogs of packages/shared. The language comes from the `/en/{code}` cookie;
 * choosing another one rewrites the cookie and reloads the page (spec §4).
 */
import i18next, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  FIELD_LABELS,
  LANGUAGE_COOKIE_NAME,
  catalogs,
  languageCookieValue,
  matchMessage,
  parseLanguageCookie,
  textDirection,
  type LanguageCode,
} from '@qrib/shared';

export function readLanguageCookie(cookieHeader: string = document.cookie): LanguageCode {
  const entry = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE_NAME}=`));
  return parseLanguageCookie(entry ? decodeURIComponent(entry.slice(LANGUAGE_COOKIE_NAME.length + 1)) : undefined);
}

export function initI18n(language: LanguageCode) {
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
  const resources = Object.fromEntries(
    Object.entries(catalogs).map(([code, catalog]) => [code, { translation: catalog }]),
  );
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return i18next;
}

export function chooseLanguage(code: LanguageCode, reload: () => void = () => window.location.reload()) {
  const oneYear = 365 * 24 * 60 * 60;
  // The spec's raw value `/en/{code}` ('/' is a legal cookie character).
  document.cookie = `${LANGUAGE_COOKIE_NAME}=${languageCookieValue(code)}; path=/; max-age=${oneYear}; samesite=lax`;
  reload();
}

/** Shows a shared message (from a schema or from the server) in the reader's language. */
export function translateMessage(t: TFunction, message: string): string {
  const match = matchMessage(message);
  if (!match) return message;
  // A field the message names ('{{label}} is required') is named in the reader's language too.
  const field = Object.entries(FIELD_LABELS).find(([, label]) => label === match.params.label)?.[0];
  const params = field ? { ...match.params, label: t(`fields.${field}`) } : match.params;
  return t(`messages.${match.key}`, params);
}

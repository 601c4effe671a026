/**
 * i18next with the ten catalogs of packages/shared. The language comes from the `/en/{code}` cookie;
 * choosing another one rewrites the cookie and reloads the page (spec §4).
 *
 * Only the reader's catalog is loaded: English comes with the app (it is the fallback), every other one is its own
 * chunk (`@qrib/shared/i18n/{code}`), fetched by loadCatalog before the first render, so an Arabic reader never sees
 * English first.
 */
import i18next, { type FormatFunction, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FIELD_LABELS } from '@qrib/shared/field-labels';
import { LANGUAGE_COOKIE_NAME, isLanguageCode, languageCookieValue, parseLanguageCookie, textDirection, type LanguageCode } from '@qrib/shared/languages';
import { codeOfMessage, type MessageCode } from '@qrib/shared/message-codes';
import { enCore } from '@qrib/shared/i18n/en-core';
import type { Catalog } from '@qrib/shared/i18n/en';
import { ApiError, apiRequest, isConnectionFailure } from './api-client.ts';
import { numberFormat } from './intl-formats.ts';

/** How each catalog but English is fetched: one chunk per language. */
const CATALOG_LOADERS: Record<Exclude<LanguageCode, 'en'>, () => Promise<Catalog>> = {
  mt: async () => (await import('@qrib/shared/i18n/mt')).mt,
  fr: async () => (await import('@qrib/shared/i18n/fr')).fr,
  it: async () => (await import('@qrib/shared/i18n/it')).it,
  de: async () => (await import('@qrib/shared/i18n/de')).de,
  el: async () => (await import('@qrib/shared/i18n/el')).el,
  tr: async () => (await import('@qrib/shared/i18n/tr')).tr,
  ar: async () => (await import('@qrib/shared/i18n/ar')).ar,
  hi: async () => (await import('@qrib/shared/i18n/hi')).hi,
  ja: async () => (await import('@qrib/shared/i18n/ja')).ja,
};
/**
 * The catalogs this page has: English from the start (the strings every screen may need; the owner's screens add
 * theirs with addEnglishStrings), the others, whole, once loadCatalog fetched them.
 */
/** Part of a catalog: English's first load has some of a namespace's strings (en-core's trust.* has the home's two). */
type CatalogPart<T> = { [K in keyof T]?: T[K] extends string ? T[K] : CatalogPart<T[K]> };
const loadedCatalogs: Partial<Record<LanguageCode, CatalogPart<Catalog>>> = { en: enCore };

/**
 * English strings that come with a screen's code (lib/owner-strings.ts): kept for every later initI18n, and given to
 * i18next at once if it runs already. Other languages' catalogs are loaded whole and have them.
 */
export function addEnglishStrings(strings: CatalogPart<Catalog>): void {
  loadedCatalogs.en = { ...loadedCatalogs.en, ...strings };
  if (i18next.isInitialized) i18next.addResourceBundle('en', 'translation', strings, true, true);
}

/** Fetches a language's catalog (once); initI18n then has it. English is already there. */
export async function loadCatalog(code: LanguageCode): Promise<void> {
  if (loadedCatalogs[code]) return;
  if (code === 'en') return;
  const catalog = await CATALOG_LOADERS[code]();
  loadedCatalogs[code] = catalog;
  if (i18next.isInitialized) i18next.addResourceBundle(code, 'translation', catalog);
}

/** The languages whose catalog this page has loaded. */
export function loadedLanguages(): LanguageCode[] {
  return Object.keys(loadedCatalogs).filter(isLanguageCode);
}

export function readLanguageCookie(cookieHeader: string = document.cookie): LanguageCode {
  const entry = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${LANGUAGE_COOKIE_NAME}=`));
  if (!entry) return parseLanguageCookie(undefined);
  // A damaged value ('%E0%A4%A') is no choice: decodeURIComponent would throw before the app's first render.
  let value: string | undefined;
  try {
    value = decodeURIComponent(entry.slice(LANGUAGE_COOKIE_NAME.length + 1));
  } catch {
    value = undefined;
  }
  return parseLanguageCookie(value);
}

/**
 * Every number a message is given goes through Intl in the reader's language, with the Intl options a call names
 * under i18next's `formatParams` (`t(key, { value, formatParams: { value: { minimumFractionDigits: 2 } } })`).
 * Any other value (a text, or undefined for a missing one) is handed back untouched.
 */
const formatNumbers: FormatFunction = (value, _format, lng, options) => {
  if (typeof value !== 'number' || !lng) return value;
  const key: unknown = options?.interpolationkey;
  const params: unknown = typeof key === 'string' ? options?.formatParams?.[key] : undefined;
  return numberFormat(lng, typeof params === 'object' && params !== null ? (params as Intl.NumberFormatOptions) : undefined).format(value);
};

export function initI18n(language: LanguageCode) {
  document.documentElement.lang = language;
  document.documentElement.dir = textDirection(language);
  // The catalogs loaded so far (call loadCatalog(language) first); a language not loaded reads in English.
  const resources = Object.fromEntries(
    Object.entries(loadedCatalogs).map(([code, catalog]) => [code, { translation: catalog }]),
  );
  void i18next.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: {
      escapeValue: false,
      // A number given to a message is written the reader's way (Arabic-Indic digits, 1,5 in French); texts as they are.
      alwaysFormat: true,
      format: formatNumbers,
    },
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

/**
 * The choice of a signed-in reader is kept with their account too (`preferences.language`: mails, their other
 * devices), then on this device as for anyone. A failed save does not stop the switch: the device keeps its choice.
 */
export async function chooseLanguageForAccount(code: LanguageCode, reload?: () => void) {
  try {
    await apiRequest('/me', { method: 'PATCH', body: { preferences: { language: code } } });
  } catch {
    // The cookie below still applies the choice here; the account keeps its earlier language.
  }
  chooseLanguage(code, reload);
}

/** Whether this device has chosen a language (the cookie is there, whatever it says). */
export function hasLanguageCookie(cookieHeader: string = document.cookie): boolean {
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${LANGUAGE_COOKIE_NAME}=`));
}

/**
 * At sign-in, the account's saved language, when this device has made no choice of its own and shows another
 * one; otherwise null (a choice made on this device wins).
 */
export function accountLanguageToApply(saved: string | undefined, shown: string, cookieHeader?: string): LanguageCode | null {
  // The cookie (a synchronous ask of the browser) is read last, only when the account's language would apply.
  if (saved === undefined || !isLanguageCode(saved) || saved === shown || hasLanguageCookie(cookieHeader ?? document.cookie)) return null;
  return saved;
}

/**
 * A message by its code (the server's, or a shared schema's) in the reader's language, with i18next interpolation;
 * a field the message names ('{{label}} is required', params.field) is named in the reader's language too.
 */
export function translateCode(t: TFunction, { code, params }: MessageCode): string {
  const field = typeof params.field === 'string' && Object.hasOwn(FIELD_LABELS, params.field) ? params.field : undefined;
  return t(`messages.${code}`, field ? { ...params, label: t(`fields.${field}`) } : params);
}

/**
 * A message the web holds as English text: a shared schema's zod message or a MESSAGES constant. Its code is found
 * by looking the exact text up (templates and the schemas' codedMessage texts), never by parsing it; any other
 * text (a shop owner's own words, text already translated) is shown as it is.
 */
export function translateMessage(t: TFunction, message: string): string {
  const coded = codeOfMessage(message);
  return coded ? translateCode(t, coded) : message;
}

/**
 * What went wrong, in the reader's language: no answer at all as 'No connection — try again', else by the server's
 * code when it answered one, else by the error's text.
 */
export function translateError(t: TFunction, error: unknown): string {
  if (isConnectionFailure(error)) return t('deadEnds.noConnection');
  if (error instanceof ApiError && error.code) return translateCode(t, error.code);
  return error instanceof Error ? translateMessage(t, error.message) : String(error);
}

/** A stored reason (a receipt's): by its code when it has one, else the words a person typed, as they are. */
export function translateReason(t: TFunction, code: MessageCode['code'] | null, params: MessageCode['params'], words: string | null): string | null {
  return code ? translateCode(t, { code, params }) : words;
}

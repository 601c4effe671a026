/**
 * The nine languages of spec §9, and Maltese (Malta's own language, issue 12; DESIGN.md §5), and the cookie that
 * keeps the reader's choice.
 */
export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'mt', label: 'Malti' },
  { code: 'fr', label: 'Français' },
  { code: 'it', label: 'Italiano' },
  { code: 'de', label: 'Deutsch' },
  { code: 'el', label: 'Ελληνικά' },
  { code: 'tr', label: 'Türkçe' },
  { code: 'ar', label: 'العربية' },
  { code: 'hi', label: 'हिन्दी' },
  { code: 'ja', label: '日本語' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';
export const RTL_LANGUAGES: readonly LanguageCode[] = ['ar'];

/** Spec §9: the choice is kept in a translation-service cookie whose value is `/en/{code}`. */
export const LANGUAGE_COOKIE_NAME = 'googtrans';

export function isLanguageCode(value: string): value is LanguageCode {
  return LANGUAGES.some((language) => language.code === value);
}

export function languageCookieValue(code: LanguageCode): string {
  return `/en/${code}`;
}

/** Reads the language out of a cookie value such as `/en/ar`; anything else gives the default. */
export function parseLanguageCookie(value: string | undefined): LanguageCode {
  const code = value?.split('/').filter(Boolean).at(-1) ?? '';
  return isLanguageCode(code) ? code : DEFAULT_LANGUAGE;
}

export function textDirection(code: LanguageCode): 'rtl' | 'ltr' {
  return RTL_LANGUAGES.includes(code) ? 'rtl' : 'ltr';
}

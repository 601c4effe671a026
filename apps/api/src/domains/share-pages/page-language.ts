/**
 * The language of a share page: the reader's own choice in the app (the `/en/{code}` cookie) when they made one,
 * else the first of their browser's `Accept-Language` tags (by weight) that is one of the app's ten, else English.
 */
import { LANGUAGES, isLanguageCode, type LanguageCode } from '@qrib/shared';

function fromCookie(value: string | undefined): LanguageCode | undefined {
  const code = value?.split('/').filter(Boolean).at(-1)?.toLowerCase() ?? '';
  return isLanguageCode(code) ? code : undefined;
}

/** `fr-CH, fr;q=0.9, en;q=0.8` → the best supported language, or undefined. */
export function languageFromAcceptLanguage(header: string | undefined): LanguageCode | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const weight = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: weight === undefined ? 1 : Number(weight), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLanguageCode);
}

export function pickLanguage(languageCookie: string | undefined, acceptLanguage: string | undefined): LanguageCode {
  return fromCookie(languageCookie) ?? languageFromAcceptLanguage(acceptLanguage) ?? LANGUAGES[0].code;
}

/**
 * The Intl locale for dates and money: English the Maltese way ('27 Nov 2026', 24-hour; en-GB writes them as en-MT
 * does and every ICU has it, as apps/web/src/lib/format.ts), the others as they are.
 */
export function intlLocale(language: LanguageCode): string {
  return language === 'en' ? 'en-GB' : language;
}

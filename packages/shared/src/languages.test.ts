import { describe, expect, it } from 'vitest';
import { languageCookieValue, parseLanguageCookie, textDirection } from './languages.ts';

describe('languages', () => {
  it('writes and reads the /en/{code} cookie value', () => {
    expect(languageCookieValue('ar')).toBe('/en/ar');
    expect(parseLanguageCookie('/en/ja')).toBe('ja');
    expect(parseLanguageCookie('/en/zz')).toBe('en');
    expect(parseLanguageCookie(undefined)).toBe('en');
  });

  it('is right to left only for Arabic', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('he' as never)).toBe('ltr');
    expect(textDirection('en')).toBe('ltr');
  });
});

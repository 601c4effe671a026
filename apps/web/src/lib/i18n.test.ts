import { describe, expect, it, vi } from 'vitest';
import { FIELD_LABELS, MESSAGES, formatMessage } from '@qrib/shared';
import { chooseLanguage, initI18n, readLanguageCookie, translateMessage } from './i18n.ts';

describe('i18n', () => {
  it('reads the language from the /en/{code} cookie, defaulting to English', () => {
    expect(readLanguageCookie('a=1; googtrans=%2Fen%2Far; b=2')).toBe('ar');
    expect(readLanguageCookie('googtrans=/en/ja')).toBe('ja');
    expect(readLanguageCookie('googtrans=/en/xx')).toBe('en');
    expect(readLanguageCookie('')).toBe('en');
  });

  it('sets lang and dir on the document, right to left for Arabic', () => {
    initI18n('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    initI18n('de');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('keeps the choice in the cookie and reloads', () => {
    const reload = vi.fn();
    chooseLanguage('el', reload);
    expect(document.cookie).toContain('googtrans=/en/el');
    expect(readLanguageCookie()).toBe('el');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('translates server messages, placeholders included, and leaves unknown text alone', async () => {
    const i18n = initI18n('it');
    await i18n.changeLanguage('it');
    const server = formatMessage(MESSAGES.tooManyLoginAttempts, { minutes: 12 });
    const translated = translateMessage(i18n.t, server);
    expect(translated).not.toBe(server);
    expect(translated).toContain('12');
    expect(translateMessage(i18n.t, 'Something only the server knows')).toBe('Something only the server knows');
  });

  it('names the field of a message in the reader’s language', async () => {
    const i18n = initI18n('fr');
    await i18n.changeLanguage('fr');
    const server = formatMessage(MESSAGES.controlCharacters, { label: FIELD_LABELS.phone });
    expect(translateMessage(i18n.t, server)).toBe('Le champ « Téléphone » doit tenir sur une seule ligne, sans tabulations ni autres caractères de contrôle');
  });
});

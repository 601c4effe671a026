import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { signupRequestSchema } from '@qrib/shared/auth-schemas';
import { FIELD_LABELS } from '@qrib/shared/field-labels';
import { LANGUAGES, RTL_LANGUAGES } from '@qrib/shared/languages';
import { MALTA_TIME_ZONE } from '@qrib/shared/malta-time';
import { MESSAGES, formatMessage } from '@qrib/shared/messages';
import { ar as ARABIC } from '@qrib/shared/i18n/ar';
import { en as ENGLISH } from '@qrib/shared/i18n/en';
import { fr as FRENCH } from '@qrib/shared/i18n/fr';
import { ApiError } from './api-client.ts';
import { dateLocale } from './format.ts';
import { stubApi } from '../testing/api-stub.ts';
import {
  accountLanguageToApply,
  chooseLanguage,
  chooseLanguageForAccount,
  hasLanguageCookie,
  initI18n,
  readLanguageCookie,
  translateCode,
  translateError,
  translateMessage,
} from './i18n.ts';

describe('i18n', () => {
  it('has only English until another catalog is loaded, then reads the loaded language from the first render', async () => {
    vi.resetModules();
    const fresh = await import('./i18n.ts');
    expect(fresh.loadedLanguages()).toEqual(['en']);
    // Not loaded: the page would read English.
    expect(FRENCH.auth.loginTitle).not.toBe(ENGLISH.auth.loginTitle);
    expect(fresh.initI18n('fr').t('auth.loginTitle')).toBe(ENGLISH.auth.loginTitle);
    await fresh.loadCatalog('ar');
    expect(fresh.loadedLanguages().sort()).toEqual(['ar', 'en']);
    const arabic = fresh.initI18n('ar');
    await arabic.changeLanguage('ar');
    expect(arabic.t('auth.loginTitle')).toBe(ARABIC.auth.loginTitle);
    expect(arabic.t('auth.loginTitle')).not.toBe(ENGLISH.auth.loginTitle);
    // Loaded after init: added to the running instance.
    await fresh.loadCatalog('fr');
    await arabic.changeLanguage('fr');
    expect(arabic.t('auth.loginTitle')).toBe(FRENCH.auth.loginTitle);
    expect(fresh.loadedLanguages().sort()).toEqual(['ar', 'en', 'fr']);
  });

  it('reads the language from the /en/{code} cookie, defaulting to English', () => {
    expect(readLanguageCookie('a=1; googtrans=%2Fen%2Far; b=2')).toBe('ar');
    expect(readLanguageCookie('googtrans=/en/ja')).toBe('ja');
    expect(readLanguageCookie('googtrans=/en/mt')).toBe('mt');
    expect(readLanguageCookie('googtrans=/en/xx')).toBe('en');
    expect(readLanguageCookie('')).toBe('en');
    // A damaged value is no choice, not an error that stops the app.
    expect(readLanguageCookie('googtrans=%E0%A4%A')).toBe('en');
  });

  it('sets lang and dir on the document, right to left for Arabic', () => {
    initI18n('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    initI18n('de');
    expect(document.documentElement.dir).toBe('ltr');
    initI18n('mt');
    expect(document.documentElement.lang).toBe('mt');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it("index.html sets the cookie's language and its direction before the app runs, for the app's languages only", () => {
    const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '').find((code) => code.includes('googtrans'));
    if (!script) throw new Error('index.html has no inline script that reads the language cookie');
    // Its lists are the shared ones.
    const lists = [...script.matchAll(/\[((?:'[a-z]{2}',?\s*)+)\]/g)].map((match) => (match[1] ?? '').split(',').map((code) => code.trim().replaceAll("'", '')));
    expect(lists).toEqual([LANGUAGES.map((language) => language.code), [...RTL_LANGUAGES]]);

    const firstPaint = (cookie: string) => {
      document.documentElement.lang = 'en';
      document.documentElement.dir = 'ltr';
      vi.spyOn(document, 'cookie', 'get').mockReturnValue(cookie);
      new Function(script)();
      vi.restoreAllMocks();
      return `${document.documentElement.lang} ${document.documentElement.dir}`;
    };
    expect(firstPaint('a=1; googtrans=%2Fen%2Far; b=2')).toBe('ar rtl');
    expect(firstPaint('googtrans=/en/mt')).toBe('mt ltr');
    expect(firstPaint('googtrans=/en/xx')).toBe('en ltr');
    expect(firstPaint('notgoogtrans=/en/ar')).toBe('en ltr');
    expect(firstPaint('googtrans=%E0%A4%A')).toBe('en ltr');
    expect(firstPaint('')).toBe('en ltr');
    // From right to left back to left to right.
    document.documentElement.lang = 'ar';
    document.documentElement.dir = 'rtl';
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('googtrans=/en/de');
    new Function(script)();
    vi.restoreAllMocks();
    expect(`${document.documentElement.lang} ${document.documentElement.dir}`).toBe('de ltr');
    document.documentElement.classList.remove('dark');
  });

  it("index.html has a worker load the browser's date and number data in the reader's language before the app needs it", () => {
    const html = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
    const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '').find((code) => code.includes('googtrans'));
    if (!script) throw new Error('index.html has no inline script that reads the language cookie');
    const started: { code: string; name: string | undefined }[] = [];
    // What the script hands the worker: the Blob's text, behind the URL made for it.
    const blobs = new Map<string, string>();
    class TextBlob {
      constructor(readonly parts: string[]) {}
      text() {
        return Promise.resolve(this.parts.join(''));
      }
    }
    vi.stubGlobal('Blob', TextBlob);
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: string, options?: { name?: string }) {
          const code = blobs.get(url);
          if (code === undefined) throw new Error(`no blob behind ${url}`);
          started.push({ code, name: options?.name });
        }
        postMessage() {
          throw new Error('the warm-up worker is sent nothing: the language is its name');
        }
      },
    );
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, (blob as unknown as TextBlob).parts.join(''));
      return url;
    });
    const cookie = vi.spyOn(document, 'cookie', 'get');
    const firstPaint = (value: string) => {
      document.documentElement.lang = 'en';
      cookie.mockReturnValue(value);
      new Function(script)();
    };
    try {
      firstPaint('');
      firstPaint('googtrans=/en/ar');
      firstPaint('googtrans=/en/xx');
    } finally {
      // Only these two: restoring every mock would also lift the setup's console guard.
      cookie.mockRestore();
      createObjectURL.mockRestore();
      vi.unstubAllGlobals();
      document.documentElement.lang = 'en';
      document.documentElement.dir = 'ltr';
    }
    // The locale the app formats with (lib/format.ts's dateLocale: English the en-GB way); an unknown language is English.
    expect(started.map((worker) => worker.name)).toEqual([dateLocale('en'), dateLocale('ar'), dateLocale('en')]);
    // On the clock the app's dates use.
    expect(started[0]?.code).toContain(`timeZone: '${MALTA_TIME_ZONE}'`);
    // The worker's own code makes a date and a number formatter in that language, then ends itself.
    const made: string[] = [];
    const close = vi.fn();
    const scope = { name: 'ar' };
    const Intl = {
      DateTimeFormat: class {
        constructor(locale: string) {
          made.push(`date ${locale}`);
        }
        format() {
          return '';
        }
      },
      NumberFormat: class {
        constructor(locale: string) {
          made.push(`number ${locale}`);
        }
        format() {
          return '';
        }
      },
    };
    new Function('self', 'Intl', 'close', started[1]?.code ?? '')(scope, Intl, close);
    expect(made).toEqual(['date ar', 'number ar']);
    expect(close).toHaveBeenCalledOnce();
  });

  it('keeps the choice in the cookie and reloads', () => {
    const reload = vi.fn();
    chooseLanguage('el', reload);
    expect(document.cookie).toContain('googtrans=/en/el');
    expect(readLanguageCookie()).toBe('el');
    expect(reload).toHaveBeenCalledOnce();
  });

  it('keeps a signed-in reader’s choice with the account too, and switches even when that save fails', async () => {
    const saved = stubApi({ 'PATCH /api/v1/me': { body: { user: {} } } });
    const reload = vi.fn();
    await chooseLanguageForAccount('mt', reload);
    expect(saved.calls).toEqual([{ method: 'PATCH', path: '/api/v1/me', body: { preferences: { language: 'mt' } } }]);
    expect(readLanguageCookie()).toBe('mt');
    expect(reload).toHaveBeenCalledOnce();

    stubApi({ 'PATCH /api/v1/me': { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'Server error' } } });
    await chooseLanguageForAccount('ar', reload);
    expect(readLanguageCookie()).toBe('ar');
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('at sign-in applies the account’s language only when this device has not chosen one', () => {
    expect(hasLanguageCookie('a=1; googtrans=/en/fr')).toBe(true);
    expect(hasLanguageCookie('a=1; b=googtrans')).toBe(false);
    expect(accountLanguageToApply('mt', 'en', 'a=1')).toBe('mt');
    expect(accountLanguageToApply('ar', 'en', '')).toBe('ar');
    // This device's own choice wins, even when it is English.
    expect(accountLanguageToApply('mt', 'en', 'googtrans=/en/en')).toBeNull();
    expect(accountLanguageToApply('mt', 'fr', 'googtrans=%2Fen%2Ffr')).toBeNull();
    // Already shown, nobody signed in, or a value that is not one of the ten: nothing to do.
    expect(accountLanguageToApply('en', 'en', '')).toBeNull();
    expect(accountLanguageToApply(undefined, 'en', '')).toBeNull();
    expect(accountLanguageToApply('xx', 'en', '')).toBeNull();
  });

  it('translates a server error by its code, params interpolated, and never parses English', async () => {
    const i18n = initI18n('it');
    await i18n.changeLanguage('it');
    const error = new ApiError(429, formatMessage(MESSAGES.tooManyLoginAttempts, { minutes: 12 }), {}, 'http', undefined, {
      code: { code: 'tooManyLoginAttempts', params: { minutes: 12 } },
    });
    expect(translateError(i18n.t, error)).toBe(i18n.t('messages.tooManyLoginAttempts', { minutes: 12 }));
    expect(translateError(i18n.t, error)).toContain('12');
    // English text with no code is shown as it is: a filled sentence is not reverse-matched any more.
    const uncoded = new Error(formatMessage(MESSAGES.tooManyLoginAttempts, { minutes: 12 }));
    expect(translateError(i18n.t, uncoded)).toBe(uncoded.message);
    expect(translateMessage(i18n.t, 'Something only the server knows')).toBe('Something only the server knows');
  });

  it('names the field of a coded message in the reader’s language (a French field name in a French message)', async () => {
    const i18n = initI18n('fr');
    await i18n.changeLanguage('fr');
    const code = { code: 'controlCharacters', params: { field: 'phone', label: FIELD_LABELS.phone } } as const;
    const expected = 'Le champ « Téléphone » doit tenir sur une seule ligne, sans tabulations ni autres caractères de contrôle';
    expect(translateCode(i18n.t, code)).toBe(expected);
    // The shared schema's own message (what a form's zod resolver gives) is found by the exact text, field included.
    const schemaMessage = signupRequestSchema.safeParse({ name: 'Maria Borg', email: 'm@example.com', phone: '+356\t7912 3456', username: 'maria', password: 'secret123' });
    expect(schemaMessage.success).toBe(false);
    expect(translateMessage(i18n.t, schemaMessage.error?.issues[0]?.message ?? '')).toBe(expected);
  });

  it('writes the numbers a message is given in the reader’s locale', async () => {
    const i18n = initI18n('ar');
    await i18n.changeLanguage('ar');
    expect(i18n.t('messages.hoursLeft', { count: 3 })).toBe(i18n.t('messages.hoursLeft', { count: new Intl.NumberFormat('ar').format(3) }));
    await i18n.changeLanguage('fr');
    expect(i18n.t('messages.kmAway', { distance: 1.5 })).toBe('À 1,5 km');
    await i18n.changeLanguage('de');
    expect(i18n.t('vendor.charactersLeft', { count: 1234 })).toContain('1.234');
    expect(i18n.t('dashboard.welcome', { name: 'Maria 2' })).toContain('Maria 2');
    await i18n.changeLanguage('en');
    expect(i18n.t('messages.daysLeft', { count: 12 })).toBe('12 days Left');
  });

  it.each(LANGUAGES.map((language) => language.code).filter((code) => code !== 'en'))(
    'in %s, every field a validation message names is named in that language, never in English',
    async (code) => {
      const i18n = initI18n(code);
      await i18n.changeLanguage(code);
      for (const [field, label] of Object.entries(FIELD_LABELS)) {
        for (const message of ['requiredField', 'textTooLong', 'controlCharacters', 'invisibleCharacters', 'tooManyStackedMarks', 'noVisibleText'] as const) {
          const text = translateCode(i18n.t, { code: message, params: { field, label, max: 100 } });
          const translated = i18n.t(`fields.${field}`);
          expect(text, `${message} ${field}`).toContain(translated);
          // A label that is the same word in both ('Documents' in French) may stay; any other English one may not.
          if (translated !== label) expect(text, `${message} ${field}`).not.toContain(label);
        }
      }
    },
  );

  it('translates a plain template constant by its key', async () => {
    const i18n = initI18n('fr');
    await i18n.changeLanguage('fr');
    expect(translateMessage(i18n.t, MESSAGES.invalidEmail)).toBe(i18n.t('messages.invalidEmail'));
    expect(translateMessage(i18n.t, MESSAGES.invalidEmail)).not.toBe(MESSAGES.invalidEmail);
  });
});

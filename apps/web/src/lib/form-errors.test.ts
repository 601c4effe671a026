import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@qrib/shared/messages';
import { ApiError } from './api-client.ts';
import { applyRequestError } from './form-errors.ts';
import { initI18n } from './i18n.ts';

type Values = { username: string; password: string };

describe('applyRequestError', () => {
  it('puts the server field codes under known fields and returns the server message, in the reader’s language', async () => {
    const i18n = initI18n('de');
    await i18n.changeLanguage('de');
    const setError = vi.fn();
    const error = new ApiError(409, MESSAGES.usernameTaken, { username: MESSAGES.usernameTaken, other: 'ignored' }, 'http', undefined, {
      code: { code: 'usernameTaken', params: {} },
      fieldErrorCodes: { username: { code: 'usernameTaken', params: {} }, other: { code: 'invalidInput', params: { detail: 'x' } } },
    });
    const translated = i18n.t('messages.usernameTaken');
    expect(translated).not.toBe(MESSAGES.usernameTaken);
    expect(applyRequestError<Values>(i18n.t, error, setError, ['username', 'password'], MESSAGES.loginFailed)).toBe(translated);
    expect(setError).toHaveBeenCalledExactlyOnceWith('username', { message: translated });
  });

  it('falls back to the given message when the error has none', async () => {
    const i18n = initI18n('en');
    await i18n.changeLanguage('en');
    const setError = vi.fn();
    expect(applyRequestError<Values>(i18n.t, new Error(''), setError, ['username'], MESSAGES.loginFailed)).toBe('Login failed');
    expect(applyRequestError<Values>(i18n.t, 'boom', setError, ['username'], MESSAGES.signupFailed)).toBe('Signup failed');
    expect(setError).not.toHaveBeenCalled();
  });
});

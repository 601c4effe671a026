import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client.ts';
import { applyRequestError } from './form-errors.ts';

type Values = { username: string; password: string };

describe('applyRequestError', () => {
  it('puts the server field messages under known fields and returns the server message', () => {
    const setError = vi.fn();
    const error = new ApiError(409, 'This username is already taken.', { username: 'taken', other: 'ignored' });
    expect(applyRequestError<Values>(error, setError, ['username', 'password'], 'Login failed')).toBe(
      'This username is already taken.',
    );
    expect(setError).toHaveBeenCalledExactlyOnceWith('username', { message: 'taken' });
  });

  it('falls back to the given message when the error has none', () => {
    const setError = vi.fn();
    expect(applyRequestError<Values>(new Error(''), setError, ['username'], 'Login failed')).toBe('Login failed');
    expect(applyRequestError<Values>('boom', setError, ['username'], 'Signup failed')).toBe('Signup failed');
    expect(setError).not.toHaveBeenCalled();
  });
});

/**
 * What a form shows when its request fails, in the reader's language: the server's per-field codes go under their
 * fields, and the form-level alert gets the error's code, or the given fallback (spec §8: 'Login failed', 'Signup
 * failed'); no answer at all reads 'No connection — try again'. The texts are translated here, by code (a translated
 * text shows as it is where the form translates it).
 */
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, isConnectionFailure } from './api-client.ts';
import { translateCode, translateError, translateMessage } from './i18n.ts';

export function applyRequestError<T extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): string {
  if (error instanceof ApiError) {
    for (const [field, code] of Object.entries(error.fieldErrorCodes)) {
      const known = fields.find((name) => name === field);
      if (known) setError(known, { message: translateCode(t, code) });
    }
  }
  if (isConnectionFailure(error) || (error instanceof ApiError && error.code)) return translateError(t, error);
  return error instanceof Error && error.message ? translateMessage(t, error.message) : translateMessage(t, fallback);
}

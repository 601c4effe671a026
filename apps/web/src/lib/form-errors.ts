/**
 * What a form shows when its request fails: the server's per-field messages go under their fields, and the
 * form-level alert gets the error's message, or the given fallback (spec §8: 'Login failed', 'Signup failed').
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

export function applyRequestError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
): string {
  if (error instanceof ApiError) {
    for (const [field, message] of Object.entries(error.fieldErrors)) {
      const known = fields.find((name) => name === field);
      if (known) setError(known, { message });
    }
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

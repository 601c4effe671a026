/**
 * What a settings form shows when its request fails: the server's field codes under their fields (nothing more at
 * the top), a refusal that names no field by its code, no answer at all as 'No connection — try again', and a
 * server failure as 'That did not work'.
 */
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, isConnectionFailure } from '../../../lib/api-client.ts';
import { applyRequestError } from '../../../lib/form-errors.ts';

export function requestFailureText<T extends FieldValues>(
  t: TFunction,
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  const message = applyRequestError(t, error, setError, fields, '');
  if (isConnectionFailure(error)) return message;
  if (!(error instanceof ApiError) || error.reason !== 'http' || error.status >= 500) return t('accountSettings.requestFailed');
  if (Object.keys(error.fieldErrorCodes).some((field) => fields.some((name) => name === field))) return null;
  return error.code ? message : t('accountSettings.requestFailed');
}

/**
 * What an account-access screen shows when its request fails: the server's refusal by its code (an invalid link,
 * too many requests), no answer as 'No connection — try again', and a server failure or an answer without a code as
 * 'That did not work'.
 */
import type { TFunction } from 'i18next';
import { ApiError, isConnectionFailure } from '../../../lib/api-client.ts';
import { translateError } from '../../../lib/i18n.ts';
import '../../../lib/account-strings.ts';

export function failureText(t: TFunction, error: unknown): string {
  if (isConnectionFailure(error) || (error instanceof ApiError && error.reason === 'http' && error.status < 500 && error.code)) return translateError(t, error);
  return t('accountAccess.requestFailed');
}

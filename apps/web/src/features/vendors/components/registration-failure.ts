/** Spec §8: the registration's four failure messages, chosen by how the request failed. */
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { translateCode, translateMessage } from '../../../lib/i18n.ts';

export function registrationFailureMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.reason === 'network') return t('messages.registrationNetworkError');
    if (error.reason === 'timeout') return t('messages.registrationNoResponse');
    return t('messages.registrationFailed', {
      message: error.code ? translateCode(t, error.code) : error.errorMessage ? translateMessage(t, error.errorMessage) : t('messages.serverError'),
    });
  }
  return t('messages.registrationUnexpected');
}

/** The error answers the account-access tests stub, shaped as the API sends them. */
import { MESSAGES, type MessageKey } from '@qrib/shared/messages';

export function refusal(statusCode: number, code: MessageKey, params: Record<string, string | number> = {}, fieldErrorCodes?: Record<string, { code: MessageKey; params: Record<string, never> }>) {
  const body = { statusCode, error: 'Refused', message: MESSAGES[code], code, params, ...(fieldErrorCodes ? { fieldErrorCodes, fieldErrors: Object.fromEntries(Object.entries(fieldErrorCodes).map(([field, entry]) => [field, MESSAGES[entry.code]])) } : {}) };
  return { status: statusCode, body };
}

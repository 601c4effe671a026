/**
 * The API's error shape (error-schema.ts) checked without zod, for the web app's request client: every screen
 * loads it, so it must not pull the schema library into the first load. error-body.test.ts holds it to the schema.
 */
import type { ApiErrorBody } from './error-schema.ts';
import { MESSAGES } from './messages.ts';

type Params = ApiErrorBody['params'];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isCode = (value: unknown): value is ApiErrorBody['code'] => typeof value === 'string' && Object.hasOwn(MESSAGES, value);

const isParams = (value: unknown): value is Params =>
  isRecord(value) && Object.values(value).every((item) => typeof item === 'string' || typeof item === 'number');

const isOptional = (value: unknown, check: (item: unknown) => boolean) => value === undefined || check(value);

/** True when `value` is an error answer as error-schema.ts's apiErrorSchema accepts it. */
export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (!isRecord(value)) return false;
  const { statusCode, error, message, code, params, fieldErrors, fieldErrorCodes, errorMessage } = value;
  return (
    Number.isInteger(statusCode) &&
    typeof error === 'string' &&
    typeof message === 'string' &&
    isCode(code) &&
    isParams(params) &&
    isOptional(fieldErrors, (item) => isRecord(item) && Object.values(item).every((text) => typeof text === 'string')) &&
    isOptional(
      fieldErrorCodes,
      (item) => isRecord(item) && Object.values(item).every((entry) => isRecord(entry) && isCode(entry.code) && isParams(entry.params)),
    ) &&
    isOptional(errorMessage, (item) => typeof item === 'string')
  );
}

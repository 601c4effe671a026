/**
 * An error with an HTTP status and a message code (a key of MESSAGES) with its params; the error handler answers
 * it, the English message made from the code. Handlers and plugins throw it; services throw DomainError.
 */
import { STATUS_CODES } from 'node:http';
import type { MessageKey } from '@qrib/shared';
import type { MessageParams } from './domain-error.ts';

export type FieldCodes = Record<string, { code: MessageKey; params?: MessageParams }>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageKey,
    readonly params: MessageParams = {},
    /** Per-field codes, for a refusal that names fields. */
    readonly fieldCodes?: FieldCodes,
    /** Headers the answer carries (Retry-After of a 503, say). */
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.name = 'HttpError';
  }
}

/** The same code on one field: `new HttpError(400, 'cursorInvalid', {}, onField('cursor', 'cursorInvalid'))`. */
export function onField(field: string, code: MessageKey, params?: MessageParams): FieldCodes {
  return { [field]: params ? { code, params } : { code } };
}

export function statusText(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}

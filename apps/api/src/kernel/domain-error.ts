/**
 * The one error class of the API (DESIGN.md §10, ADR 020): what commands, policies, handlers and plugins throw. It
 * carries the kind of refusal and its HTTP status, a stable `code` (a key of MESSAGES) with its `params`, per-field
 * codes, and headers the answer needs; the error handler (kernel/errors.ts) answers it, the English message made
 * from the code. Commands name the kind, never a status; nothing downstream parses a sentence.
 */
import { STATUS_CODES } from 'node:http';
import type { MessageKey } from '@qrib/shared';

export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'gone'
  | 'too-large'
  | 'unsupported'
  | 'too-many'
  | 'unavailable';

export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  gone: 410,
  'too-large': 413,
  unsupported: 415,
  'too-many': 429,
  unavailable: 503,
};

export type MessageParams = Record<string, string | number>;

export type FieldCodes = Record<string, { code: MessageKey; params?: MessageParams }>;

export class DomainError extends Error {
  /** The answer's HTTP status, from the kind. */
  readonly statusCode: number;

  constructor(
    readonly kind: DomainErrorKind,
    readonly code: MessageKey,
    readonly params: MessageParams = {},
    /** Per-field codes, for a refusal that names fields (a form shows each next to its field). */
    readonly fieldCodes?: FieldCodes,
    /** Headers the answer carries (Retry-After of a 503, say). */
    readonly headers?: Record<string, string>,
  ) {
    super(code);
    this.name = 'DomainError';
    this.statusCode = STATUS_OF_KIND[kind];
  }
}

/** The same code on one field: `new DomainError('invalid', 'cursorInvalid', {}, onField('cursor', 'cursorInvalid'))`. */
export function onField(field: string, code: MessageKey, params?: MessageParams): FieldCodes {
  return { [field]: params ? { code, params } : { code } };
}

export function statusText(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}

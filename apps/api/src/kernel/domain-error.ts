/**
 * What services and policies throw (DESIGN.md §10): a stable `code` (a key of MESSAGES) with its `params`, and the
 * kind of refusal; the error handler turns the kind into an HTTP status and the code into the English message.
 * Services never speak HTTP, and nothing downstream parses a sentence.
 */
import type { MessageKey } from '@qrib/shared';

export type DomainErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported'
  | 'too-many';

export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unsupported: 415,
  'too-many': 429,
};

export type MessageParams = Record<string, string | number>;

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    readonly code: MessageKey,
    readonly params: MessageParams = {},
    /** Per-field codes, for a refusal that names fields (a form shows each next to its field). */
    readonly fieldCodes?: Record<string, { code: MessageKey; params?: MessageParams }>,
  ) {
    super(code);
    this.name = 'DomainError';
  }
}

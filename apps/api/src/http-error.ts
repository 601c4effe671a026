/** An error with an HTTP status and a message that tells the caller what to fix; the error handler answers it. */
import { STATUS_CODES } from 'node:http';

export class HttpError extends Error {
  readonly statusCode: number;
  readonly fieldErrors: Record<string, string> | undefined;

  constructor(statusCode: number, message: string, fieldErrors?: Record<string, string>) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.fieldErrors = fieldErrors;
  }
}

export function statusText(statusCode: number): string {
  return STATUS_CODES[statusCode] ?? 'Error';
}

/**
 * One error shape for every error (DESIGN.md §4): {statusCode, error, message, fieldErrors?}. Validation
 * errors name each field with the shared schema's message; the first failing rule is the message. 5xx
 * answers never carry internals.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, formatMessage, type ApiErrorBody } from '@qrib/shared';
import { DomainError, STATUS_OF_KIND } from '../domain-error.ts';
import { HttpError, statusText } from '../http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Errors of this route also carry `errorMessage` (the spec's registration client reads that field). */
    errorMessageField?: boolean;
  }
}

function sendError(reply: FastifyReply, statusCode: number, message: string, fieldErrors?: Record<string, string>) {
  const body: ApiErrorBody = { statusCode, error: statusText(statusCode), message };
  if (fieldErrors && Object.keys(fieldErrors).length > 0) body.fieldErrors = fieldErrors;
  if (reply.request.routeOptions.config.errorMessageField) body.errorMessage = message;
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own 4xx errors, reworded so they say what to fix. */
function describeFrameworkError(error: FastifyError, contentType: string | undefined): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MESSAGES.invalidJson;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return formatMessage(MESSAGES.unsupportedMediaType, { contentType: contentType ?? 'none' });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MESSAGES.bodyTooLarge;
    default:
      // JSON.parse failures from the body parser carry a SyntaxError message.
      if (error instanceof SyntaxError) return MESSAGES.invalidJson;
      return error.message;
  }
}

export default fp(
  async function errorsPlugin(app: FastifyInstance, options: { webDistDir: string }) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fieldErrors: Record<string, string> = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.split('/').filter(Boolean)[0];
          if (field && !(field in fieldErrors)) fieldErrors[field] = issue.message ?? MESSAGES.invalidJson;
        }
        const first = error.validation[0];
        const isWholeBody = first !== undefined && first.instancePath.split('/').filter(Boolean).length === 0;
        const message = isWholeBody
          ? formatMessage(MESSAGES.invalidInput, { detail: `${error.validationContext ?? 'body'} must be an object` })
          : (first?.message ?? MESSAGES.invalidJson);
        return sendError(reply, 400, message, fieldErrors);
      }
      if (error instanceof DomainError) {
        const fieldErrors = error.fieldCodes
          ? Object.fromEntries(
              Object.entries(error.fieldCodes).map(([field, { code, params }]) => [field, formatMessage(MESSAGES[code], params ?? {})]),
            )
          : undefined;
        return sendError(reply, STATUS_OF_KIND[error.kind], formatMessage(MESSAGES[error.code], error.params), fieldErrors);
      }
      if (error instanceof HttpError) {
        return sendError(reply, error.statusCode, error.message, error.fieldErrors);
      }
      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 400 && statusCode < 500) {
        return sendError(reply, statusCode, describeFrameworkError(error, request.headers['content-type']));
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, MESSAGES.internalError);
    });

    // Unknown API paths stay JSON 404s; any other GET for a page gets the SPA (history fallback).
    const indexHtml = path.join(options.webDistDir, 'index.html');
    const hasSpa = existsSync(indexHtml);
    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      // A path with a file extension is a missing file (an old asset after a deploy), never a page.
      const lastSegment = pathname.split('/').at(-1) ?? '';
      const isPageRequest =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        pathname !== '/api' &&
        !pathname.startsWith('/uploads/') &&
        !lastSegment.includes('.');
      if (hasSpa && isPageRequest) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html', options.webDistDir);
      }
      return sendError(reply, 404, formatMessage(MESSAGES.routeNotFound, { method: request.method, url: pathname }));
    });
  },
  { name: 'errors' },
);

/**
 * One error shape for every error (DESIGN.md §4): {statusCode, error, message, code, params, fieldErrors?,
 * fieldErrorCodes?}. The English message is made here from the code (a key of MESSAGES) and its params. Validation
 * errors name each field with the shared schema's message and its code; the first failing rule is the message.
 * Fastify's own errors get Qrib codes; 5xx answers never carry internals.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MESSAGES, apiErrorSchema, codeOfIssueMessage, formatMessage, type ApiErrorBody, type MessageCode, type MessageKey } from '@qrib/shared';
import { DomainError, statusText, type FieldCodes, type MessageParams } from './domain-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Errors of this route also carry `errorMessage` (the spec's registration client reads that field). */
    errorMessageField?: boolean;
  }
}

/** What an error answer says: a code (a key of MESSAGES) with its params, and per-field codes. */
interface CodedError {
  code: MessageKey;
  params?: MessageParams;
  fieldCodes?: FieldCodes | undefined;
}

function fill({ code, params }: { code: MessageKey; params?: MessageParams | undefined }): MessageCode {
  return { code, params: params ?? {} };
}

function sendError(reply: FastifyReply, statusCode: number, { code, params = {}, fieldCodes }: CodedError) {
  const message = formatMessage(MESSAGES[code], params);
  const body: ApiErrorBody = { statusCode, error: statusText(statusCode), message, code, params };
  if (fieldCodes && Object.keys(fieldCodes).length > 0) {
    const fields = Object.entries(fieldCodes).map(([field, fieldCode]) => [field, fill(fieldCode)] as const);
    body.fieldErrors = Object.fromEntries(fields.map(([field, { code, params }]) => [field, formatMessage(MESSAGES[code], params)]));
    body.fieldErrorCodes = Object.fromEntries(fields);
  }
  if (reply.request.routeOptions.config.errorMessageField) body.errorMessage = message;
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own 4xx errors as Qrib codes, so they say what to fix (no FST_ code or framework wording leaks). */
function codeOfFrameworkError(error: FastifyError, statusCode: number, contentType: string | undefined): MessageCode {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { code: 'invalidJson', params: {} };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { code: 'unsupportedMediaType', params: { contentType: contentType ?? 'none' } };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { code: 'bodyTooLarge', params: {} };
    default:
      // JSON.parse failures from the body parser carry a SyntaxError message.
      if (error instanceof SyntaxError) return { code: 'invalidJson', params: {} };
      if (statusCode === 413) return { code: 'bodyTooLarge', params: {} };
      if (statusCode === 415) return { code: 'unsupportedMediaType', params: { contentType: contentType ?? 'none' } };
      if (statusCode === 429) return { code: 'tooManyRequests', params: { minutes: 1 } };
      return { code: 'invalidInput', params: { detail: statusText(statusCode) } };
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What Fastify itself answers on a route before its handler runs, in the one error shape (issue 25: the OpenAPI
 * document must name every answer): a malformed path (400) or a path param over the router's limit (414, kernel/server-options.ts's
 * frameworkErrors) where the path has params; a body that is not JSON (400), too large (413) or of a type no parser
 * reads (415) where the method takes one.
 */
function frameworkErrorStatuses(route: RouteOptions): number[] {
  const statuses = route.url.includes(':') ? [400, 414] : [];
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.some((method) => BODY_METHODS.has(method))) statuses.push(400, 413, 415);
  return statuses;
}

export default fp(
  async function errorsPlugin(app: FastifyInstance, options: { webDistDir: string }) {
    // Every documented route documents those answers too, without the route listing them.
    app.addHook('onRoute', (route) => {
      const response: unknown = route.schema?.response;
      if (typeof response !== 'object' || response === null || route.schema?.hide) return;
      const missing = frameworkErrorStatuses(route).filter((status) => !(String(status) in response));
      if (missing.length === 0) return;
      route.schema = { ...route.schema, response: { ...response, ...Object.fromEntries(missing.map((status) => [status, apiErrorSchema])) } };
    });

    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const fieldCodes: FieldCodes = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.split('/').filter(Boolean)[0];
          if (field && !(field in fieldCodes)) fieldCodes[field] = codeOfIssueMessage(issue.message ?? '');
        }
        const first = error.validation[0];
        const isWholeBody = first !== undefined && first.instancePath.split('/').filter(Boolean).length === 0;
        const { code, params } = isWholeBody
          ? { code: 'invalidInput' as const, params: { detail: `${error.validationContext ?? 'body'} must be an object` } }
          : codeOfIssueMessage(first?.message ?? '');
        return sendError(reply, 400, { code, params, fieldCodes });
      }
      if (error instanceof DomainError) {
        if (error.headers) void reply.headers(error.headers);
        return sendError(reply, error.statusCode, error);
      }
      const statusCode = error.statusCode ?? 500;
      if (statusCode >= 400 && statusCode < 500) {
        return sendError(reply, statusCode, codeOfFrameworkError(error, statusCode, request.headers['content-type']));
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, { code: 'internalError' });
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
        // Not returned: Fastify would await a returned reply through reply.then, one more pair of 'close' and
        // 'finish' listeners on the response while the file streams; sendFile answers by itself.
        void reply.header('cache-control', 'no-cache').sendFile('index.html', options.webDistDir);
        return;
      }
      return sendError(reply, 404, { code: 'routeNotFound', params: { method: request.method, url: pathname } });
    });
  },
  { name: 'errors' },
);

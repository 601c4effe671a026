/**
 * The options the Fastify instance is made with: the log (tokens of mailed links redacted from logged URLs, issue
 * 15), the proxies trusted, the request id, and the one error shape for errors raised before routing.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { MESSAGES } from '@qrib/shared';
import type { Config } from '../config.ts';
import { statusText } from './domain-error.ts';

export interface ServerOptionsInput {
  config: Config;
  logger: FastifyServerOptions['logger'] | undefined;
  /** The security headers every answer carries (kernel/security-headers.ts). */
  headers: Readonly<Record<string, string>>;
  /** Takes the secrets out of a URL before it is logged. */
  redactUrl: (url: string) => string;
}

export function serverOptions({ config, logger, headers, redactUrl }: ServerOptionsInput): FastifyServerOptions {
  const trustedHops = typeof config.trustProxy === 'number' ? config.trustProxy : 0;
  return {
    logger: withRequestSerializer(logger ?? { level: config.logLevel }, redactUrl),
    // A hop count becomes a function: trust the nearest N proxies, never the client's own header.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < trustedHops
        : config.trustProxy,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // Errors Fastify raises before routing (a malformed URL, say) get the one error shape too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const statusCode = error.statusCode ?? 400;
      void reply.code(statusCode).headers(headers).send({ statusCode, error: statusText(statusCode), message: MESSAGES.invalidUrl, code: 'invalidUrl', params: {} });
    },
  };
}

/**
 * What is logged of a request: what Fastify's default logs (method, url, host, remote address and port), with the
 * URL redacted.
 */
function withRequestSerializer(logger: FastifyServerOptions['logger'], redactUrl: (url: string) => string): FastifyServerOptions['logger'] {
  const options = logger === true ? {} : logger;
  if (typeof options !== 'object') return options;
  const serializeRequest = (request: FastifyRequest) => ({
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  });
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}

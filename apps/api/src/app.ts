/**
 * Builds the Fastify app (fastify/demo layout): external plugins, then app plugins, then routes, with
 * the route folder path as the URL prefix. `server.ts` only starts it; tests call `buildApp` directly.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MAX_JSON_DEPTH, MAX_OFFER_IMAGE_BYTES, MESSAGES } from '@qrib/shared';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { HttpError, statusText } from './kernel/http-error.ts';
import authPlugin from './plugins/auth.ts';
import databasePlugin from './kernel/database-plugin.ts';
import errorsPlugin from './kernel/errors.ts';
import adminRoutes from './routes/api/v1/admin/index.ts';
import authRoutes from './routes/api/v1/auth/index.ts';
import accountAuthRoutes from './routes/api/v1/auth/account.ts';
import categoryRoutes from './routes/api/v1/categories/index.ts';
import clientConfigRoutes from './routes/api/v1/config/index.ts';
import eventRoutes from './routes/api/v1/events/index.ts';
import fileRoutes from './routes/api/v1/file/index.ts';
import geoRoutes from './routes/api/v1/geo/index.ts';
import meRoutes from './routes/api/v1/me/index.ts';
import myAccountRoutes from './routes/api/v1/me/account.ts';
import myClaimRoutes from './routes/api/v1/me/claims.ts';
import accountDeletionRoutes from './routes/api/v1/me/deletion.ts';
import myExportRoutes from './routes/api/v1/me/exports.ts';
import myNotificationRoutes from './routes/api/v1/me/notifications.ts';
import myReceiptRoutes from './routes/api/v1/me/receipts.ts';
import offerClaimRoutes from './routes/api/v1/offers/claims.ts';
import offerRoutes from './routes/api/v1/offers/index.ts';
import receiptRoutes from './routes/api/v1/receipts/index.ts';
import reportRoutes from './routes/api/v1/reports/index.ts';
import vendorRoutes from './routes/api/v1/vendors/index.ts';
import vendorInsightRoutes from './routes/api/v1/vendors/insights.ts';
import redemptionRoutes from './routes/api/v1/vendors/redemptions.ts';
import vendorReviewRoutes from './routes/api/v1/vendors/reviews.ts';
import businessClosingRoutes from './routes/api/v1/vendors/closing.ts';
import reviewRoutes from './routes/api/v1/reviews/index.ts';
import visitRoutes from './routes/api/v1/visits/index.ts';
import apiDocsRoutes from './routes/api-docs.ts';
import healthRoutes from './routes/health.ts';
import uploadRoutes from './routes/uploads.ts';
import limitsPlugin from './plugins/limits.ts';
import accountsDomain from './domains/accounts/index.ts';
import businessesDomain from './domains/businesses/index.ts';
import claimsDomain from './domains/claims/index.ts';
import exportsDomain from './domains/exports/index.ts';
import insightsDomain from './domains/insights/index.ts';
import mailDomain from './domains/mail/index.ts';
import nearbyDomain from './domains/nearby/index.ts';
import notificationsDomain from './domains/notifications/index.ts';
import offersDomain from './domains/offers/index.ts';
import receiptsDomain from './domains/receipts/index.ts';
import searchDomain from './domains/search/index.ts';
import trustDomain from './domains/trust/index.ts';
import offerFeedPlugin from './plugins/offer-feed.ts';
import policiesPlugin from './plugins/policies.ts';
import pendingUploadsPlugin from './plugins/pending-uploads.ts';
import uploadsPlugin from './plugins/uploads.ts';
import storageHygienePlugin from './plugins/storage-hygiene.ts';
import securityHeadersPlugin, { inlineScriptHashes, securityHeaders } from './kernel/security-headers.ts';
import storagePlugin from './kernel/storage-plugin.ts';
import { createRateLimitCountersRepository } from './kernel/repository/rate-limit-counters.ts';
import { ANSWER_ENCODINGS, COMPRESS_THRESHOLD_BYTES, DYNAMIC_BROTLI_QUALITY, DYNAMIC_GZIP_LEVEL } from './kernel/answer-encoding.ts';
import { redactTokens } from './domains/mail/mail-links.ts';
import { allowNullInNullableEnums } from './kernel/openapi-document.ts';
import { createDatabaseRateLimitStore } from './kernel/rate-limit-store.ts';
import type { Storage } from './storage/storage.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Close the database when the app closes (the server does; tests own theirs). */
  closeDatabase?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** A storage driver to use instead of the configured one (tests). */
  storage?: Storage;
}

export async function buildApp({ config, database, closeDatabase = true, logger, storage }: BuildAppOptions) {
  const trustedHops = typeof config.trustProxy === 'number' ? config.trustProxy : 0;
  const headers = securityHeaders({ mapStyleUrl: config.mapStyleUrl, inlineScriptHashes: inlineScriptHashes(path.join(config.webDistDir, 'index.html')) });
  const app = Fastify({
    logger: withRequestSerializer(logger ?? { level: config.logLevel }),
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
  }).withTypeProvider<ZodTypeProvider>();

  // JSON only: no text/plain parser, so a cross-site "simple" form post cannot reach a JSON route.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Fastify's own JSON parser (prototype poisoning refused), then one iterative walk that refuses a body nested
  // deeper than any of ours (recursion over it would overflow the stack) and NUL, which PostgreSQL text cannot
  // hold. Here every route gets it, whatever its schema, before anything else walks the body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // Fastify's default JSON parser is the callback kind and returns nothing; its type is the union of the callback
    // and the async kinds, hence the void.
    void parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), (error: Error | null, value?: unknown) => {
      if (error) return done(error);
      const problem = findJsonProblem(value);
      if (problem === 'too-deep') return done(new HttpError(400, 'jsonTooDeep', { max: MAX_JSON_DEPTH }));
      if (problem === 'nul') return done(new HttpError(400, 'nulCharacter'));
      return done(null, value);
    });
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // The one error shape first, so every plugin and route registered after it answers errors with it.
  await app.register(errorsPlugin, { webDistDir: existsSync(config.webDistDir) ? config.webDistDir : '' });

  // Helmet's security headers, computed once (kernel/security-headers.ts); then external plugins.
  await app.register(securityHeadersPlugin, { headers });
  // On PostgreSQL the counters live in the database, so replicas share every limit; PGlite is one process and
  // counts in memory (ADR 010). A database error refuses the call rather than letting it through uncounted.
  const rateLimitStore =
    database.kind === 'postgres'
      ? createDatabaseRateLimitStore(createRateLimitCountersRepository(database.db), {
          onSweepError: (error) => app.log.warn({ err: error }, 'could not remove expired rate-limit counters'),
        })
      : undefined;
  await app.register(rateLimit, { global: false, skipOnError: false, ...(rateLimitStore ? { store: rateLimitStore } : {}) });
  // Answers over 1 KB compressed for clients that accept it (kernel/answer-encoding.ts); request bodies are never
  // decompressed (a small compressed body could unpack past every size limit).
  await app.register(compress, {
    globalDecompression: false,
    encodings: [...ANSWER_ENCODINGS],
    threshold: COMPRESS_THRESHOLD_BYTES,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    zlibOptions: { level: DYNAMIC_GZIP_LEVEL },
  });
  await app.register(multipart, { limits: { fileSize: MAX_OFFER_IMAGE_BYTES, files: 30, fields: 50 } });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Qrib API', version: '1.0.0', description: 'Local offers marketplace API' },
      components: {
        securitySchemes: {
          cookieAuth: { type: 'apiKey', in: 'cookie', name: 'auth_token' },
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (documentObject) =>
      allowNullInNullableEnums('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject),
  });
  const hasSpa = existsSync(config.webDistDir);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      // One route per file of the build (its names are fixed when it is built), no catch-all: with a `/*` route a
      // page path such as /login went through @fastify/static's lookup, its not-found and then our not-found
      // handler's sendFile, one response gathering more than ten 'close' listeners (MaxListenersExceededWarning).
      wildcard: false,
      // The build writes a brotli and a gzip copy of every text file (apps/web/build/precompress.ts): sent as
      // they are to clients that accept them, so no request pays for compressing a script.
      preCompressed: true,
      setHeaders: (response, filePath) => {
        // Vite puts a content hash in every asset name, so those never change.
        const isHashedAsset = filePath.includes('/assets/');
        response.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  // App plugins
  app.decorate('config', config);
  await app.register(databasePlugin, { database, closeOnShutdown: closeDatabase });
  await app.register(storagePlugin, { storage: storage ?? config.storage });
  await app.register(accountsDomain);
  await app.register(businessesDomain);
  await app.register(offersDomain);
  await app.register(insightsDomain);
  await app.register(trustDomain);
  await app.register(searchDomain);
  await app.register(claimsDomain);
  await app.register(notificationsDomain);
  await app.register(pendingUploadsPlugin);
  await app.register(uploadsPlugin);
  await app.register(offerFeedPlugin);
  await app.register(nearbyDomain);
  await app.register(receiptsDomain);
  await app.register(mailDomain);
  await app.register(exportsDomain);
  await app.register(authPlugin);
  await app.register(limitsPlugin);
  await app.register(policiesPlugin);
  await app.register(storageHygienePlugin);

  // Routes
  await app.register(healthRoutes);
  await app.register(apiDocsRoutes, { access: config.apiDocs });
  await app.register(authRoutes, {
    prefix: '/api/v1/auth',
    signupsPerHour: config.signupsPerHour,
    loginAttemptsPerUsername: config.loginAttemptsPerUsername,
    loginAttemptsPerIp: config.loginAttemptsPerIp,
    loginDelayMs: config.loginDelayMs,
    // Issue 24: the sign-up network's hash is salted with the server's token secret (domains/accounts/network-hash.ts).
    networkSalt: config.jwtSecret,
  });
  await app.register(accountAuthRoutes, { prefix: '/api/v1/auth', jwtSecret: config.jwtSecret });
  await app.register(categoryRoutes, { prefix: '/api/v1/categories' });
  await app.register(clientConfigRoutes, { prefix: '/api/v1/config', mapStyleUrl: config.mapStyleUrl });
  await app.register(vendorRoutes, { prefix: '/api/v1/vendors' });
  await app.register(vendorInsightRoutes, { prefix: '/api/v1/vendors' });
  await app.register(redemptionRoutes, { prefix: '/api/v1/vendors' });
  await app.register(vendorReviewRoutes, { prefix: '/api/v1/vendors' });
  await app.register(businessClosingRoutes, { prefix: '/api/v1/vendors', passwordChecksPerAccount: config.loginAttemptsPerUsername });
  await app.register(reviewRoutes, { prefix: '/api/v1/reviews' });
  await app.register(offerRoutes, { prefix: '/api/v1/offers' });
  await app.register(offerClaimRoutes, { prefix: '/api/v1/offers' });
  await app.register(meRoutes, { prefix: '/api/v1/me' });
  await app.register(myAccountRoutes, { prefix: '/api/v1/me', passwordChecksPerAccount: config.loginAttemptsPerUsername });
  await app.register(myReceiptRoutes, { prefix: '/api/v1/me' });
  await app.register(myNotificationRoutes, { prefix: '/api/v1/me' });
  await app.register(myClaimRoutes, { prefix: '/api/v1/me' });
  await app.register(accountDeletionRoutes, { prefix: '/api/v1/me', passwordChecksPerAccount: config.loginAttemptsPerUsername });
  await app.register(myExportRoutes, { prefix: '/api/v1/me' });
  await app.register(fileRoutes, { prefix: '/api/v1/file' });
  await app.register(receiptRoutes, { prefix: '/api/v1/receipts' });
  await app.register(eventRoutes, { prefix: '/api/v1/events' });
  await app.register(visitRoutes, { prefix: '/api/v1/visits' });
  await app.register(reportRoutes, { prefix: '/api/v1/reports' });
  // Every admin route, behind one admins-only check (routes/api/v1/admin/index.ts).
  await app.register(adminRoutes, { prefix: '/api/v1/admin' });
  await app.register(geoRoutes, { prefix: '/api/v1/geo', geocoderUrl: config.geocoderUrl });
  await app.register(uploadRoutes);

  return app;
}

/**
 * What is logged of a request: what Fastify's default logs (method, url, host, remote address and port), with the
 * tokens of mailed links (reset, verification, unsubscribe) redacted from the URL (issue 15).
 */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket.remotePort,
  };
}

function withRequestSerializer(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  const options = logger === true ? {} : logger;
  if (typeof options !== 'object') return options;
  return { ...options, serializers: { ...options.serializers, req: serializeRequestForLog } };
}

/** What a parsed JSON body must not hold, found without recursion: nesting past MAX_JSON_DEPTH, or NUL in any text or key. */
function findJsonProblem(body: unknown): 'too-deep' | 'nul' | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'nul';
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_JSON_DEPTH) return 'too-deep';
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return 'nul';
        pending.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration: routes and plugins read their settings here (test overrides included). */
    config: Config;
  }
}

/**
 * The external plugins, registered by app.ts after the error shape and before everything of ours: rate limits, answer
 * compression, multipart, the OpenAPI document and, when the web app is built, its files.
 */
import { existsSync } from 'node:fs';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { MAX_OFFER_IMAGE_BYTES } from '@qrib/shared';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { ANSWER_ENCODINGS, COMPRESS_THRESHOLD_BYTES, DYNAMIC_BROTLI_QUALITY, DYNAMIC_GZIP_LEVEL } from './answer-encoding.ts';
import { allowNullInNullableEnums } from './openapi-document.ts';
import { createRateLimitCountersRepository } from './repository/rate-limit-counters.ts';
import { createDatabaseRateLimitStore } from './rate-limit-store.ts';

export async function registerExternalPlugins(app: FastifyInstance, { config, database }: { config: Config; database: Database }) {
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
  if (existsSync(config.webDistDir)) {
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
}

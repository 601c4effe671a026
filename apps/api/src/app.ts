/**
 * Builds the Fastify app, in this order (fastify/demo's layout, ADR 020): the one error shape, the external plugins,
 * the kernel (configuration, database, storage), the plugins of `plugins/` and `domains/<domain>/index.ts` in the
 * order of their dependencies, then every route file under `routes/` at its folder's path (kernel/autoload.ts).
 * `server.ts` only starts it; tests call `buildApp` directly.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { redactTokens } from './domains/mail/index.ts';
import { loadPlugins, loadRoutes } from './kernel/autoload.ts';
import databasePlugin from './kernel/database-plugin.ts';
import errorsPlugin from './kernel/errors.ts';
import { registerExternalPlugins } from './kernel/external-plugins.ts';
import { useJsonBodyParser } from './kernel/json-body.ts';
import securityHeadersPlugin, { inlineScriptHashes, securityHeaders } from './kernel/security-headers.ts';
import { serverOptions } from './kernel/server-options.ts';
import storagePlugin from './kernel/storage-plugin.ts';
import type { Storage } from './storage/storage.ts';
import { testClockRoutes } from './kernel/test-clock.ts';

const SOURCE_DIR = path.dirname(fileURLToPath(import.meta.url));

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
  const headers = securityHeaders({ mapStyleUrl: config.mapStyleUrl, inlineScriptHashes: inlineScriptHashes(path.join(config.webDistDir, 'index.html')) });
  // Tokens of mailed links (reset, verification, unsubscribe) never reach the log (issue 15).
  const app = Fastify(serverOptions({ config, logger, headers, redactUrl: redactTokens })).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  useJsonBodyParser(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // The one error shape first, so every plugin and route registered after it answers errors with it.
  await app.register(errorsPlugin, { webDistDir: existsSync(config.webDistDir) ? config.webDistDir : '' });
  // Helmet's security headers, computed once (kernel/security-headers.ts); then the external plugins.
  await app.register(securityHeadersPlugin, { headers });
  await registerExternalPlugins(app, { config, database });

  // The kernel: what every plugin, domain and route reads from the instance.
  app.decorate('config', config);
  await app.register(databasePlugin, { database, closeOnShutdown: closeDatabase });
  await app.register(storagePlugin, { storage: storage ?? config.storage });

  // Loaded by where they sit: plugins and domains by their dependencies, then the routes (after the guard's onRoute hook).
  await loadPlugins(app, { pluginsDir: path.join(SOURCE_DIR, 'plugins'), domainsDir: path.join(SOURCE_DIR, 'domains') });
  await loadRoutes(app, path.join(SOURCE_DIR, 'routes'));
  if (config.testClock) {
    app.log.warn('TEST_CLOCK is on: PUT /__test/clock moves this process’s clock (browser tests only, never in production)');
    await app.register(testClockRoutes, { token: config.testClock.token });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The validated configuration: routes and plugins read their settings here (test overrides included). */
    config: Config;
  }
}

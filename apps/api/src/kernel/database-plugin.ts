/**
 * The kernel's database on the instance (`app.database`, `app.db`) with the counters every replica shares
 * (`app.rateLimitCounters`), registered by app.ts before the plugins and domains; the database closes with the app.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';
import { createRateLimitCountersRepository, type RateLimitCountersRepository } from './repository/rate-limit-counters.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    db: Db;
    /** The counters every replica shares, for limits counted by hand (wrong codes at the till). */
    rateLimitCounters: RateLimitCountersRepository;
  }
}

export default fp(
  async function databasePlugin(app: FastifyInstance, options: { database: Database; closeOnShutdown: boolean }) {
    const { database } = options;
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.decorate('rateLimitCounters', createRateLimitCountersRepository(database.db));
    if (options.closeOnShutdown) app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);

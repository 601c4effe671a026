/**
 * Per-account rate limits for costly calls (uploads, geocoding): `app.limitPerAccount(name, max, windowMs)` is
 * a preHandler for private routes, counting per signed-in user (`request.user`, which the guard sets). Each name
 * counts on its own; on PostgreSQL the counters are shared by every replica (ADR 010).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '../kernel/domain-error.ts';

declare module 'fastify' {
  interface FastifyInstance {
    limitPerAccount(name: string, max: number, windowMs: number): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export default fp(
  async function limitsPlugin(app: FastifyInstance) {
    app.decorate('limitPerAccount', (name: string, max: number, windowMs: number) => {
      const limiter = app.createRateLimit({
        max,
        timeWindow: windowMs,
        nameSpace: name,
        keyGenerator: (request) => String(request.user.id),
      });
      return async (request: FastifyRequest, reply: FastifyReply) => {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', String(result.ttlInSeconds));
          throw new DomainError('too-many', 'tooManyRequests', { minutes: Math.max(1, Math.ceil(result.ttl / 60_000)) });
        }
      };
    });
  },
  { name: 'limits', dependencies: ['auth'] },
);

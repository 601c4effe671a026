/** GET /uploads/public/...: public images from storage, cached for a year (keys are content hashes). */
import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../kernel/domain-error.ts';
import { isValidKey } from '../storage/storage.ts';

const uploadRoutes: FastifyPluginAsync = async (app) => {
  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const notFound = () => new DomainError('not-found', 'routeNotFound', { method: 'GET', url: `/uploads/${key}` });
    if (!key.startsWith('public/') || !isValidKey(key)) throw notFound();
    const stored = await app.storage.get(key);
    if (!stored) throw notFound();
    return reply
      .header('content-type', stored.contentType)
      .header('content-length', String(stored.byteSize))
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(stored.body);
  });
};

export default uploadRoutes;

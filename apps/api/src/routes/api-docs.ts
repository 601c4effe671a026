/**
 * Swagger UI and the OpenAPI document at /api/docs (issue 25): for signed-in admins only unless `API_DOCS=public`.
 * One onRequest hook of this plugin covers every route @fastify/swagger-ui adds (the page, /json, /yaml and its
 * static files), so a closed document answers 401 (no session) or 403 (not an admin), never the app's page.
 */
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyPluginAsync } from 'fastify';
import { DomainError } from '../kernel/domain-error.ts';

const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  if (app.config.apiDocs === 'admin') {
    app.addHook('onRequest', async (request) => {
      const user = await app.readSession(request);
      if (!user) throw new DomainError('unauthenticated', 'notSignedIn');
      await app.policies.requireAdmin(user);
    });
  }
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
};

export default apiDocsRoutes;

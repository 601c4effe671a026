/**
 * The platform's console API under /api/v1/admin (issue 14): admins only, one rule for every route in this folder.
 * kernel/autoload.ts runs a folder's `autohooks.ts` in the folder's own scope, before it loads the folder's routes.
 *
 * The check is a preParsing hook of that scope, so it covers each admin route module of the folder and no route can
 * forget it. It runs after the session guard (the guard is every route's own first onRequest hook, and all
 * onRequest hooks run before preParsing), so `request.user` is set; and before the body is parsed and the params,
 * query and body are validated, so a shopper or owner learns nothing but 403 adminOnly from any admin route,
 * whatever they send. (A scope-level onRequest hook would run before the route's own guard.)
 */
import type { FastifyInstance } from 'fastify';

export default async function adminHooks(app: FastifyInstance) {
  app.addHook('preParsing', async (request) => {
    await app.policies.requireAdmin(request.user);
  });
}

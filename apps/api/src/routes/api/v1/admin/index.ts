/**
 * The platform's console API under /api/v1/admin (issue 14): admins only, one rule for every route in it.
 *
 * The check is a preParsing hook of this plugin, so it covers each admin route module registered inside it and no
 * route can forget it. It runs after the session guard (the guard is every route's own first onRequest hook, and
 * all onRequest hooks run before preParsing), so `request.user` is set; and before the body is parsed and the
 * params, query and body are validated, so a shopper or owner learns nothing but 403 adminOnly from any admin
 * route, whatever they send. (A plugin-level onRequest hook would run before the route's own guard.)
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import adminOverviewRoutes from './overview.ts';
import adminReceiptRoutes from './receipts.ts';
import adminReportRoutes from './reports.ts';
import adminSuspiciousActivityRoutes from './suspicious-activity.ts';
import adminVendorRoutes from './vendors.ts';

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preParsing', async (request) => {
    await app.policies.requireAdmin(request.user);
  });

  await app.register(adminVendorRoutes);
  await app.register(adminReportRoutes);
  await app.register(adminReceiptRoutes);
  await app.register(adminOverviewRoutes);
  await app.register(adminSuspiciousActivityRoutes);
};

export default adminRoutes;

/**
 * The console's reports (issue 14): GET /api/v1/admin/reports lists OPEN reports grouped per item; POST
 * /api/v1/admin/reports/:kind/:itemId/decision keeps or removes the item with a statement of reasons. Admins only
 * (admin/autohooks.ts checks it for every admin route).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, reportDecisionResponseSchema, reportDecisionSchema, reportedItemsResponseSchema, reportItemParamsSchema } from '@qrib/shared';
import { decideReports } from '../../../../domains/trust/index.ts';

const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reports',
    {
      schema: {
        tags: ['admin'],
        summary: 'OPEN reports grouped per item (offer, business, review), the item first reported first',
        response: { 200: reportedItemsResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => {
      return { data: await app.reports.listOpenByItem() };
    },
  );

  app.post(
    '/reports/:kind/:itemId/decision',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Decide every open report of an item: KEPT, or REMOVED with the reason the business or reviewer reads (an offer or review REMOVED, a business SUSPENDED); each reporter is told. 404 with no open report; 403 on the admin’s own business',
        params: reportItemParamsSchema,
        body: reportDecisionSchema,
        response: { 200: reportDecisionResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const { kind, itemId } = request.params;
      const { outcome, reason } = request.body;
      const decidedReports = await decideReports(app.reports, kind, itemId, { adminUserId: request.user.id, outcome, reason });
      return { data: { kind, itemId, outcome, decidedReports } };
    },
  );
};

export default adminReportRoutes;

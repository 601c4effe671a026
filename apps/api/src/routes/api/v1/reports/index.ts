/**
 * POST /api/v1/reports (issue 14, Digital Services Act Art. 16): any signed-in account reports an offer, a business
 * or a review it can see; the same open report again answers the one it has.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, reportCreatedSchema, reportCreateSchema } from '@qrib/shared';
import { createReport } from '../../../../domains/trust/index.ts';

const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['reports'],
        summary:
          'Report an OFFER, a VENDOR (business) or a REVIEW with a reason (text required for OTHER): 201 new, 200 for the caller’s same open report; 404 for an item the caller cannot see or their own; 429 past REPORTS_PER_HOUR',
        body: reportCreateSchema,
        response: { 200: reportCreatedSchema, 201: reportCreatedSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { reportId, created } = await createReport({ reports: app.reports, counters: app.rateLimitCounters }, request.user.id, request.body);
      return reply.code(created ? 201 : 200).send({ data: { reportId, status: 'OPEN' as const } });
    },
  );
};

export default reportRoutes;

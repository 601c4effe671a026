/** GET /api/v1/vendors/me/insights/export.csv: the period's figures, a row per Malta day and offer (issue 28 §5). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, insightsExportFileName, insightsExportQuerySchema } from '@qrib/shared';
import { streamInsightsExport } from '../../../../domains/insights/index.ts';

const insightsExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/insights/export.csv',
    {
      schema: {
        tags: ['vendors'],
        summary:
          'The owner’s figures from–to as CSV (UTF-8 with a byte-order mark), streamed: a row per Malta day and offer with the dashboard’s definitions; cells a spreadsheet would run as formulas start with a quote',
        querystring: insightsExportQuerySchema,
        response: {
          200: z.unknown().describe('text/csv: date, offer_id, offer_title, impressions, views, saves, codes, codes_redeemed, redemptions'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const vendor = (await app.policies.requireBusinessPermission(request.user, 'insights.view')).business;
      const { from, to } = request.query;
      const csv = streamInsightsExport(app.offerFigures, { vendorId: vendor.id, from, to }, (error) =>
        request.log.error({ err: error }, 'the insights export stopped midway'),
      );
      return reply
        .headers({
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${insightsExportFileName(from, to)}"`,
          'cache-control': 'no-store',
        })
        .send(csv);
    },
  );
};

export default insightsExportRoutes;

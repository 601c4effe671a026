/** GET /api/v1/vendors/me/insights: the owner's report for a week or a month (spec §2.4; DESIGN.md §4, §5). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, insightsQuerySchema, maltaDateOf, resolveInsightRange, vendorInsightsResponseSchema } from '@qrib/shared';
import { buildInsightsReport } from '../../../../domains/insights/index.ts';

const vendorInsightRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/insights',
    {
      schema: {
        tags: ['vendors'],
        summary:
          'The owner’s insights for the current week or month in Malta (or from–to): metric cards against the previous period of equal length, daily trend, new and returning shoppers, unseen opportunities, actionable insights and the trust rating',
        querystring: insightsQuerySchema,
        response: { 200: vendorInsightsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const vendor = (await app.policies.requireBusinessPermission(request.user, 'insights.view')).business;
      const now = new Date();
      const { period, from, to } = request.query;
      const range = resolveInsightRange(period, now, from, to);
      const facts = await app.insights.collect(vendor.id, range, maltaDateOf(now));
      return { data: buildInsightsReport(period, range, facts) };
    },
  );
};

export default vendorInsightRoutes;

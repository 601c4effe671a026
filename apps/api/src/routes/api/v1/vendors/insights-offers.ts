/** GET /api/v1/vendors/me/insights/offers: each offer's figures for a period (issue 28 §5: My offers' week, the per-offer table). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, daysInRange, maltaDateOf, offerFiguresQuerySchema, offerFiguresResponseSchema, recentDays } from '@qrib/shared';

const offerFiguresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/insights/offers',
    {
      schema: {
        tags: ['vendors'],
        summary:
          'Each offer’s impressions, views, saves, codes claimed (and of them redeemed) and redemptions from–to (Malta dates; without them the last 7 days, today included), with the dashboard’s definitions',
        querystring: offerFiguresQuerySchema,
        response: { 200: offerFiguresResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      const vendor = (await app.policies.requireBusinessPermission(request.user, 'insights.view')).business;
      const { from, to } =
        request.query.from !== undefined && request.query.to !== undefined ? { from: request.query.from, to: request.query.to } : recentDays(maltaDateOf(new Date()));
      const offers = await app.offerFigures.forPeriod(vendor.id, from, to);
      return { data: { range: { from, to, days: daysInRange(from, to) }, offers } };
    },
  );
};

export default offerFiguresRoutes;

/** POST /api/v1/events: a batch of offer events from the client (impressions, views), answered at once. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, offerEventsRequestSchema } from '@qrib/shared';

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      preHandler: [app.authenticate, app.limitPerAccount('offer-events', 120, 60_000)],
      schema: {
        tags: ['events'],
        summary: 'Record up to 100 offer events (unknown offers are skipped)',
        body: offerEventsRequestSchema,
        response: { 202: z.object({ recorded: z.number().int() }), 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const recorded = await app.offerEvents.record(request.auth?.userId ?? null, request.body.events);
      return reply.code(202).send({ recorded });
    },
  );
};

export default eventRoutes;

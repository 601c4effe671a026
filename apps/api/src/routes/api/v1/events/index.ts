/** POST /api/v1/events: a batch of offer events from the client (impressions, views), answered the same whatever was kept. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, offerEventsRequestSchema, offerEventsResponseSchema } from '@qrib/shared';

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      preHandler: app.limitPerAccount('offer-events', 120, 60_000),
      schema: {
        tags: ['events'],
        summary:
          'Record up to 100 offer events. Events for offers a shopper cannot see are skipped, views and impressions count once per person, offer and hour; the answer is the number sent',
        body: offerEventsRequestSchema,
        response: { 202: offerEventsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await app.offerEvents.record(request.user.id, request.body.events);
      return reply.code(202).send({ accepted: request.body.events.length });
    },
  );
};

export default eventRoutes;

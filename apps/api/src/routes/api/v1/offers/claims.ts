/** POST /api/v1/offers/:offerId/claims: the caller's code for an offer (issue 13). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, claimResponseSchema, offerIdParamsSchema } from '@qrib/shared';
import { claimOffer } from '../../../../domains/claims/index.ts';

const offerClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:offerId/claims',
    {
      schema: {
        tags: ['claims'],
        summary:
          'Get a code for an offer, to show at the till: 201 with a new claim, 200 with the one the caller already has (one per shopper per offer). 403 for the caller’s own offer or an audience they are not in; 409 paused, ended, not started or sold out',
        params: offerIdParamsSchema,
        response: { 200: claimResponseSchema, 201: claimResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { claim, created } = await claimOffer(app.claims, request.user.id, request.params.offerId);
      return reply.code(created ? 201 : 200).send({ data: claim });
    },
  );
};

export default offerClaimRoutes;

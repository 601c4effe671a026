/** GET /api/v1/me/claims: the shopper's codes, newest first, every status (issue 13). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, claimsResponseSchema } from '@qrib/shared';

const myClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/claims',
    {
      schema: {
        tags: ['claims'],
        summary: 'My codes, newest first: ACTIVE, REDEEMED, or EXPIRED (still ACTIVE after the offer ended)',
        response: { 200: claimsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: await app.claims.listForUser(request.user.id) }),
  );
};

export default myClaimRoutes;

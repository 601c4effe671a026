/** GET /api/v1/me/claims: the shopper's codes, newest first, every status (issue 13). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, claimsResponseSchema } from '@qrib/shared';

const NO_REVIEW = { reviewId: null, canReview: false, reviewableUntil: null };

const myClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/claims',
    {
      schema: {
        tags: ['claims'],
        summary: 'My codes, newest first: ACTIVE, REDEEMED, or EXPIRED (still ACTIVE after the offer ended), each with whether I may review it',
        response: { 200: claimsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const [claims, reviews] = await Promise.all([app.claims.listForUser(request.user.id), app.reviews.statesForUser(request.user.id)]);
      return { data: claims.map((claim) => ({ ...claim, review: reviews.claims.get(claim.claimId) ?? NO_REVIEW })) };
    },
  );
};

export default myClaimRoutes;

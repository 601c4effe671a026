/** GET /api/v1/me/stamp-cards: the shopper's stamp cards, their rewards, and the pass a cashier scans (issue 29 §2). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@qrib/shared';
import { myStampCardsResponseSchema } from '@qrib/shared/stamp-card-schemas';

const myStampCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stamp-cards',
    {
      schema: {
        tags: ['stamp cards'],
        summary:
          'My stamp cards: each shop whose card has my stamps (stamps that count, and provisionalStamps collected while my account is not yet established) or gave me rewards, with the rewards as codes for the till; `pass` is what my card’s QR carries for a till stamp (made the first time it is asked for). Reading first issues the rewards my stamps allow (stamps of an account established since, a shop’s lowered number)',
        response: { 200: myStampCardsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const [data, pass] = await Promise.all([app.stampCards.listForShopper(request.user.id), app.stampCards.passFor(request.user.id)]);
      return { data, pass };
    },
  );
};

export default myStampCardRoutes;

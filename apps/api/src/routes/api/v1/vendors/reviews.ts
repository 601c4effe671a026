/** GET /api/v1/vendors/:vendorId/reviews (issue 14): a shop's published reviews, newest first, with its rating. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, reviewsPageSchema, shopParamsSchema } from '@qrib/shared';
import { DomainError } from '../../../../kernel/domain-error.ts';
import { decodeReviewCursor } from '../../../../domains/trust/index.ts';

const querySchema = z.object({ cursor: z.string().max(200).optional() });

const vendorReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:vendorId/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'A shop’s reviews, newest first, 20 a page (pass nextCursor back as cursor), with its rating: the mean stars of the last 12 months, each shopper’s latest review',
        params: shopParamsSchema,
        querystring: querySchema,
        response: { 200: reviewsPageSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { vendorId } = request.params;
      const { cursor: cursorText } = request.query;
      const cursor = cursorText === undefined ? undefined : decodeReviewCursor(cursorText);
      if (cursorText !== undefined && !cursor) throw new DomainError('invalid', 'cursorInvalid', {}, { cursor: { code: 'cursorInvalid' } });
      // The shop is seen as on its page: shoppers see ACTIVE shops only, its own people (owner, staff) theirs too.
      const shop = await app.vendors.findById(vendorId);
      if (!shop || (shop.status !== 'ACTIVE' && !(await app.policies.isMemberOf(request.user, vendorId)))) throw new DomainError('not-found', 'shopNotFound');
      const [page, rating] = await Promise.all([app.reviews.listForVendor(vendorId, request.user.id, cursor), app.reviews.rating(vendorId)]);
      return { ...page, rating };
    },
  );
};

export default vendorReviewRoutes;

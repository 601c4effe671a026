/**
 * Reviews of verified purchases (issue 14): POST /api/v1/reviews writes one per purchase, POST /:reviewId/reply is the
 * shop owner's one public reply. There is no route to edit or delete a review: every review stays published.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_INT, MESSAGES, apiErrorSchema, reviewCreateSchema, reviewReplySchema, reviewResponseSchema } from '@qrib/shared';
import { createBurstCheck, replyToReview, writeReview } from '../../../../domains/trust/index.ts';

const reviewIdParamsSchema = z.object({
  reviewId: z.coerce
    .number({ error: MESSAGES.reviewNotFound })
    .int({ error: MESSAGES.reviewNotFound })
    .positive({ error: MESSAGES.reviewNotFound })
    .max(MAX_INT, { error: MESSAGES.reviewNotFound }),
});

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: {
        tags: ['reviews'],
        summary:
          'Review one of my purchases (exactly one of claimId and receiptId): a redeemed code, or a receipt verified by the automatic check or by Qrib; once, within 30 days. 404 not my purchase, 403 a purchase that grants no review, 409 already reviewed or too late',
        body: reviewCreateSchema,
        response: { 201: reviewResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const review = await writeReview(app.reviews, request.user.id, request.body, createBurstCheck(app.suspiciousActivity, request.log));
      return reply.code(201).send({ data: review });
    },
  );

  app.post(
    '/:reviewId/reply',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The reviewed shop’s owner replies, once and publicly (409 a second time; 403 a review of another shop)',
        params: reviewIdParamsSchema,
        body: reviewReplySchema,
        response: { 200: reviewResponseSchema, ...errors },
      },
    },
    async (request) => ({
      data: await replyToReview(
        app.reviews,
        (vendorId) => app.policies.requirePermissionAt(request.user, vendorId, 'shop.edit', 'reviewNotYourShop'),
        request.params.reviewId,
        request.body.text,
      ),
    }),
  );
};

export default reviewRoutes;

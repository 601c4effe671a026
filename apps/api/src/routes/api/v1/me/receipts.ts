/** The shopper's receipts (GET /me/receipts) and the shops they can upload one for (GET /me/receipt-shops). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, receiptShopsResponseSchema, receiptsResponseSchema } from '@qrib/shared';

const NO_REVIEW = { reviewId: null, canReview: false, reviewableUntil: null };

const myReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/receipts',
    {
      schema: {
        tags: ['receipts'],
        summary: 'My receipts, newest first, each with its status and whether I may review the purchase',
        response: { 200: receiptsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const [receipts, reviews] = await Promise.all([app.receipts.listForConsumer(request.user.id), app.reviews.statesForUser(request.user.id)]);
      return { data: receipts.map((receipt) => ({ ...receipt, review: reviews.receipts.get(receipt.receiptId) ?? NO_REVIEW })) };
    },
  );

  app.get(
    '/receipt-shops',
    {
      schema: {
        tags: ['receipts'],
        summary: 'Shops a receipt can be for: detected visits, saved offers and recently opened offers, with their offers',
        response: { 200: receiptShopsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: await app.receipts.listShopsForReceipt(request.user.id) }),
  );
};

export default myReceiptRoutes;

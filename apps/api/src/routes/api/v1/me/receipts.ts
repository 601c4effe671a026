/** The shopper's receipts (GET /me/receipts) and the shops they can upload one for (GET /me/receipt-shops). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, receiptShopsResponseSchema, receiptsResponseSchema } from '@qrib/shared';

const myReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/receipts',
    {
      schema: {
        tags: ['receipts'],
        summary: 'My receipts, newest first, each with its status',
        response: { 200: receiptsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ data: await app.receipts.listForConsumer(request.user.id) }),
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

/**
 * Receipt disputes (issue 14): GET /api/v1/admin/receipt-disputes lists receipts the automatic check VERIFIED and
 * the shop then REJECTED; POST /api/v1/admin/receipts/:receiptId/settlement is the admin's verdict. Admins only
 * (admin/autohooks.ts checks it for every admin route).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, receiptDisputesResponseSchema, receiptIdParamsSchema, receiptSettlementResponseSchema, receiptSettlementSchema } from '@qrib/shared';
import { settleReceipt } from '../../../../domains/receipts/index.ts';

const adminReceiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/receipt-disputes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Receipts the automatic check verified and the shop then rejected, not yet settled, oldest first (files served by GET /receipts/:receiptId/files/:fileId)',
        response: { 200: receiptDisputesResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async () => {
      return { data: await app.adminConsole.listDisputes() };
    },
  );

  app.post(
    '/receipts/:receiptId/settlement',
    {
      schema: {
        tags: ['admin'],
        summary: 'Settle a disputed receipt VERIFIED or REJECTED with a reason; the shopper is told. 409 when it is not an open dispute',
        params: receiptIdParamsSchema,
        body: receiptSettlementSchema,
        response: { 200: receiptSettlementResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const { status, reason } = request.body;
      return { data: await settleReceipt(app.adminConsole, request.user.id, request.params.receiptId, status, reason ?? '') };
    },
  );
};

export default adminReceiptRoutes;

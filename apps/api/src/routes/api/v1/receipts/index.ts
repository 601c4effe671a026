/**
 * GET /api/v1/receipts/:receiptId/files/:fileId: a receipt's private file, for its uploader and the shop's owner.
 * POST /api/v1/receipts/:receiptId/decision: the shop owner's one decision on a receipt.
 * POST /api/v1/receipts/:receiptId/ask-shop: the shopper asks the shop to check a receipt the automatic check rejected or held (issue 24).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  receiptDecisionRequestSchema,
  receiptFileParamsSchema,
  receiptIdParamsSchema,
  receiptResponseSchema,
  vendorReceiptResponseSchema,
} from '@qrib/shared';
import { DomainError } from '../../../../kernel/domain-error.ts';
import { privateFileHeaders } from '../../../../kernel/private-files.ts';

const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:receiptId/files/:fileId',
    {
      schema: {
        tags: ['receipts'],
        summary: 'One file of a receipt (only the shopper who uploaded it and the owner of its shop)',
        params: receiptFileParamsSchema,
        response: {
          200: z.unknown().describe('The file (image/jpeg, image/png, image/webp or application/pdf)'),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await app.policies.canReadReceiptFile(request.user, request.params.receiptId, request.params.fileId);
      const stored = await app.storage.get(file.storageKey);
      if (!stored) throw new DomainError('not-found', 'receiptNotFound');
      return reply.headers(privateFileHeaders(file.contentType, stored.byteSize)).send(stored.body);
    },
  );

  app.post(
    '/:receiptId/decision',
    {
      schema: {
        tags: ['receipts'],
        summary:
          'The shop owner confirms (VERIFIED, optional note) or rejects (REJECTED, reason required) a receipt, once; the shopper is notified',
        params: receiptIdParamsSchema,
        body: receiptDecisionRequestSchema,
        response: {
          200: vendorReceiptResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { receiptId } = request.params;
      await app.policies.canDecideReceipt(request.user, receiptId);
      const decided = await app.receipts.decide(receiptId, request.user.id, request.body);
      if (!decided) throw new DomainError('conflict', 'receiptAlreadyDecided');
      request.log.info({ receiptId, status: decided.status }, 'receipt decided');
      return { data: decided };
    },
  );

  app.post(
    '/:receiptId/ask-shop',
    {
      schema: {
        tags: ['receipts'],
        summary:
          "The shopper asks the shop to check a receipt the automatic check rejected or held, once, before the owner decides: it waits for the owner as NEEDS_REVIEW and the owner is notified",
        params: receiptIdParamsSchema,
        response: {
          200: receiptResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { receiptId } = request.params;
      const asked = await app.receipts.askShop(receiptId, request.user.id);
      if (asked.kind === 'not-found') throw new DomainError('not-found', 'receiptNotFound');
      if (asked.kind === 'not-askable') throw new DomainError('conflict', 'receiptCheckNotAskable');
      request.log.info({ receiptId }, 'shop asked to check a receipt');
      return { data: asked.receipt };
    },
  );
};

export default receiptRoutes;

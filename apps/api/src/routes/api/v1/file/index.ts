/**
 * POST /api/v1/file/upload-bills: a shopper's receipt for one shop (spec §2.4 "Receipt upload", §9; DESIGN.md
 * §4, §8). The consumer is the signed-in user; the form names the shop, optionally the offer and the detected
 * visit. Files (up to 10, photos or PDF) are checked by content and stored privately; a file already sent by
 * anyone is refused, and a refused request leaves no row and no file.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAX_RECEIPT_FILE_BYTES,
  MAX_RECEIPT_FILES,
  apiErrorSchema,
  receiptResponseSchema,
  receiptUploadFieldsSchema,
} from '@qrib/shared';
import { parseFields, readMultipart } from '../../../../kernel/multipart.ts';
import { submitReceipt } from '../../../../domains/receipts/index.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
};

const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/upload-bills',
    {
      preHandler: app.limitPerAccount('upload-bills', 30, 3_600_000),
      schema: {
        tags: ['receipts'],
        summary: 'Upload a receipt for a shop (multipart: vendorId, offerId?, visitId?, `files` repeated; photos or PDF)',
        consumes: ['multipart/form-data'],
        response: { 201: receiptResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { fields, files } = await readMultipart(request, {
        fileField: 'files',
        maxFiles: MAX_RECEIPT_FILES,
        maxFileBytes: MAX_RECEIPT_FILE_BYTES,
        accepts: ['jpeg', 'png', 'webp', 'pdf'],
        wrongType: 'receiptFileWrongType',
        tooLarge: 'receiptFileTooLarge',
        tooMany: { code: 'receiptTooManyFiles' },
      });
      const upload = parseFields(receiptUploadFieldsSchema, fields);
      const receipt = await submitReceipt(app, request.user, upload, files, request.log);
      return reply.code(201).send({ data: receipt });
    },
  );
};

export default fileRoutes;

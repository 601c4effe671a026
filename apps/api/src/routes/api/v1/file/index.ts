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
import { HttpError, onField } from '../../../../http-error.ts';
import { DuplicateReceiptFile, type NewReceiptFile } from '../../../../repositories/receipts.ts';
import { parseFields, readMultipart } from '../../../../services/multipart.ts';
import type { FileToStore } from '../../../../services/pending-writes.ts';
import { checkReceiptFile } from '../../../../services/receipt-files.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  429: apiErrorSchema,
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
      const userId = request.user.id;
      const { fields, files } = await readMultipart(request, {
        fileField: 'files',
        maxFiles: MAX_RECEIPT_FILES,
        maxFileBytes: MAX_RECEIPT_FILE_BYTES,
        tooLarge: 'receiptFileTooLarge',
        tooMany: { code: 'receiptTooManyFiles' },
      });
      const upload = parseFields(receiptUploadFieldsSchema, fields);
      if (files.length === 0) throw new HttpError(400, 'receiptNoFiles', {}, onField('files', 'receiptNoFiles'));

      const vendor = await app.vendors.findById(upload.vendorId);
      if (!vendor || vendor.status !== 'ACTIVE') throw new HttpError(404, 'receiptShopNotFound', {}, onField('vendorId', 'receiptShopNotFound'));
      app.policies.canSubmitReceiptTo(request.user, vendor);
      if (upload.offerId !== undefined) {
        const offerVendorId = await app.receipts.findOfferVendorId(upload.offerId);
        if (offerVendorId === undefined) throw new HttpError(404, 'offerNotFound', {}, onField('offerId', 'offerNotFound'));
        if (offerVendorId !== vendor.id) throw new HttpError(400, 'receiptOfferNotAtShop', {}, onField('offerId', 'receiptOfferNotAtShop'));
      }
      if (upload.visitId !== undefined) await app.policies.canAttachVisit(request.user, upload.visitId, vendor);

      // Every file is checked by its content before anything is stored.
      const checked = [];
      for (const file of files) checked.push(await checkReceiptFile(file.buffer));
      const hashes = checked.map((file) => file.sha256);
      if (new Set(hashes).size !== hashes.length || (await app.receipts.findUsedHashes(hashes)).length > 0) {
        throw new HttpError(409, 'receiptDuplicateFile', {}, onField('files', 'receiptDuplicateFile'));
      }

      const stored: FileToStore[] = [];
      const rows: NewReceiptFile[] = [];
      for (const [position, file] of checked.entries()) {
        const storageKey = `private/receipts/${file.sha256}.${file.extension}`;
        stored.push({ key: storageKey, body: file.body, contentType: file.contentType });
        rows.push({
          position,
          storageKey,
          contentType: file.contentType,
          byteSize: file.body.length,
          sha256: file.sha256,
          perceptualHash: file.perceptualHash,
        });
      }
      let receipt;
      try {
        // A failure after storing removes the files again (unless another row uses the same content).
        receipt = await app.pendingUploads.storeFilesWithRows(stored, (settle) =>
          app.receipts.createWithFiles(
            { consumerUserId: userId, vendorId: vendor.id, offerId: upload.offerId ?? null, visitId: upload.visitId ?? null },
            rows,
            settle,
          ),
        );
      } catch (error) {
        // Two uploads of the same file racing past the check above: the unique index decides.
        if (error instanceof DuplicateReceiptFile) throw new HttpError(409, 'receiptDuplicateFile', {}, onField('files', 'receiptDuplicateFile'));
        throw error;
      }
      request.log.info({ receiptId: receipt.receiptId, vendorId: vendor.id, files: rows.length }, 'receipt uploaded');
      // Read and checked in the background: the answer does not wait for OCR.
      app.receiptVerifier.wake();
      return reply.code(201).send({ data: receipt });
    },
  );
};

export default fileRoutes;

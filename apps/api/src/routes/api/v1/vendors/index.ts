/**
 * POST /api/v1/vendors/ (business registration, multipart with documents), GET /me, GET /me/offers, a shop's
 * public page GET /:vendorId, the receipt queue GET /me/receipts and the private GET /me/documents/:documentId. Registration errors also carry `errorMessage` (the spec's client).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
  MAX_INT,
  MESSAGES,
  apiErrorSchema,
  offersResponseSchema,
  shopParamsSchema,
  shopResponseSchema,
  vendorReceiptsQuerySchema,
  vendorReceiptsResponseSchema,
  vendorRegistrationSchema,
  vendorResponseSchema,
} from '@qrib/shared';
import { DomainError } from '../../../../kernel/domain-error.ts';
import { presentVendor, registerBusiness, resubmitBusiness } from '../../../../domains/businesses/index.ts';
import { privateFileHeaders } from '../../../../kernel/private-files.ts';
import { parseFields, readMultipart } from '../../../../kernel/multipart.ts';

/** The registration form's documents (registration and a correction alike). */
const DOCUMENT_UPLOAD = {
  fileField: 'documents',
  maxFiles: MAX_DOCUMENTS,
  maxFileBytes: MAX_DOCUMENT_BYTES,
  accepts: ['jpeg', 'png'],
  wrongType: 'filesWrongType',
  tooLarge: 'filesTooLarge',
  tooMany: { code: 'documentsTooMany', params: { max: MAX_DOCUMENTS } },
} as const;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const vendorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { errorMessageField: true },
      preHandler: app.limitPerAccount('register-business', 10, 3_600_000),
      schema: {
        tags: ['vendors'],
        summary: 'Register the signed-in account’s business (multipart: the fields and `documents` repeated)',
        consumes: ['multipart/form-data'],
        response: { 201: vendorResponseSchema, ...errors, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      await app.policies.canRegisterBusiness(request.user);

      const { fields, files } = await readMultipart(request, DOCUMENT_UPLOAD);
      const registration = parseFields(vendorRegistrationSchema, fields);
      const vendor = await registerBusiness(app, userId, registration, files, request.log);
      return reply.code(201).send({ data: presentVendor(vendor, await app.vendors.listDocuments(vendor.id)) });
    },
  );

  app.get(
    '/me',
    { schema: { tags: ['vendors'], summary: 'The signed-in owner’s business', response: { 200: vendorResponseSchema, ...errors } } },
    async (request) => {
      const vendor = (await app.policies.requireBusinessPermission(request.user, 'shop.edit')).business;
      return { data: presentVendor(vendor, await app.vendors.listDocuments(vendor.id)) };
    },
  );

  app.post(
    '/me/resubmission',
    {
      preHandler: app.limitPerAccount('resubmit-business', 10, 3_600_000),
      schema: {
        tags: ['vendors'],
        summary: 'Send a business Qrib refused again, corrected (multipart like registration; `documents` optional, added to the earlier ones): PENDING again',
        consumes: ['multipart/form-data'],
        response: { 200: vendorResponseSchema, ...errors, 409: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const business = (await app.policies.requireBusinessPermission(request.user, 'shop.edit')).business;
      if (business.status !== 'REJECTED') throw new DomainError('conflict', 'businessNotRejected');
      const { fields, files } = await readMultipart(request, DOCUMENT_UPLOAD);
      const registration = parseFields(vendorRegistrationSchema, fields);
      const vendor = await resubmitBusiness(app, business, registration, files, request.log);
      return { data: presentVendor(vendor, await app.vendors.listDocuments(vendor.id)) };
    },
  );

  app.get(
    '/me/offers',
    { schema: { tags: ['vendors'], summary: 'Every offer of the signed-in owner’s business', response: { 200: offersResponseSchema, ...errors } } },
    async (request) => {
      const vendor = (await app.policies.requireBusinessPermission(request.user, 'offers.manage')).business;
      return { data: await app.offers.listForVendor(vendor, request.user.id) };
    },
  );

  // find-my-way matches the static /me paths before this parametric one, whatever the order.
  app.get(
    '/:vendorId',
    {
      schema: {
        tags: ['vendors'],
        summary: 'A shop’s public page: its name, type, address, phone, logo, position and current offers (404 for a shop shoppers may not see)',
        params: shopParamsSchema,
        response: { 200: shopResponseSchema, ...errors },
      },
    },
    async (request) => {
      const shop = await app.vendors.findShop(request.params.vendorId, request.user.id);
      if (!shop) throw new DomainError('not-found', 'shopNotFound');
      return { data: { ...shop, rating: await app.reviews.rating(shop.vendorId) } };
    },
  );

  app.get(
    '/me/receipts',
    {
      schema: {
        tags: ['receipts'],
        summary:
          'The receipts shoppers sent for the owner’s shop, newest first (optionally one status), with the shopper’s name, files, what OCR read and its verdict',
        querystring: vendorReceiptsQuerySchema,
        response: { 200: vendorReceiptsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const vendor = (await app.policies.requireBusinessPermission(request.user, 'receipts.review')).business;
      return { data: await app.receipts.listForVendor(vendor.id, request.query.status) };
    },
  );

  app.get(
    '/me/documents/:documentId',
    {
      schema: {
        tags: ['vendors'],
        summary: 'One of the owner’s private registration documents',
        params: z.object({
          documentId: z.coerce
            .number({ error: MESSAGES.documentNotFound })
            .int({ error: MESSAGES.documentNotFound })
            .positive({ error: MESSAGES.documentNotFound })
            .max(MAX_INT, { error: MESSAGES.documentNotFound }),
        }),
        response: { 200: z.unknown().describe('The document (image/jpeg or image/png)'), ...errors },
      },
    },
    async (request, reply) => {
      const document = await app.policies.canReadDocument(request.user, request.params.documentId);
      const stored = await app.storage.get(document.storageKey);
      if (!stored) throw new DomainError('not-found', 'documentNotFound');
      return reply.headers(privateFileHeaders(document.contentType, stored.byteSize)).send(stored.body);
    },
  );
};

export default vendorRoutes;

/**
 * The platform's checks of businesses (issue 14): GET /admin/vendors?status= (oldest first, cursor paged) with their
 * documents, GET /admin/vendors/:vendorId/documents/:documentId (the private file) and
 * POST /admin/vendors/:vendorId/decision, and GET /admin/vendors/:vendorId/changes (issue 28: the shop's page history). Admins only: everyone else gets 403 adminOnly (admin/autohooks.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminDecisionSchema, adminVendorsQuerySchema, apiErrorSchema, vendorChangesResponseSchema } from '@qrib/shared';
import {
  adminVendorDocumentParamsSchema,
  adminVendorParamsSchema,
  adminVendorResponseSchema,
  adminVendorsResponseSchema,
} from '@qrib/shared/admin-vendor-schemas';
import { DomainError } from '../../../../kernel/domain-error.ts';
import { createAdminVendorsRepository, createProfileRepository, decideVendor } from '../../../../domains/businesses/index.ts';
import { privateFileHeaders } from '../../../../kernel/private-files.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

const adminVendorRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminVendors = createAdminVendorsRepository(app.db);
  app.get(
    '/vendors',
    {
      schema: {
        tags: ['admin'],
        summary: 'Businesses in one state (PENDING, ACTIVE, REJECTED or SUSPENDED: required), those waiting longest first, with their documents',
        querystring: adminVendorsQuerySchema,
        response: { 200: adminVendorsResponseSchema, ...errors },
      },
    },
    async (request) => {
      return adminVendors.list(request.query.status, request.query.cursor);
    },
  );

  app.get(
    '/vendors/:vendorId/changes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every change a business made to its own page (fields, logo, cover): who, when, before and after; newest first',
        params: adminVendorParamsSchema,
        response: { 200: vendorChangesResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await app.vendors.findById(request.params.vendorId))) throw new DomainError('not-found', 'vendorNotFoundAdmin');
      return { data: await createProfileRepository(app.db).listChanges(request.params.vendorId) };
    },
  );

  app.get(
    '/vendors/:vendorId/documents/:documentId',
    {
      schema: {
        tags: ['admin'],
        summary: 'One of a business’s private registration documents',
        params: adminVendorDocumentParamsSchema,
        response: { 200: z.unknown().describe('The document (image/jpeg or image/png)'), ...errors },
      },
    },
    async (request, reply) => {
      const document = await adminVendors.findDocument(request.params.vendorId, request.params.documentId);
      if (!document) throw new DomainError('not-found', 'documentNotFound');
      const stored = await app.storage.get(document.storageKey);
      if (!stored) throw new DomainError('not-found', 'documentNotFound');
      return reply.headers(privateFileHeaders(document.contentType, stored.byteSize)).send(stored.body);
    },
  );

  app.post(
    '/vendors/:vendorId/decision',
    {
      schema: {
        tags: ['admin'],
        summary: 'Approve, refuse, suspend or reinstate a business (a reason is required to refuse or suspend; the owner reads it)',
        params: adminVendorParamsSchema,
        body: adminDecisionSchema,
        response: { 200: adminVendorResponseSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => {
      return { data: await decideVendor(adminVendors, request.user.id, request.params.vendorId, request.body, request.log) };
    },
  );
};

export default adminVendorRoutes;

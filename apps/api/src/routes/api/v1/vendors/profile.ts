/**
 * Issue 28: the shop edits its own page. PATCH /api/v1/vendors/me (JSON, any of the business's fields, the
 * registration's rules), PUT /me/logo and /me/cover (multipart, one `photo`: JPG, PNG or WebP up to 10 MB, stored as
 * webp without metadata), DELETE of each. Each answers the business as GET /vendors/me does; each change is kept in
 * the shop's history (GET /admin/vendors/:vendorId/changes). domains/businesses/edit-business.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_OFFER_IMAGE_BYTES, apiErrorSchema, vendorResponseSchema, vendorUpdateSchema } from '@qrib/shared';
import { editBusiness, presentVendor, removeBusinessImage, setBusinessImage, type VendorRow } from '../../../../domains/businesses/index.ts';
import { DomainError } from '../../../../kernel/domain-error.ts';
import { readMultipart, readUploadedFile } from '../../../../kernel/multipart.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const KINDS = ['logo', 'cover'] as const;

const businessProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, storage: app.storage, pendingUploads: app.pendingUploads };
  const answer = async (row: VendorRow) => ({ data: presentVendor(row, await app.vendors.listDocuments(row.id)) });

  app.patch(
    '/me',
    {
      preHandler: app.limitPerAccount('edit-business', 60, 3_600_000),
      schema: {
        tags: ['vendors'],
        summary:
          'Edit the signed-in owner’s business: any of businessName, businessType, businessAddress, locationLatitude + locationLongitude (together), contactPhone, contactEmail, offeringsDescription, website. 409 businessNameTaken for another ACTIVE shop’s name, 409 businessClosed when closed',
        body: vendorUpdateSchema,
        response: { 200: vendorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const business = (await app.policies.requireBusinessPermission(request.user, 'shop.edit')).business;
      return answer(await editBusiness(deps, business, request.user.id, request.body));
    },
  );

  for (const kind of KINDS) {
    app.put(
      `/me/${kind}`,
      {
        preHandler: app.limitPerAccount('business-photo', 30, 3_600_000),
        schema: {
          tags: ['vendors'],
          summary: `Set the business’s ${kind} (multipart, one \`photo\`: JPG, PNG or WebP up to 10 MB; stored as webp, upright, without metadata)`,
          consumes: ['multipart/form-data'],
          response: { 200: vendorResponseSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema, 503: apiErrorSchema },
        },
      },
      async (request) => {
        const business = (await app.policies.requireBusinessPermission(request.user, 'shop.edit')).business;
        const { files } = await readMultipart(request, {
          fileField: 'photo',
          maxFiles: 1,
          maxFileBytes: MAX_OFFER_IMAGE_BYTES,
          accepts: ['jpeg', 'png', 'webp'],
          wrongType: 'shopPhotoWrongType',
          tooLarge: 'imageTooLarge',
          tooMany: { code: 'shopPhotoOnlyOne' },
        });
        const [photo] = files;
        if (!photo) throw new DomainError('invalid', 'shopPhotoRequired', {}, { photo: { code: 'shopPhotoRequired', params: {} } });
        return answer(await setBusinessImage(deps, business, request.user.id, kind, await readUploadedFile(photo), request.log));
      },
    );

    app.delete(
      `/me/${kind}`,
      {
        schema: { tags: ['vendors'], summary: `Remove the business’s ${kind}`, response: { 200: vendorResponseSchema, ...errors } },
      },
      async (request) => {
        const business = (await app.policies.requireBusinessPermission(request.user, 'shop.edit')).business;
        return answer(await removeBusinessImage(deps, business, request.user.id, kind, request.log));
      },
    );
  }
};

export default businessProfileRoutes;

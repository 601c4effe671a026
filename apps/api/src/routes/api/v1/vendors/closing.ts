/** POST /api/v1/vendors/me/close: the owner closes their business for good (issue 15); services/account-deletion.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, vendorResponseSchema } from '@qrib/shared';
import { presentVendor } from '../../../../repositories/vendors.ts';
import { closeBusiness } from '../../../../services/account-deletion.ts';

const businessClosingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/me/close',
    {
      schema: {
        tags: ['vendors'],
        summary:
          'Close the signed-in owner’s business: CLOSED, every offer of it ENDED, no longer seen by shoppers; it cannot be reopened. Any body is ignored. Answers the business as GET /vendors/me does',
        response: { 200: vendorResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const business = await app.policies.requireOwnBusiness(request.user);
      const closed = await closeBusiness({ db: app.db, vendors: app.vendors }, business, request.log);
      return { data: presentVendor(closed, await app.vendors.listDocuments(closed.id)) };
    },
  );
};

export default businessClosingRoutes;

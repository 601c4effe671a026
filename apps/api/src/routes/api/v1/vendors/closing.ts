/** POST /api/v1/vendors/me/close {password}: the owner closes their business for good (issue 15); domains/accounts/close-business.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, vendorResponseSchema } from '@qrib/shared';
import { closeBusinessRequestSchema } from '@qrib/shared/account-schemas';
import { presentVendor } from '../../../../domains/businesses/index.ts';
import { closeBusiness, confirmPassword } from '../../../../domains/accounts/index.ts';

const businessClosingRoutes: FastifyPluginAsyncZod = async (app) => {
  // An account's password checks count against the same limit as logins to it.
  const passwordConfirmation = { db: app.db, counters: app.rateLimitCounters, maxAttempts: app.config.loginAttemptsPerUsername };
  app.post(
    '/me/close',
    {
      schema: {
        tags: ['vendors'],
        summary:
          'Close the signed-in owner’s business, with the owner’s password: CLOSED, every offer of it ENDED, no longer seen by shoppers; it cannot be reopened. 400 fieldErrors.password when the password is missing or wrong. Answers the business as GET /vendors/me does',
        body: closeBusinessRequestSchema,
        response: { 200: vendorResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const business = (await app.policies.requireBusinessPermission(request.user, 'business.close')).business;
      // Closing is as final as deleting the account, so it asks for the password the same way: every attempt counts with
      // those of the account's other password checks, so a stolen session cannot close the business or guess here.
      await confirmPassword(passwordConfirmation, request.user.id, request.body.password, 'password');
      const closed = await closeBusiness({ db: app.db, vendors: app.vendors }, business, request.log);
      return { data: presentVendor(closed, await app.vendors.listDocuments(closed.id)) };
    },
  );
};

export default businessClosingRoutes;

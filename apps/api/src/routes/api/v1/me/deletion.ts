/** DELETE /api/v1/me: the account deletes itself (issue 15, GDPR Art. 17), with its password; domains/accounts/delete-account.ts. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@qrib/shared';
import { deleteAccountRequestSchema } from '@qrib/shared/account-schemas';
import { confirmPassword, deleteAccount } from '../../../../domains/accounts/index.ts';

const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  // An account's password checks count against the same limit as logins to it.
  const passwordConfirmation = { db: app.db, counters: app.rateLimitCounters, maxAttempts: app.config.loginAttemptsPerUsername };
  app.delete(
    '/',
    {
      schema: {
        tags: ['me'],
        summary:
          'Delete the signed-in account: its sessions, favourites, notifications and files go; what shops’ figures are built from stays under a pseudonym, personal text cleared. 409 businessOpen until the business is closed, 409 adminAccount for an administrator',
        body: deleteAccountRequestSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      // Every attempt counts, with those of the other password checks of the account: it cannot be guessed here instead.
      await confirmPassword(passwordConfirmation, userId, request.body.password, 'password');
      await deleteAccount({ db: app.db, vendors: app.vendors, storage: app.storage }, userId, request.log);
      await app.endAllSessions(userId, reply);
      return reply.code(204).send(null);
    },
  );
};

export default accountDeletionRoutes;

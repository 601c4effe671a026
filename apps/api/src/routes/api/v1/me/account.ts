/**
 * The signed-in side of account access (issue 15): POST /me/password, POST /me/email-verification (resend) and
 * POST /me/email (a new address, pending until verified). The commands are in domains/accounts/ (change-password.ts,
 * request-email-change.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VERIFICATION_MAILS_PER_HOUR,
  apiErrorSchema,
  changeEmailRequestSchema,
  changeEmailResponseSchema,
  changePasswordRequestSchema,
} from '@qrib/shared';
import { DomainError } from '../../../../kernel/domain-error.ts';
import { changePassword, confirmPassword, requestEmailChange, resendVerification } from '../../../../domains/accounts/index.ts';

const minutesUntil = (ttlMs: number) => Math.max(1, Math.ceil(ttlMs / 60_000));

const myAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  // An account's password checks count against the same limit as logins to it.
  const passwordConfirmation = { db: app.db, counters: app.rateLimitCounters, maxAttempts: app.config.loginAttemptsPerUsername };

  // Resends and changes of address share one count per account.
  const verificationMails = app.createRateLimit({
    nameSpace: 'verification-mail',
    max: VERIFICATION_MAILS_PER_HOUR,
    timeWindow: 3_600_000,
    keyGenerator: (request) => String(request.user.id),
  });
  async function countVerificationMail(request: FastifyRequest) {
    const result = await verificationMails(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new DomainError('too-many', 'tooManyVerificationMails', { minutes: minutesUntil(result.ttl) });
    }
  }

  app.post(
    '/password',
    {
      schema: {
        tags: ['me'],
        summary: 'Change my password: every other session of the account ends (this one stays), a notice is mailed',
        body: changePasswordRequestSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await confirmPassword(passwordConfirmation, request.user.id, request.body.currentPassword, 'currentPassword');
      await changePassword(app.db, user, request.user.sessionId, request.body.password);
      app.forgetSessionsOf(user.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/email-verification',
    {
      schema: {
        tags: ['me'],
        summary: 'Mail the verification link again (to the pending address if there is one)',
        response: { 202: z.object({}), 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await countVerificationMail(request);
      await resendVerification(app.db, request.user.id);
      return reply.code(202).send({});
    },
  );

  app.post(
    '/email',
    {
      schema: {
        tags: ['me'],
        summary: 'Change my address: it stays pending (and the old one in use) until the link mailed to it is followed',
        body: changeEmailRequestSchema,
        response: { 202: changeEmailResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await confirmPassword(passwordConfirmation, request.user.id, request.body.password, 'password');
      await countVerificationMail(request);
      const pendingEmail = await requestEmailChange(app.db, user, request.body.email);
      return reply.code(202).send({ data: { pendingEmail } });
    },
  );
};

export default myAccountRoutes;

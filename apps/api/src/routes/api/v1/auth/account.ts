/**
 * The public side of account access (issue 15): POST /api/v1/auth/password-reset and /password-reset/confirm,
 * POST /verify-email, and the unsubscribe link (POST, one-click or JSON; GET redirects to the web screen).
 * The links' tokens are the credentials; the commands are in domains/accounts/ (password-reset.ts,
 * email-verification.ts, unsubscribe.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAIL_LINK_PATHS,
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR,
  PASSWORD_RESETS_PER_IP_PER_HOUR,
  apiErrorSchema,
  loginResponseSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  unsubscribeRequestSchema,
  unsubscribeResponseSchema,
  verifyEmailRequestSchema,
  verifyEmailResponseSchema,
} from '@qrib/shared';
import { DomainError } from '../../../../kernel/domain-error.ts';
import { confirmPasswordReset, requestPasswordReset, unsubscribe, verifyEmail } from '../../../../domains/accounts/index.ts';
import { readUnsubscribeToken } from '../../../../domains/mail/index.ts';

const HOUR_MS = 3_600_000;
const RESET_CONFIRMS_PER_IP = 20;
const RESET_CONFIRM_WINDOW_MS = 15 * 60_000;

/** The RFC 8058 one-click body a mail provider posts (form-encoded), the token being in the link's query string. */
const oneClickBodySchema = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

const accountAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The body's address as the per-address limit keys it, or undefined when the body has no usable one (it gets 400). */
  const usableEmail = (request: FastifyRequest) => {
    const parsed = passwordResetRequestSchema.safeParse(request.body);
    return parsed.success ? parsed.data.email.trim().toLowerCase() : undefined;
  };
  const resetsPerIp = app.createRateLimit({
    nameSpace: 'reset-ip',
    max: PASSWORD_RESETS_PER_IP_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => request.ip,
  });
  const resetsPerAddress = app.createRateLimit({
    nameSpace: 'reset-address',
    max: PASSWORD_RESETS_PER_ADDRESS_PER_HOUR,
    timeWindow: HOUR_MS,
    keyGenerator: (request) => usableEmail(request) ?? '',
  });
  type Limiter = typeof resetsPerIp;
  async function refuseWhenExceeded(limiter: Limiter, request: FastifyRequest, reply: FastifyReply, code: 'tooManyPasswordResets' | 'tooManyRequests') {
    const result = await limiter(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(result.ttlInSeconds));
      throw new DomainError('too-many', code, { minutes: Math.max(1, Math.ceil(result.ttl / 60_000)) });
    }
  }
  // Before validation, so malformed requests count too (as login's), per network; only a usable address has a count of
  // its own (malformed ones would otherwise share one and be refused 429 instead of 400).
  async function limitResets(request: FastifyRequest, reply: FastifyReply) {
    await refuseWhenExceeded(resetsPerIp, request, reply, 'tooManyPasswordResets');
    if (usableEmail(request) !== undefined) await refuseWhenExceeded(resetsPerAddress, request, reply, 'tooManyPasswordResets');
  }
  // Guessing links is hopeless (256 bits), but each confirm costs a lookup: counted per network, malformed ones too.
  const confirmsPerIp = app.createRateLimit({
    nameSpace: 'reset-confirm-ip',
    max: RESET_CONFIRMS_PER_IP,
    timeWindow: RESET_CONFIRM_WINDOW_MS,
    keyGenerator: (request) => request.ip,
  });
  const limitConfirms = (request: FastifyRequest, reply: FastifyReply) => refuseWhenExceeded(confirmsPerIp, request, reply, 'tooManyRequests');

  app.post(
    '/password-reset',
    {
      config: { public: true },
      preValidation: [app.refuseCrossSite, limitResets],
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link to the account with this address (202 and no body whether or not there is one)',
        body: passwordResetRequestSchema,
        response: { 202: z.undefined(), 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(app.db, request.body.email);
      return reply.code(202).send();
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      config: { public: true },
      preValidation: [app.refuseCrossSite, limitConfirms],
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link: every session of the account ends, a new one starts (like login)',
        body: passwordResetConfirmSchema,
        response: { 200: loginResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await confirmPasswordReset(app.db, request.body.token, request.body.password);
      app.forgetSessionsOf(user.id);
      await app.users.recordLogin(user.id);
      const token = await app.issueSession(reply, user);
      return { token, username: user.username };
    },
  );

  app.post(
    '/verify-email',
    {
      config: { public: true },
      preValidation: app.refuseCrossSite,
      schema: {
        tags: ['auth'],
        summary: "Follow a verification link: the account's address verified, or its pending address made its own",
        body: verifyEmailRequestSchema,
        response: { 200: verifyEmailResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => ({ data: { email: await verifyEmail(app.db, request.body.token) } }),
  );

  app.get(
    '/unsubscribe',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'The unsubscribe link opened in a browser: 303 to the web screen, which asks before it unsubscribes',
        querystring: z.object({ token: z.string().max(512).optional() }),
        // 400: a token longer than any we sign.
        response: { 303: z.null(), 400: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const query = request.query.token === undefined ? '' : `?${new URLSearchParams({ token: request.query.token }).toString()}`;
      return reply.redirect(`${MAIL_LINK_PATHS.unsubscribe}${query}`, 303);
    },
  );

  // The only form-encoded body the API reads: the one-click unsubscribe (RFC 8058), in its own scope. No cross-site
  // refusal: the signed token is the credential, and a mail provider posts without Origin.
  await app.register(async (scoped) => {
    scoped.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
    scoped.withTypeProvider<ZodTypeProvider>().post(
      '/unsubscribe',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          summary: "Turn the account's email notifications off with the token of a mail's unsubscribe link (JSON, or ?token= with the one-click form body)",
          body: z.union([unsubscribeRequestSchema, oneClickBodySchema]),
          querystring: z.object({ token: z.string().max(512).optional() }),
          response: { 200: unsubscribeResponseSchema, 400: apiErrorSchema },
        },
      },
      async (request) => {
        const token = 'token' in request.body ? request.body.token : request.query.token;
        const userId = token === undefined ? undefined : readUnsubscribeToken(app.config.jwtSecret, token);
        if (userId === undefined || !(await unsubscribe(app.db, userId))) throw new DomainError('invalid', 'unsubscribeLinkInvalid');
        return { data: { emailNotifications: false as const } };
      },
    );
  });
};

export default accountAuthRoutes;

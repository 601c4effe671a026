/** POST /api/v1/auth/{signup,login,logout}, GET /api/v1/auth/me and GET /api/v1/auth/session (DESIGN.md §4–5). */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGIN_ATTEMPT_WINDOW_MINUTES,
  LOGIN_DELAY_AFTER_FAILURES,
  apiErrorSchema,
  loginRequestSchema,
  loginResponseSchema,
  meResponseSchema,
  sessionResponseSchema,
  signupRequestSchema,
  signupResponseSchema,
} from '@qrib/shared';
import { DomainError, onField } from '../../../../kernel/domain-error.ts';
import { checkLogin, createUsersRepository, hashSignupNetwork, presentUser, sendVerification, UniqueViolation } from '../../../../domains/accounts/index.ts';
import { hashPassword } from '../../../../kernel/passwords.ts';

const CONFLICT_CODES = { username: 'usernameTaken', email: 'emailTaken' } as const;

function minutesUntil(ttlMs: number): number {
  return Math.max(1, Math.ceil(ttlMs / 60_000));
}

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // loginDelayMs (issue 25) is the time between two turns of an account past LOGIN_DELAY_AFTER_FAILURES failures.
  const { signupsPerHour, loginAttemptsPerUsername, loginAttemptsPerIp, loginDelayMs } = app.config;
  // Issue 24: the sign-up network's hash is salted with the server's token secret (domains/accounts/network-hash.ts).
  const networkSalt = app.config.jwtSecret;
  type Limiter = ReturnType<typeof app.createRateLimit>;
  /** A preValidation hook counting one attempt in each limiter (the plugin's own route hook runs once). */
  function limitAttempts(limiters: Limiter[], buildError: (ttlMs: number) => DomainError) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      for (const limiter of limiters) {
        const result = await limiter(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', String(result.ttlInSeconds));
          throw buildError(result.ttl);
        }
      }
    };
  }
  const bodyUsername = (request: FastifyRequest) => {
    const body = request.body as { username?: unknown } | undefined;
    return typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
  };

  const loginWindow = LOGIN_ATTEMPT_WINDOW_MINUTES * 60_000;
  const limitLoginAttempts = limitAttempts(
    [
      app.createRateLimit({ nameSpace: 'login-ip', max: loginAttemptsPerIp, timeWindow: loginWindow, keyGenerator: (request) => request.ip }),
      app.createRateLimit({
        nameSpace: 'login-ip-user',
        max: loginAttemptsPerUsername,
        timeWindow: loginWindow,
        keyGenerator: (request) => `${request.ip}:${bodyUsername(request)}`,
      }),
    ],
    (ttlMs) => new DomainError('too-many', 'tooManyLoginAttempts', { minutes: minutesUntil(ttlMs) }),
  );
  const limitSignups = limitAttempts(
    [app.createRateLimit({ nameSpace: 'signup-ip', max: signupsPerHour, timeWindow: 3_600_000, keyGenerator: (request) => request.ip })],
    (ttlMs) => new DomainError('too-many', 'tooManySignups', { minutes: minutesUntil(ttlMs) }),
  );

  app.post(
    '/signup',
    {
      config: { public: true },
      preValidation: [app.refuseCrossSite, limitSignups],
      schema: {
        tags: ['auth'],
        summary: 'Create an account and start a session',
        body: signupRequestSchema,
        response: { 201: signupResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { name, email, phone, username, password } = request.body;
      const taken = await app.users.findTakenField(email, username);
      if (taken) throw new DomainError('conflict', CONFLICT_CODES[taken], {}, onField(taken, CONFLICT_CODES[taken]));
      const passwordHash = await hashPassword(password);
      let user;
      try {
        // Issue 15: the address is verified by following the link mailed to it (the account works meanwhile); the
        // account and its mail are written together, so neither exists without the other.
        user = await app.db.transaction(async (tx) => {
          // Issue 24: the network it came from, as a salted hash only (the suspicious-activity rule compares them).
          const signupNetwork = hashSignupNetwork(request.ip, networkSalt);
          const created = await createUsersRepository(tx).create({ name, email, phone, username, passwordHash, signupNetwork });
          await sendVerification(tx, created.id, created.email);
          return created;
        });
      } catch (error) {
        if (error instanceof UniqueViolation) {
          throw new DomainError('conflict', CONFLICT_CODES[error.field], {}, onField(error.field, CONFLICT_CODES[error.field]));
        }
        throw error;
      }
      const lastLoginAt = await app.users.recordLogin(user.id);
      const token = await app.issueSession(reply, user);
      return reply.code(201).send({ token, user: presentUser({ ...user, lastLoginAt }, null) });
    },
  );

  app.post(
    '/login',
    {
      config: { public: true },
      // The limits run before validation so malformed attempts count too.
      preValidation: [app.refuseCrossSite, limitLoginAttempts],
      schema: {
        tags: ['auth'],
        summary: 'Start a session',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      // Past many failures on the account each attempt waits its turn (domains/accounts/check-login.ts); an unknown user
      // and a wrong password cost the same time and get the same answer.
      const loginCheck = {
        users: app.users,
        loginFailures: app.loginFailures,
        delayAfterFailures: LOGIN_DELAY_AFTER_FAILURES,
        delayMs: loginDelayMs,
        windowMs: loginWindow,
      };
      const user = await checkLogin(loginCheck, username, password);
      if (!user) throw new DomainError('unauthenticated', 'invalidCredentials');
      await app.users.recordLogin(user.id);
      const token = await app.issueSession(reply, user);
      return { token, username: user.username };
    },
  );

  app.post(
    '/logout',
    {
      config: { public: true },
      preValidation: app.refuseCrossSite,
      schema: {
        tags: ['auth'],
        summary: 'End the session: revoked on every replica, cookie cleared (safe to call without one)',
        response: { 204: z.null(), 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await app.endSession(request, reply);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/logout-all',
    {
      schema: {
        tags: ['auth'],
        summary: "Log out everywhere: revokes every session of the account, this one included, and clears the cookie",
        security: [{ cookieAuth: [] }, { bearerAuth: [] }],
        response: { 204: z.null(), 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await app.endAllSessions(request.user.id, reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ cookieAuth: [] }, { bearerAuth: [] }],
        response: { 200: meResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await app.users.findProfile(request.user.id);
      if (!user) throw new DomainError('unauthenticated', 'invalidSession');
      return { user };
    },
  );

  // Public: the web app asks it on start, so a signed-out visit is a plain answer, not a failed request.
  app.get(
    '/session',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in: the user as GET /auth/me answers it, or null without a valid session (never 401)',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const signedIn = await app.readSession(request);
      const user = signedIn ? await app.users.findProfile(signedIn.id) : undefined;
      return { user: user ?? null };
    },
  );
};

export default authRoutes;

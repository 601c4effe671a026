/**
 * Issue 27: sign in with an identity provider (OpenID Connect), under /api/v1/auth/oidc. `start` sends the browser to
 * the provider (state, nonce and PKCE verifier in a short-lived signed HttpOnly cookie); `callback` signs a known
 * identity in, or parks a new one in a second signed cookie for 'complete your account' (POST complete) or, when its
 * address is an existing account's, for that account's password (POST link): never linked silently. A signed-in
 * account lists, links (start?intent=link) and unlinks its identities, sets a first password, and confirms
 * password-requiring actions by a fresh provider sign-in (start?intent=reauth). Without OIDC_* the routes answer 404
 * oidcNotConfigured and the login page keeps the spec's 'OAuth login is not implemented yet'.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LOGIN_ATTEMPT_WINDOW_MINUTES,
  LOGIN_DELAY_AFTER_FAILURES,
  apiErrorSchema,
  identityIdParamsSchema,
  oidcCompleteRequestSchema,
  oidcLinkRequestSchema,
  oidcPendingResponseSchema,
  oidcSignedInResponseSchema,
  oidcStartQuerySchema,
  setPasswordRequestSchema,
  signInMethodsResponseSchema,
  type OidcErrorCode,
} from '@qrib/shared';
import { DomainError, onField } from '../../../../kernel/domain-error.ts';
import { hashPassword } from '../../../../kernel/passwords.ts';
import {
  checkLogin,
  createAccountFromIdentity,
  createIdentitiesRepository,
  createOidcClient,
  deriveUsername,
  hashSignupNetwork,
  OidcCallbackError,
  REAUTH_WINDOW_MS,
  safeReturnPath,
  sealer,
  UniqueViolation,
  type OidcRoundTrip,
  type PendingIdentity,
} from '../../../../domains/accounts/index.ts';

const STATE_COOKIE = 'qrib_oidc_state';
const PENDING_COOKIE = 'qrib_oidc_pending';
const COOKIE_PATH = '/api/v1/auth/oidc';
/** The provider round trip and the wait on 'complete your account' (or the password) each have this long. */
const STATE_TTL_MS = 10 * 60_000;
const PENDING_TTL_MS = 30 * 60_000;
/** The web app's screens (apps/web/src/config/paths.ts). */
const COMPLETE_PATH = '/oidc/complete';
const LINK_PATH = '/oidc/link';

type Intent = 'login' | 'link' | 'reauth';
interface StateCookie extends OidcRoundTrip {
  intent: Intent;
  returnTo: string | null;
  /** link and reauth: the account signed in when it started. */
  userId: number | null;
}
interface PendingCookie extends PendingIdentity {
  kind: 'signup' | 'link';
  userId: number | null;
  returnTo: string | null;
}

const redirectSchema = z.null().describe('Redirect (Location)');

const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = app.config.oidc;
  const publicOrigin = app.config.publicOrigin;
  const client = settings ? createOidcClient(settings, `${publicOrigin}/api/v1/auth/oidc/callback`) : undefined;
  const states = sealer(app.config.jwtSecret, 'state');
  const pendings = sealer(app.config.jwtSecret, 'pending');
  const identities = createIdentitiesRepository(app.db);
  const cookieOptions = { httpOnly: true, secure: app.config.cookieSecure, sameSite: 'lax' as const, path: COOKIE_PATH };
  const loginWindow = LOGIN_ATTEMPT_WINDOW_MINUTES * 60_000;

  function configured(): NonNullable<typeof client> {
    if (!client) throw new DomainError('not-found', 'oidcNotConfigured');
    return client;
  }
  type Limiter = ReturnType<typeof app.createRateLimit>;
  function limitWith(limiter: Limiter, code: 'tooManyLoginAttempts' | 'tooManySignups') {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new DomainError('too-many', code, { minutes: Math.max(1, Math.ceil(result.ttl / 60_000)) });
      }
    };
  }
  // As login's: attempts per network, whether they succeed or not (the callback and the password of a link).
  const limitLogins = limitWith(
    app.createRateLimit({ nameSpace: 'login-ip', max: app.config.loginAttemptsPerIp, timeWindow: loginWindow, keyGenerator: (request) => request.ip }),
    'tooManyLoginAttempts',
  );
  const limitSignups = limitWith(
    app.createRateLimit({ nameSpace: 'signup-ip', max: app.config.signupsPerHour, timeWindow: 3_600_000, keyGenerator: (request) => request.ip }),
    'tooManySignups',
  );

  function withParams(path: string, params: Record<string, string | null>): string {
    const url = new URL(path, 'https://qrib.invalid');
    for (const [key, value] of Object.entries(params)) if (value !== null) url.searchParams.set(key, value);
    return `${url.pathname}${url.search}${url.hash}`;
  }
  /** Where a failed round trip lands: the login page with the reason (and the page to return to), or the profile. */
  function failureTarget(intent: Intent, code: OidcErrorCode, returnTo: string | null): string {
    if (intent === 'login') return withParams('/login', { oidcError: code, next: returnTo });
    return withParams(returnTo ?? '/profile', { oidcError: code });
  }
  function readPending(request: FastifyRequest, kind: PendingCookie['kind']): PendingCookie {
    const pending = pendings.open<PendingCookie>(request.cookies[PENDING_COOKIE]);
    if (!pending || pending.kind !== kind) throw new DomainError('unauthenticated', 'oidcSignInExpired');
    return pending;
  }

  app.get(
    '/oidc/start',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: "Sign in (or link, or confirm it is you) at the identity provider: redirects to it, the round trip's secrets in a signed cookie",
        querystring: oidcStartQuerySchema,
        response: { 302: redirectSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const oidc = configured();
      const { intent } = request.query;
      const returnTo = safeReturnPath(request.query.returnTo);
      let userId: number | null = null;
      if (intent !== 'login') {
        const signedIn = await app.readSession(request);
        if (!signedIn) throw new DomainError('unauthenticated', 'notSignedIn');
        userId = signedIn.id;
      }
      let begun;
      try {
        begun = await oidc.begin({ reauth: intent === 'reauth' });
      } catch (error) {
        request.log.warn({ err: error }, 'the identity provider could not be reached');
        return reply.redirect(failureTarget(intent, 'unavailable', returnTo), 302);
      }
      const state: StateCookie = { ...begun.roundTrip, intent, returnTo, userId };
      reply.setCookie(STATE_COOKIE, states.seal(state, STATE_TTL_MS), { ...cookieOptions, maxAge: STATE_TTL_MS / 1000 });
      reply.header('cache-control', 'no-store');
      return reply.redirect(begun.url, 302);
    },
  );

  app.get(
    '/oidc/callback',
    {
      config: { public: true },
      preValidation: limitLogins,
      schema: {
        tags: ['auth'],
        summary: 'The identity provider sends the browser back here: signs in, or leads to completing or linking an account',
        querystring: z.record(z.string(), z.string()),
        response: { 302: redirectSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const oidc = configured();
      const state = states.open<StateCookie>(request.cookies[STATE_COOKIE]);
      // One use: the round trip's cookie goes whatever happens next.
      reply.clearCookie(STATE_COOKIE, cookieOptions);
      reply.header('cache-control', 'no-store');
      const intent = state?.intent ?? 'login';
      const returnTo = state?.returnTo ?? null;
      const fail = (code: OidcErrorCode) => reply.redirect(failureTarget(intent, code, returnTo), 302);

      let identity;
      try {
        identity = await oidc.finish(new URLSearchParams(request.query), state, { reauth: state?.intent === 'reauth' });
      } catch (error) {
        if (!(error instanceof OidcCallbackError)) throw error;
        request.log.info({ err: error.cause ?? error, failure: error.failure }, 'an identity provider sign-in was refused');
        return fail(error.failure);
      }
      const known = await identities.find(identity.issuer, identity.subject);

      if (intent !== 'login') {
        // The account that started it must still be the one signed in.
        const signedIn = await app.readSession(request);
        if (!signedIn || state?.userId !== signedIn.id) return fail('state');
        if (known && known.userId !== signedIn.id) return fail('taken');
        if (intent === 'reauth' && !known) return fail('taken');
        if (known) await identities.touch(known.id);
        else await identities.link(signedIn.id, { issuer: identity.issuer, subject: identity.subject, email: identity.email });
        return reply.redirect(returnTo ?? '/profile', 302);
      }

      if (known) {
        await identities.touch(known.id);
        await app.users.recordLogin(known.userId);
        await app.issueSession(reply, { id: known.userId });
        return reply.redirect(returnTo ?? '/', 302);
      }
      // A new identity needs an address its provider vouches for: it names the account, or the account it would join.
      if (!identity.email || !identity.emailVerified) return fail('unverified');
      const pendingIdentity = { issuer: identity.issuer, subject: identity.subject, email: identity.email, name: identity.name };
      const existing = await app.users.findByEmail(identity.email);
      const pending: PendingCookie = existing
        ? { ...pendingIdentity, kind: 'link', userId: existing.id, returnTo }
        : { ...pendingIdentity, kind: 'signup', userId: null, returnTo };
      reply.setCookie(PENDING_COOKIE, pendings.seal(pending, PENDING_TTL_MS), { ...cookieOptions, maxAge: PENDING_TTL_MS / 1000 });
      return reply.redirect(withParams(existing ? LINK_PATH : COMPLETE_PATH, { next: returnTo }), 302);
    },
  );

  app.get(
    '/oidc/pending',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: "The provider identity waiting for 'complete your account' or for the existing account's password",
        response: { 200: oidcPendingResponseSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      configured();
      const pending = pendings.open<PendingCookie>(request.cookies[PENDING_COOKIE]);
      if (!pending) throw new DomainError('unauthenticated', 'oidcSignInExpired');
      const suggestedUsername =
        pending.kind === 'signup'
          ? await deriveUsername(pending.email.split('@')[0] || pending.name || 'user', async (candidate) => (await app.users.findByUsername(candidate)) !== undefined)
          : null;
      return {
        data: {
          kind: pending.kind,
          provider: settings?.displayName ?? '',
          name: pending.name,
          email: pending.email,
          suggestedUsername,
          returnTo: pending.returnTo,
        },
      };
    },
  );

  app.post(
    '/oidc/complete',
    {
      config: { public: true },
      preValidation: [app.refuseCrossSite, limitSignups],
      schema: {
        tags: ['auth'],
        summary: "Complete your account: creates it from the provider's identity (address verified, no password) and signs in",
        body: oidcCompleteRequestSchema,
        response: { 201: oidcSignedInResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      configured();
      const pending = readPending(request, 'signup');
      const { phone, username } = request.body;
      let user;
      try {
        const signupNetwork = hashSignupNetwork(request.ip, app.config.jwtSecret);
        user = await createAccountFromIdentity(app.db, pending, { phone, username, signupNetwork });
      } catch (error) {
        if (error instanceof UniqueViolation) {
          const code = error.field === 'username' ? 'usernameTaken' : 'emailTaken';
          throw new DomainError('conflict', code, {}, onField(error.field, code));
        }
        throw error;
      }
      reply.clearCookie(PENDING_COOKIE, cookieOptions);
      await app.users.recordLogin(user.id);
      const token = await app.issueSession(reply, user);
      return reply.code(201).send({ token, username: user.username, returnTo: pending.returnTo });
    },
  );

  app.post(
    '/oidc/link',
    {
      config: { public: true },
      preValidation: [app.refuseCrossSite, limitLogins],
      schema: {
        tags: ['auth'],
        summary: "Links the provider's identity to the account with its address, once that account's password is given, and signs in",
        body: oidcLinkRequestSchema,
        response: { 200: oidcSignedInResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      configured();
      const pending = readPending(request, 'link');
      const account = pending.userId === null ? undefined : await app.users.findById(pending.userId);
      if (!account || account.deletedAt !== null) throw new DomainError('unauthenticated', 'oidcSignInExpired');
      // As a login: failures count on the account and, past many, take turns (domains/accounts/check-login.ts).
      const loginCheck = {
        users: app.users,
        loginFailures: app.loginFailures,
        delayAfterFailures: LOGIN_DELAY_AFTER_FAILURES,
        delayMs: app.config.loginDelayMs,
        windowMs: loginWindow,
      };
      const user = await checkLogin(loginCheck, account.username, request.body.password);
      if (!user || user.id !== account.id) throw new DomainError('invalid', 'passwordIncorrect', {}, onField('password', 'passwordIncorrect'));
      const already = await identities.find(pending.issuer, pending.subject);
      if (already && already.userId !== user.id) throw new DomainError('conflict', 'oidcSignInExpired');
      if (!already) await identities.link(user.id, { issuer: pending.issuer, subject: pending.subject, email: pending.email });
      reply.clearCookie(PENDING_COOKIE, cookieOptions);
      await app.users.recordLogin(user.id);
      const token = await app.issueSession(reply, user);
      return { token, username: user.username, returnTo: pending.returnTo };
    },
  );

  app.get(
    '/oidc/identities',
    {
      schema: {
        tags: ['auth'],
        summary: "The account's ways to sign in: its password (whether it has one) and its linked provider identities",
        response: { 200: signInMethodsResponseSchema },
      },
    },
    async (request) => {
      const user = await app.users.findById(request.user.id);
      const rows = await identities.listOf(request.user.id);
      return {
        data: {
          hasPassword: Boolean(user?.passwordHash),
          provider: settings?.displayName ?? null,
          identities: rows.map((row) => ({
            id: row.id,
            email: row.email,
            createdAt: row.createdAt.toISOString(),
            lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
          })),
        },
      };
    },
  );

  app.delete(
    '/oidc/identities/:identityId',
    {
      schema: {
        tags: ['auth'],
        summary: 'Unlinks a provider identity; the last way to sign in cannot be removed (409)',
        params: identityIdParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const user = await app.users.findById(userId);
      const rows = await identities.listOf(userId);
      const target = rows.find((row) => row.id === request.params.identityId);
      if (target && !user?.passwordHash && rows.length <= 1) throw new DomainError('conflict', 'lastSignInMethod');
      // Unlinking what is not (or no longer) linked to the account changes nothing.
      if (target) await identities.remove(userId, target.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/oidc/password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sets a first password on an account made through a provider, after a provider sign-in less than five minutes old',
        body: setPasswordRequestSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const user = await app.users.findById(userId);
      if (user?.passwordHash) throw new DomainError('conflict', 'passwordAlreadySet');
      // A stolen session alone must not be able to give the account a password.
      if (!(await identities.signedInSince(userId, REAUTH_WINDOW_MS))) throw new DomainError('forbidden', 'reauthRequired');
      await app.users.setPasswordHash(userId, await hashPassword(request.body.password));
      return reply.code(204).send(null);
    },
  );
};

export default oidcRoutes;

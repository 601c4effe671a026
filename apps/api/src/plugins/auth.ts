/**
 * Sessions (DESIGN.md §5, §10): a JWT in the HttpOnly `auth_token` cookie, or in `Authorization: Bearer` for API
 * clients, that names a row of `sessions` and its user, nothing personal. Logging out revokes the session on every
 * replica at once: the revocation is sent with NOTIFY on `qrib_sessions`, and each replica evicts it from its cache.
 *
 * The guard (DESIGN.md §10): every route under `/api/v1` except those that say `config: { public: true }` gets it as
 * its first onRequest hook when it is registered, so it runs before the body is parsed or anything is validated, and
 * no route can forget it. It answers 401 without a valid session and sets `request.user`, which is never null: reading it
 * where the guard did not run (a public route) answers 401 too, never an anonymous user.
 *
 * The guard also refuses cross-site state changes: a POST, PUT, PATCH or DELETE sent with the session cookie (not a
 * Bearer header) whose `Sec-Fetch-Site` is not same-origin, or, without that header, whose `Origin` is not the app's.
 * Login, sign-up and logout, which are public, call `app.refuseCrossSite` themselves.
 */
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { AUTH_COOKIE_MAX_AGE_SECONDS, AUTH_COOKIE_NAME, AUTH_TOKEN_LIFETIME, apiErrorSchema } from '@qrib/shared';
import { DomainError } from '../kernel/domain-error.ts';
import type { SignedInUser } from '../kernel/signed-in-user.ts';
import { SESSION_CHANNEL, parseSessionRevocation } from '../domains/accounts/index.ts';

export interface TokenPayload {
  /** The user's id. */
  sub: string;
  /** The session's id. */
  sid: string;
}

export type { SignedInUser };

const GUARDED_PREFIX = '/api/v1';
/** How a private operation is called, in the OpenAPI document: the session cookie or a Bearer token. */
const SESSION_SECURITY: { [scheme: string]: readonly string[] }[] = [{ cookieAuth: [] }, { bearerAuth: [] }];

/**
 * Whether a route needs the guard: under /api/v1 and not public. A public route says so in its own options
 * (`config: { public: true }`; its HEAD twin gets the same options); test/routes/guard.test.ts keeps a second,
 * deliberate list of what is public, so a route cannot make itself public by accident.
 */
function isGuarded(route: { url: string; config?: { public?: boolean } }): boolean {
  return isUnderGuardedPrefix(route.url) && route.config?.public !== true;
}

function isUnderGuardedPrefix(url: string): boolean {
  return url === GUARDED_PREFIX || url.startsWith(`${GUARDED_PREFIX}/`);
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    /** `request.user`: set by the guard (not by @fastify/jwt, whose own decorator is renamed away). */
    user: SignedInUser;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a session (the guard leaves it alone); only the routes guard.test.ts lists. */
    public?: boolean;
  }
  interface FastifyInstance {
    /**
     * The routes under /api/v1 that said `config: { public: true }`, as "METHOD /path" (HEAD goes with GET, no
     * trailing slash): what the guard left alone. test/routes/guard.test.ts holds it against its own list.
     */
    publicApiRoutes: ReadonlySet<string>;
    /** Refuses a cross-site state change (login, sign-up and logout use it; the guard does it itself). */
    refuseCrossSite(request: FastifyRequest): Promise<void>;
    issueSession(reply: FastifyReply, user: { id: number }): Promise<string>;
    /** Revokes the session the request names, if any, and clears the cookie. */
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** Revokes every session of the account and clears the cookie. */
    endAllSessions(userId: number, reply: FastifyReply): Promise<void>;
    /**
     * Forgets this replica's cached sessions of an account at once, after a transaction revoked some of them (a
     * password reset or change, issue 15); the other replicas hear the revocation's NOTIFY.
     */
    forgetSessionsOf(userId: number): void;
    /** The valid session a request carries, if any, without answering 401 (for a public route such as GET /auth/session). */
    readSession(request: FastifyRequest): Promise<SignedInUser | undefined>;
  }
}

/** `last_seen_at` is written at most this often per session. */
export const LAST_SEEN_INTERVAL_MS = 5 * 60_000;
const SESSION_LIFETIME_MS = AUTH_COOKIE_MAX_AGE_SECONDS * 1000;
const CACHED_SESSIONS = 10_000;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface CachedSession {
  userId: number;
  expiresAt: number;
  revoked: boolean;
  /** When last_seen_at was last written (or read, when the session was loaded). */
  lastSeenAt: number;
}

function readCredential(request: FastifyRequest): { token: string; fromCookie: boolean } | undefined {
  const header = request.headers.authorization;
  if (header) {
    const [scheme, value] = header.split(' ');
    if (scheme?.toLowerCase() === 'bearer' && value) return { token: value.trim(), fromCookie: false };
  }
  const fromCookie = request.cookies[AUTH_COOKIE_NAME];
  return fromCookie ? { token: fromCookie, fromCookie: true } : undefined;
}

export default fp(
  async function authPlugin(app: FastifyInstance) {
    const { jwtSecret, cookieSecure, publicOrigin } = app.config;
    await app.register(cookie);
    await app.register(jwt, {
      // `request.user` is the guard's (see below); @fastify/jwt's own request.jwtVerify() is not used.
      decoratorName: 'jwtPayload',
      secret: jwtSecret,
      sign: { algorithm: 'HS256', expiresIn: AUTH_TOKEN_LIFETIME },
      verify: { algorithms: ['HS256'] },
    });

    // The guard's verdict per request; `request.user` reads it and answers 401 where there is none.
    const signedInUsers = new WeakMap<FastifyRequest, SignedInUser>();
    app.decorateRequest('user', {
      getter(this: FastifyRequest): SignedInUser {
        const user = signedInUsers.get(this);
        if (!user) throw new DomainError('unauthenticated', 'notSignedIn');
        return user;
      },
    });

    // Tokens whose signature was already checked, until they expire: checking the same signature on every request
    // was a tenth of a cached nearby answer's cost. Only valid signatures are kept; the session is checked apart.
    const verifiedTokens = new LRUCache<string, { sessionId: string; userId: number; expiresAt: number }>({ max: CACHED_SESSIONS });
    // Sessions by id. A hit costs no database round trip; revocations evict (NOTIFY), revoked ones stay known.
    const sessions = new LRUCache<string, CachedSession>({ max: CACHED_SESSIONS });
    // Bumped by every eviction: a session read from the database while one arrived may be stale, so it is not kept.
    let evictions = 0;

    const evict = (payload: string) => {
      const revocation = parseSessionRevocation(payload);
      if (!revocation) return;
      evictions += 1;
      if ('sessionId' in revocation) {
        sessions.delete(revocation.sessionId);
        return;
      }
      const ofUser: string[] = [];
      sessions.forEach((session, sessionId) => {
        if (session.userId === revocation.userId) ofUser.push(sessionId);
      });
      for (const sessionId of ofUser) sessions.delete(sessionId);
    };
    let stopListening: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stopListening = await app.database.listen(SESSION_CHANNEL, evict, () => {
        // Revocations sent while the connection was down were not heard.
        app.log.warn('sessions listening again after a lost connection; forgetting cached sessions');
        evictions += 1;
        sessions.clear();
      });
    });
    app.addHook('onClose', async () => {
      await stopListening?.();
    });

    async function loadSession(sessionId: string): Promise<CachedSession | undefined> {
      const cached = sessions.get(sessionId);
      if (cached) return cached;
      const before = evictions;
      const record = await app.sessions.find(sessionId);
      if (!record) return undefined;
      const session: CachedSession = {
        userId: record.userId,
        expiresAt: record.expiresAt,
        revoked: record.revokedAt !== null,
        lastSeenAt: record.lastSeenAt,
      };
      if (evictions === before) sessions.set(sessionId, session);
      return session;
    }

    /** The session a token names, if its signature, its session and its user all hold. */
    async function verifyToken(token: string): Promise<SignedInUser | undefined> {
      let claims = verifiedTokens.get(token);
      if (!claims) {
        let payload: Partial<TokenPayload> & { exp?: number };
        try {
          payload = app.jwt.verify<Partial<TokenPayload> & { exp?: number }>(token);
        } catch {
          return undefined;
        }
        const userId = Number(payload.sub);
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') {
          return undefined;
        }
        claims = { sessionId: payload.sid, userId, expiresAt: payload.exp * 1000 };
        verifiedTokens.set(token, claims);
      }
      const now = Date.now();
      if (claims.expiresAt <= now) {
        verifiedTokens.delete(token);
        return undefined;
      }
      const session = await loadSession(claims.sessionId);
      if (!session || session.revoked || session.expiresAt <= now || session.userId !== claims.userId) return undefined;
      if (now - session.lastSeenAt >= LAST_SEEN_INTERVAL_MS) {
        session.lastSeenAt = now;
        app.sessions.touch(claims.sessionId).catch((error: unknown) => {
          app.log.warn({ err: error }, 'could not record when a session was last seen');
        });
      }
      return { id: claims.userId, sessionId: claims.sessionId };
    }

    function isCrossSite(request: FastifyRequest): boolean {
      const site = request.headers['sec-fetch-site'];
      if (typeof site === 'string') return site !== 'same-origin';
      const origin = request.headers.origin;
      if (typeof origin === 'string') return origin !== publicOrigin;
      return false;
    }

    const refuseCrossSite = async (request: FastifyRequest) => {
      // A Bearer header is never sent by a browser on its own, so only cookie-borne (or credential-less) calls are checked.
      if (!STATE_CHANGING.has(request.method) || readCredential(request)?.fromCookie === false) return;
      if (isCrossSite(request)) throw new DomainError('forbidden', 'crossSiteRequest');
    };
    app.decorate('refuseCrossSite', refuseCrossSite);

    const guard: onRequestAsyncHookHandler = async (request) => {
      const credential = readCredential(request);
      if (!credential) throw new DomainError('unauthenticated', 'notSignedIn');
      if (credential.fromCookie) await refuseCrossSite(request);
      const user = await verifyToken(credential.token);
      if (!user) throw new DomainError('unauthenticated', 'invalidSession');
      signedInUsers.set(request, user);
    };
    // Every route registered from here on (all of them are: this plugin comes before the routes) under /api/v1 gets
    // the guard first, before its own hooks, the body parser and validation.
    const publicApiRoutes = new Set<string>();
    app.decorate('publicApiRoutes', publicApiRoutes);
    app.addHook('onRoute', (route) => {
      if (!isGuarded(route)) {
        if (isUnderGuardedPrefix(route.url)) {
          const path = route.url.length > 1 && route.url.endsWith('/') ? route.url.slice(0, -1) : route.url;
          for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
            if (method !== 'HEAD') publicApiRoutes.add(`${method} ${path}`);
          }
        }
        return;
      }
      const own = route.onRequest;
      route.onRequest = own === undefined ? [guard] : [guard, ...(Array.isArray(own) ? own : [own])];
      // The OpenAPI document says so too, with the guard's answers: 401, and 403 for a cross-site state change.
      const response: unknown = route.schema?.response;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const guardAnswers = { 401: apiErrorSchema, ...(methods.some((each) => STATE_CHANGING.has(each)) ? { 403: apiErrorSchema } : {}) };
      route.schema = {
        ...route.schema,
        security: SESSION_SECURITY,
        ...(typeof response === 'object' && response !== null ? { response: { ...guardAnswers, ...response } } : {}),
      };
    });

    const cookieOptions = {
      httpOnly: true,
      secure: cookieSecure,
      sameSite: 'lax' as const,
      path: '/',
    };

    app.decorate('issueSession', async (reply: FastifyReply, user: { id: number }) => {
      const sessionId = await app.sessions.create(user.id, SESSION_LIFETIME_MS);
      const token = app.jwt.sign({ sub: String(user.id), sid: sessionId });
      reply.setCookie(AUTH_COOKIE_NAME, token, { ...cookieOptions, maxAge: AUTH_COOKIE_MAX_AGE_SECONDS });
      return token;
    });

    app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
      const credential = readCredential(request);
      const user = credential ? await verifyToken(credential.token) : undefined;
      if (user) {
        await app.sessions.revoke(user.sessionId);
        // This replica forgets it at once; the others when the NOTIFY arrives.
        evict(JSON.stringify({ sessionId: user.sessionId }));
      }
      reply.clearCookie(AUTH_COOKIE_NAME, cookieOptions);
    });

    app.decorate('readSession', async (request: FastifyRequest) => {
      const credential = readCredential(request);
      return credential ? await verifyToken(credential.token) : undefined;
    });

    app.decorate('forgetSessionsOf', (userId: number) => {
      evict(JSON.stringify({ userId }));
    });

    app.decorate('endAllSessions', async (userId: number, reply: FastifyReply) => {
      await app.sessions.revokeAllOf(userId);
      evict(JSON.stringify({ userId }));
      reply.clearCookie(AUTH_COOKIE_NAME, cookieOptions);
    });
  },
  { name: 'auth', dependencies: ['database', 'domain-accounts'] },
);

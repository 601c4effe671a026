/**
 * Sessions: a JWT in the HttpOnly `auth_token` cookie (DESIGN.md §5), or in `Authorization: Bearer` for
 * API clients. `app.authenticate` is the preHandler that protected routes use; it sets `request.auth`.
 */
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AUTH_COOKIE_MAX_AGE_SECONDS, AUTH_COOKIE_NAME, AUTH_TOKEN_LIFETIME, MESSAGES } from '@qrib/shared';
import { HttpError } from '../http-error.ts';

export interface TokenPayload {
  sub: string;
  email: string;
  username: string;
}

export interface AuthContext {
  userId: number;
  email: string;
  username: string;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
    issueSession(reply: FastifyReply, user: { id: number; email: string; username: string }): string;
    clearSession(reply: FastifyReply): void;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function readToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) {
    const [scheme, value] = header.split(' ');
    if (scheme?.toLowerCase() === 'bearer' && value) return value.trim();
  }
  return request.cookies[AUTH_COOKIE_NAME] || undefined;
}

export default fp(
  async function authPlugin(app: FastifyInstance, options: { secret: string; cookieSecure: boolean }) {
    await app.register(cookie);
    await app.register(jwt, {
      secret: options.secret,
      sign: { algorithm: 'HS256', expiresIn: AUTH_TOKEN_LIFETIME },
      verify: { algorithms: ['HS256'] },
    });

    app.decorateRequest('auth', null);

    // Tokens already verified, until they expire: checking the signature of the same session on every request
    // was a tenth of a cached nearby answer's cost. Only valid tokens are kept (a forged one is checked each
    // time), and nothing here outlives the token's own expiry, so no session lasts longer than it would.
    const verified = new Map<string, { auth: AuthContext; expiresAt: number }>();
    const verifiedLimit = 10_000;

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = readToken(request);
      if (!token) throw new HttpError(401, MESSAGES.notSignedIn);
      const known = verified.get(token);
      if (known && known.expiresAt > Date.now()) {
        request.auth = known.auth;
        return;
      }
      let payload: TokenPayload & { exp?: number };
      try {
        payload = app.jwt.verify<TokenPayload & { exp?: number }>(token);
      } catch {
        verified.delete(token);
        throw new HttpError(401, MESSAGES.invalidSession);
      }
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0) throw new HttpError(401, MESSAGES.invalidSession);
      request.auth = { userId, email: payload.email, username: payload.username };
      if (typeof payload.exp === 'number') {
        // The oldest entry goes first when full (a Map keeps insertion order).
        if (verified.size >= verifiedLimit) verified.delete(verified.keys().next().value ?? '');
        verified.set(token, { auth: request.auth, expiresAt: payload.exp * 1000 });
      }
    });

    const cookieOptions = {
      httpOnly: true,
      secure: options.cookieSecure,
      sameSite: 'lax' as const,
      path: '/',
    };

    app.decorate('issueSession', (reply: FastifyReply, user: { id: number; email: string; username: string }) => {
      const token = app.jwt.sign({ sub: String(user.id), email: user.email, username: user.username });
      reply.setCookie(AUTH_COOKIE_NAME, token, { ...cookieOptions, maxAge: AUTH_COOKIE_MAX_AGE_SECONDS });
      return token;
    });

    app.decorate('clearSession', (reply: FastifyReply) => {
      reply.clearCookie(AUTH_COOKIE_NAME, cookieOptions);
    });
  },
  { name: 'auth' },
);

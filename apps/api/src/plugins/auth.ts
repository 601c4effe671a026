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

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = readToken(request);
      if (!token) throw new HttpError(401, MESSAGES.notSignedIn);
      let payload: TokenPayload;
      try {
        payload = app.jwt.verify<TokenPayload>(token);
      } catch {
        throw new HttpError(401, MESSAGES.invalidSession);
      }
      const userId = Number(payload.sub);
      if (!Number.isSafeInteger(userId) || userId <= 0) throw new HttpError(401, MESSAGES.invalidSession);
      request.auth = { userId, email: payload.email, username: payload.username };
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

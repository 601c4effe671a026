/** Issue 27: sign-in with an identity provider (OpenID Connect): the bodies and answers of /api/v1/auth/oidc/*. */
import { z } from 'zod';
import { signupRequestSchema } from './auth-schemas.ts';
import { MESSAGES } from './messages.ts';

/**
 * How recent a provider sign-in confirms an action that asks for the password (deleting the account, changing the
 * address, closing a business) on an account without one: the API's rule and what the profile shows as confirmed.
 */
export const OIDC_REAUTH_WINDOW_MS = 5 * 60_000;

/**
 * What the web app sends as `password` for an account without one once it has confirmed at its provider: the API
 * ignores the field for such an account (it reads the provider sign-in's age), and the schemas want it non-empty.
 */
export const PROVIDER_CONFIRMED_PASSWORD = 'confirmed-at-provider';

/** Why a provider sign-in came back to /login (`/login?oidcError=<code>`), translated by oidc.errors.<code>. */
export const OIDC_ERROR_CODES = ['denied', 'state', 'failed', 'unverified', 'taken', 'expired', 'unavailable'] as const;
export type OidcErrorCode = (typeof OIDC_ERROR_CODES)[number];

/** GET /auth/oidc/start: where to come back to, and why (sign in, link to the signed-in account, or confirm it is you). */
export const oidcStartQuerySchema = z.object({
  returnTo: z.string().max(500).optional(),
  intent: z.enum(['login', 'link', 'reauth']).default('login'),
});

/** GET /auth/oidc/pending: the identity waiting for 'complete your account' (signup) or for the account's password (link). */
export const oidcPendingResponseSchema = z.object({
  data: z.object({
    kind: z.enum(['signup', 'link']),
    provider: z.string(),
    name: z.string().nullable(),
    email: z.string(),
    /** signup: a free username derived from the address, to confirm or change. */
    suggestedUsername: z.string().nullable(),
    returnTo: z.string().nullable(),
  }),
});

/** POST /auth/oidc/complete: what the spec's sign-up needs and the provider did not give. */
export const oidcCompleteRequestSchema = z.object({
  phone: signupRequestSchema.shape.phone,
  username: signupRequestSchema.shape.username,
});

/** POST /auth/oidc/link: the existing account's password, asked once before the identity is linked. */
export const oidcLinkRequestSchema = z.object({
  password: z
    .string({ error: MESSAGES.passwordIncorrect })
    .min(1, { error: MESSAGES.passwordIncorrect })
    .max(1024, { error: MESSAGES.passwordIncorrect }),
});

export const oidcSignedInResponseSchema = z.object({ token: z.string(), username: z.string(), returnTo: z.string().nullable() });

/** GET /auth/oidc/identities: the account's ways to sign in. */
export const signInMethodsResponseSchema = z.object({
  data: z.object({
    hasPassword: z.boolean(),
    provider: z.string().nullable(),
    identities: z.array(
      z.object({ id: z.number().int(), email: z.string().nullable(), createdAt: z.string(), lastUsedAt: z.string().nullable() }),
    ),
  }),
});

export const identityIdParamsSchema = z.object({ identityId: z.coerce.number().int().positive() });

/** POST /auth/oidc/password: a first password for an account made through a provider. */
export const setPasswordRequestSchema = z.object({ password: signupRequestSchema.shape.password });

/**
 * Issue 27: the relying party of 'Login with OAuth', on openid-client: authorization code with PKCE (S256), state
 * and nonce, the ID token's signature, issuer, audience, expiry and nonce checked by the library. The provider's
 * metadata is discovered on first use and kept; a failed discovery is tried again on the next sign-in. Confirming it
 * is you (reauth) asks the provider to sign the person in again (`prompt=login`, `max_age=0`) and refuses an ID token
 * whose `auth_time` is older than REAUTH_MAX_AGE_SECONDS: a session the provider still remembers does not confirm.
 */
import * as client from 'openid-client';
import type { OidcConfig } from '../../../config.ts';

export interface OidcRoundTrip {
  state: string;
  nonce: string;
  verifier: string;
}

export interface OidcIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Why a callback failed, as the code the login page shows (oidc.errors.<code> in the catalogs). */
export type OidcFailure = 'denied' | 'state' | 'failed';

export class OidcCallbackError extends Error {
  constructor(readonly failure: OidcFailure, options?: { cause?: unknown }) {
    super(failure, options);
  }
}

/** How old a provider sign-in may be to confirm it is you (seconds), clock skew aside. */
export const REAUTH_MAX_AGE_SECONDS = 300;

const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

export function createOidcClient(settings: OidcConfig, redirectUri: string) {
  let discovered: Promise<client.Configuration> | undefined;
  function configuration(): Promise<client.Configuration> {
    if (!discovered) {
      const issuer = new URL(settings.issuer);
      // Plain http only for a provider on this machine (tests, a local provider); anything else must be https.
      const options = issuer.protocol === 'http:' && isLoopback(issuer) ? { execute: [client.allowInsecureRequests] } : undefined;
      discovered = client.discovery(issuer, settings.clientId, settings.clientSecret, undefined, options);
      discovered.catch(() => {
        discovered = undefined;
      });
    }
    return discovered;
  }

  return {
    /** The provider's authorization URL for a new round trip, and what must come back with it. */
    async begin(options: { reauth?: boolean } = {}): Promise<{ url: string; roundTrip: OidcRoundTrip }> {
      const config = await configuration();
      const roundTrip = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: roundTrip.state,
        nonce: roundTrip.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(roundTrip.verifier),
        code_challenge_method: 'S256',
        ...(options.reauth ? { prompt: 'login', max_age: '0' } : {}),
      });
      return { url: url.href, roundTrip };
    },

    /** The identity the provider vouches for, from the callback's query; OidcCallbackError otherwise. */
    async finish(query: URLSearchParams, roundTrip: OidcRoundTrip | undefined, options: { reauth?: boolean } = {}): Promise<OidcIdentity> {
      if (query.get('error') === 'access_denied') throw new OidcCallbackError('denied');
      if (!roundTrip || query.get('state') !== roundTrip.state) throw new OidcCallbackError('state');
      const config = await configuration();
      let claims: client.IDToken | undefined;
      let accessToken: string;
      try {
        const tokens = await client.authorizationCodeGrant(config, new URL(`${redirectUri}?${query.toString()}`), {
          pkceCodeVerifier: roundTrip.verifier,
          expectedState: roundTrip.state,
          expectedNonce: roundTrip.nonce,
          idTokenExpected: true,
          // Reauth: the ID token must carry an auth_time less than REAUTH_MAX_AGE_SECONDS old (checked by the library).
          ...(options.reauth ? { maxAge: REAUTH_MAX_AGE_SECONDS } : {}),
        });
        claims = tokens.claims();
        accessToken = tokens.access_token;
      } catch (error) {
        throw new OidcCallbackError('failed', { cause: error });
      }
      if (!claims) throw new OidcCallbackError('failed');
      let profile: Record<string, unknown> = claims;
      // A provider may keep e-mail and name for the UserInfo endpoint (code flow); ask it then.
      if (claims.email === undefined) {
        try {
          profile = { ...(await client.fetchUserInfo(config, accessToken, claims.sub)), ...claims };
        } catch (error) {
          throw new OidcCallbackError('failed', { cause: error });
        }
      }
      const email = typeof profile.email === 'string' && profile.email.includes('@') ? profile.email.trim() : null;
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email,
        emailVerified: email !== null && (profile.email_verified === true || profile.email_verified === 'true'),
        name: typeof profile.name === 'string' && profile.name.trim() !== '' ? profile.name.trim().slice(0, 100) : null,
      };
    },
  };
}

export type OidcClient = ReturnType<typeof createOidcClient>;

/**
 * A username for the account the identity creates, from the address's local part (else the name): the sign-up rule's
 * characters, 3 to 30 long, made unique with a number when `isTaken` says so. The person confirms or changes it.
 */
export async function deriveUsername(source: string, isTaken: (candidate: string) => Promise<boolean>): Promise<string> {
  let base = source
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '.')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 24);
  if (base.length < 3) base = `${base}user`.slice(0, 24);
  if (!(await isTaken(base))) return base;
  for (let suffix = 2; suffix < 1000; suffix += 1) {
    const candidate = `${base}${suffix}`;
    if (!(await isTaken(candidate))) return candidate;
  }
  return `${base}${Date.now().toString(36)}`.slice(0, 30);
}

/** Issue 27: the same rule as the web's safeReturnPath (apps/web/src/lib/return-path.ts): a path of this app, else null. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 500 || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'https://qrib.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.pathname.startsWith('//')) return null;
  if (url.pathname === '/login' || url.pathname === '/signup') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

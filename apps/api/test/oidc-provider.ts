/**
 * Issue 27: a real OpenID Connect provider for tests (oidc-provider, in this process, on a random loopback port), as
 * test/mail.ts starts a real SMTP server. Its development login page takes any login name: the account of that name
 * has the claims `accounts` gives it. `authorize` drives a browser's way through it with plain fetch (cookies kept,
 * redirects followed by hand) and answers the URL the provider sends the browser back to.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The accounts by login name; an unknown login signs in with no claims but its subject. */
  accounts: Map<string, ProviderAccount>;
  /**
   * Follows an authorization URL through the provider's login (as `login`) and consent, or presses its 'cancel'
   * (`deny`); answers the redirect back to the client (its callback URL with code and state, or error).
   */
  authorize(authorizationUrl: string, login: string, options?: { deny?: boolean }): Promise<URL>;
  close(): Promise<void>;
}

export async function startTestProvider(redirectUri: string): Promise<TestProvider> {
  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => response.end();
  const server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, ProviderAccount>();
  const clientId = 'qrib-test';
  const clientSecret = 'qrib-test-secret-that-is-long-enough';
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // The in-memory adapter announces itself on console.warn once (it is what a test provider wants).
  const warn = console.warn;
  console.warn = () => undefined;
  let provider: Provider;
  try {
    provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' }] as never },
      cookies: { keys: ['qrib-test-provider-cookie-key'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      findAccount: (_context, id) => ({ accountId: id, claims: () => ({ sub: id, ...accounts.get(id) }) }),
      features: { devInteractions: { enabled: true } },
    });
  } finally {
    console.warn = warn;
  }
  const callback = provider.callback();
  handler = (request, response) => {
    void callback(request, response);
  };

  async function authorize(authorizationUrl: string, login: string, options: { deny?: boolean } = {}): Promise<URL> {
    const jar = new Map<string, string>();
    const callbackOrigin = new URL(redirectUri);
    let url = new URL(authorizationUrl);
    let method = 'GET';
    let body: URLSearchParams | undefined;
    for (let hop = 0; hop < 20; hop += 1) {
      if (url.origin === callbackOrigin.origin && url.pathname === callbackOrigin.pathname) return url;
      const response = await fetch(url, {
        method,
        body,
        redirect: 'manual',
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = response.headers.get('location');
      if (location) {
        url = new URL(location, url);
        method = 'GET';
        body = undefined;
        continue;
      }
      const page = await response.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
      if (!action) throw new Error(`the provider answered ${response.status} without a form: ${page.slice(0, 300)}`);
      if (options.deny) {
        const abort = /href="([^"]*\/abort)"/.exec(page)?.[1];
        if (!abort) throw new Error('the provider page has no abort link');
        url = new URL(abort, url);
        method = 'GET';
        body = undefined;
        continue;
      }
      const prompt = /name="prompt" value="([^"]+)"/.exec(page)?.[1];
      url = new URL(action, url);
      method = 'POST';
      body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt: prompt ?? 'consent' });
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    authorize,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

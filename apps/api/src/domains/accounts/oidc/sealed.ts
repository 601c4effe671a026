/**
 * Issue 27: small signed values for the OpenID Connect round trip (the state cookie, the pending identity): JSON,
 * base64url, an HMAC-SHA256 under a key derived from the token secret for this purpose only, and an expiry. A value
 * altered, signed for another purpose or expired reads as undefined.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function sealer(secret: string, purpose: string) {
  const key = createHmac('sha256', secret).update(`qrib-oidc:${purpose}`).digest();
  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  return {
    seal(value: object, ttlMs: number): string {
      const body = Buffer.from(JSON.stringify({ ...value, exp: Date.now() + ttlMs })).toString('base64url');
      return `${body}.${sign(body)}`;
    },
    open<T>(sealed: string | undefined): T | undefined {
      if (!sealed) return undefined;
      const [body, mac] = sealed.split('.');
      if (!body || !mac) return undefined;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(mac);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
      try {
        const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp?: number };
        return typeof value.exp === 'number' && value.exp > Date.now() ? value : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

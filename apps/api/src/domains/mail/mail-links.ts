/**
 * The tokens mailed links carry (issue 15). Reset and verification links carry a random one-time token whose SHA-256
 * is what the database keeps (account_tokens); the unsubscribe link carries a signed one (HMAC of the account id
 * with the server's secret), which needs no row and works as long as the account exists. Links are built from
 * PUBLIC_URL, never from a request's Host.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MAIL_LINK_PATHS } from '@qrib/shared';

/** A new one-time token and the hash the database keeps of it. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token) };
}

/** The stored form of a one-time token: its SHA-256, hex. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function unsubscribeMac(secret: string, userId: number): string {
  return createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest('base64url');
}

/** The unsubscribe token of an account: `<userId>.<HMAC>`. */
export function unsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${unsubscribeMac(secret, userId)}`;
}

/** The account an unsubscribe token names, if its signature holds; undefined for anything else. */
export function readUnsubscribeToken(secret: string, token: string): number | undefined {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match?.[1] || !match[2]) return undefined;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId)) return undefined;
  const expected = Buffer.from(unsubscribeMac(secret, userId));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}

/** A link to one of the web app's mailed screens, with its token. */
export function mailLink(publicOrigin: string, screen: keyof typeof MAIL_LINK_PATHS, token?: string): string {
  const url = new URL(MAIL_LINK_PATHS[screen], publicOrigin);
  if (token !== undefined) url.searchParams.set('token', token);
  return url.toString();
}

/** Query-string tokens are replaced by `[redacted]` in what is logged of a URL (reset, verification, unsubscribe links). */
export function redactTokens(url: string): string {
  return url.replace(/([?&](?:token|t)=)[^&#]*/gi, '$1[redacted]');
}

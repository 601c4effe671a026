/**
 * Where a reader goes back to after logging in: a link someone shared (an offer, a shop) opened signed out is
 * sent to /login?next=<that page>, and after login (or sign-up) the reader lands on it, not on their home.
 * The target travels in the address, so it survives a reload of /login and the way through sign-up.
 */
import { matchPath } from 'react-router';
import { paths } from '../config/paths.ts';

/** The query parameter of /login and /signup that names the page to return to. */
export const RETURN_PARAM = 'next';

// Any origin will do: only whether the path stays on it matters.
const BASE = 'https://qrib.invalid';

/**
 * The page to return to, when `value` is a path of this app: it starts with one '/', has no backslash (browsers
 * read '/\evil.example' as '//evil.example') and no control character, and stays on the app's origin once
 * resolved. Anything else ('//evil.example', 'https://…', 'javascript:…', a relative 'offers') is null, and so
 * are the login and sign-up pages themselves (no loop).
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  // '/.//evil.example' resolves to the path '//evil.example', which a browser would read as another host.
  if (url.pathname.startsWith('//')) return null;
  if (url.pathname === paths.login || url.pathname === paths.signup) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sanitised return target in a /login or /signup address's query, else null. */
export function returnPathFrom(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}

/** Pages people share: reached signed out, they are worth coming back to after login. */
const SHARED_PAGES = ['/viewoffer/:id', '/shops/:vendorId'];

/** The page a signed-out reader should come back to after login, or null for any other page (home, the owner's screens). */
export function returnPathFor(location: { pathname: string; search: string; hash: string }): string | null {
  if (!SHARED_PAGES.some((pattern) => matchPath(pattern, location.pathname))) return null;
  return safeReturnPath(`${location.pathname}${location.search}${location.hash}`);
}

/** `base` (/login or /signup) carrying the return target, when there is one. */
export function withReturnPath(base: string, returnPath: string | null): string {
  return returnPath ? `${base}?${new URLSearchParams({ [RETURN_PARAM]: returnPath }).toString()}` : base;
}

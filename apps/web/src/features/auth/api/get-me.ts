/**
 * GET /auth/session: who is signed in, the user as GET /auth/me answers it, or null for nobody. It never answers 401,
 * so a signed-out first visit logs no failed request and no console error.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@qrib/shared/auth-schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { readEarlyAnswer, type EarlyAnswer } from '../../../lib/early-answer.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

declare global {
  interface Window {
    /** Who is signed in, asked for by index.html's inline script before the app's code arrived (issue 27). */
    qribEarlySession?: EarlyAnswer | undefined;
  }
}

/** An early answer older than this is not used (a page left open before the app's code ran, then woken). */
const EARLY_SESSION_MAX_AGE_MS = 30_000;

/** The early answer, taken once (every later question, after a login or a logout, asks the server); undefined otherwise. */
async function takeEarlySession(): Promise<{ user: User | null } | undefined> {
  const early = window.qribEarlySession;
  if (!early) return undefined;
  window.qribEarlySession = undefined;
  const body = await readEarlyAnswer<{ user?: User | null }>(early, EARLY_SESSION_MAX_AGE_MS);
  return body && 'user' in body ? { user: body.user ?? null } : undefined;
}

export async function getMe(): Promise<User | null> {
  const { user } = (await takeEarlySession()) ?? (await apiRequest<{ user: User | null }>('/auth/session'));
  return user;
}

export const meQueryOptions = () => queryOptions({ queryKey: queryKeys.auth.me(), queryFn: getMe, staleTime: 5 * 60_000 });

export function useMe() {
  return useQuery(meQueryOptions());
}

/** The one password check of a signed-in account (issue 15), counted per account before it is checked. */
import { LOGIN_ATTEMPT_WINDOW_MINUTES, OIDC_REAUTH_WINDOW_MS } from '@qrib/shared';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../kernel/domain-error.ts';
import type { RateLimitCountersRepository } from '../../kernel/repository/rate-limit-counters.ts';
import { createIdentitiesRepository } from './repository/identities.ts';
import { createUsersRepository, type UserRow } from './repository/users.ts';
import { getDummyHash, verifyPassword } from '../../kernel/passwords.ts';

/** Issue 27: how recent a provider sign-in confirms a password-requiring action of an account without a password. */
export const REAUTH_WINDOW_MS = OIDC_REAUTH_WINDOW_MS;

export interface PasswordConfirmationDeps {
  db: Db;
  /** The counters every replica shares; one statement counts a hit, so concurrent guesses cannot overrun the limit. */
  counters: Pick<RateLimitCountersRepository, 'increment'>;
  /** Attempts per account in LOGIN_ATTEMPT_WINDOW_MINUTES, right or wrong. */
  maxAttempts: number;
}

/**
 * The one way a signed-in route confirms the account's password (a change of password or address, deleting the
 * account): the attempt is counted first, per account and across these routes, then checked, so a stolen session is
 * no oracle for the password. 429 tooManyLoginAttempts past the limit (the right password too); 400 passwordIncorrect
 * on `field` for a wrong one. Answers the account.
 */
export async function confirmPassword(
  deps: PasswordConfirmationDeps,
  userId: number,
  password: string,
  field: 'currentPassword' | 'password',
): Promise<UserRow> {
  // '!' keeps the key apart from every rate limiter's.
  const attempts = await deps.counters.increment(`!password-check:${userId}`, LOGIN_ATTEMPT_WINDOW_MINUTES * 60_000);
  if (attempts.current > deps.maxAttempts) {
    throw new DomainError('too-many', 'tooManyLoginAttempts', { minutes: Math.max(1, Math.ceil(attempts.ttl / 60_000)) });
  }
  // A missing account costs the same time and is refused.
  const user = await createUsersRepository(deps.db).findById(userId);
  // Issue 27: an account made through an identity provider has no password until it sets one; it confirms by a sign-in
  // at its provider less than REAUTH_WINDOW_MS old (GET /auth/oidc/start?intent=reauth), whatever the field holds.
  if (user && user.passwordHash === null) {
    if (await createIdentitiesRepository(deps.db).signedInSince(user.id, REAUTH_WINDOW_MS)) return user;
    throw new DomainError('forbidden', 'reauthRequired', {}, { [field]: { code: 'reauthRequired' } });
  }
  const isValid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !isValid) throw new DomainError('invalid', 'passwordIncorrect', {}, { [field]: { code: 'passwordIncorrect' } });
  return user;
}

/**
 * Getting into and keeping an account (issue 15): a password reset by mail, a change of password, verifying the
 * address and changing it. Each command writes its rows, its link and its mail in one transaction; the mail goes
 * out later (domains/mail/mailer.ts). Sessions revoked here are announced by NOTIFY when the transaction commits; the
 * route forgets this replica's cached ones.
 */
import { LOGIN_ATTEMPT_WINDOW_MINUTES, RESET_LINK_MINUTES, VERIFY_LINK_HOURS } from '@qrib/shared';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../kernel/domain-error.ts';
import { createAccountAccessRepository } from './repository/account-access.ts';
import { createAccountTokensRepository } from './repository/account-tokens.ts';
import { enqueueMail, newLinkToken } from '../mail/index.ts';
import type { RateLimitCountersRepository } from '../../kernel/repository/rate-limit-counters.ts';
import { createSessionsRepository } from './repository/sessions.ts';
import { createUsersRepository, type UserRow } from './repository/users.ts';
import { getDummyHash, hashPassword, verifyPassword } from '../../kernel/passwords.ts';

const RESET_LINK_MS = RESET_LINK_MINUTES * 60_000;
const VERIFY_LINK_MS = VERIFY_LINK_HOURS * 3_600_000;

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A reset link for the account with this address, mailed to it. An unknown address does nothing, in about the same
 * time (the caller answers the same either way).
 */
export async function requestPasswordReset(db: Db, email: string): Promise<void> {
  const user = await createUsersRepository(db).findByEmail(email);
  if (!user) {
    newLinkToken();
    await createAccountAccessRepository(db).readAsIfIssuingAResetLink();
    return;
  }
  await db.transaction(async (tx) => {
    const token = await createAccountTokensRepository(tx).issue(user.id, 'PASSWORD_RESET', user.email, RESET_LINK_MS);
    await enqueueMail(tx, { userId: user.id, toAddress: user.email, kind: 'PASSWORD_RESET', payload: { username: user.username }, secret: token });
  });
}

/**
 * What a new password ends, in its transaction: a pending change of address and every unused link of the account, so
 * nothing started by someone who knew the old password (a verification link to their own address, a reset link)
 * outlives it.
 */
async function endWhatTheOldPasswordStarted(tx: Db, userId: number): Promise<void> {
  await createAccountAccessRepository(tx).setPendingEmail(userId, null);
  await createAccountTokensRepository(tx).endAllOf(userId);
}

/**
 * Follows a reset link: the new password, every session of the account revoked, the address verified when the link
 * went to the account's current one. Answers the account (the caller starts a new session). An unusable link is
 * refused before the password is hashed (that costs CPU); the conditional use at the end still decides between
 * concurrent confirms.
 */
export async function confirmPasswordReset(db: Db, token: string, password: string): Promise<UserRow> {
  if (!(await createAccountTokensRepository(db).isUsable('PASSWORD_RESET', token))) throw new DomainError('invalid', 'resetLinkInvalid');
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const used = await createAccountTokensRepository(tx).use('PASSWORD_RESET', token);
    if (!used) throw new DomainError('invalid', 'resetLinkInvalid');
    const users = createUsersRepository(tx);
    const user = await users.findById(used.userId);
    if (!user || user.deletedAt !== null) throw new DomainError('invalid', 'resetLinkInvalid');
    // A link mailed to an address the account has since left opens nothing: that mailbox is no longer the account's.
    if (!sameAddress(user.email, used.email)) throw new DomainError('invalid', 'resetLinkInvalid');
    await users.setPasswordHash(user.id, passwordHash);
    if (user.emailVerifiedAt === null && sameAddress(user.email, used.email)) {
      await createAccountAccessRepository(tx).markEmailVerified(user.id);
    }
    await endWhatTheOldPasswordStarted(tx, user.id);
    await createSessionsRepository(tx).revokeAllOf(user.id);
    return { ...user, passwordHash, pendingEmail: null };
  });
}

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
  const isValid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !isValid) throw new DomainError('invalid', 'passwordIncorrect', {}, { [field]: { code: 'passwordIncorrect' } });
  return user;
}

/** A new password for a signed-in account: every other session revoked, a pending address and unused links ended, a notice mailed. */
export async function changePassword(db: Db, user: UserRow, keepSessionId: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await createUsersRepository(tx).setPasswordHash(user.id, passwordHash);
    await endWhatTheOldPasswordStarted(tx, user.id);
    await createSessionsRepository(tx).revokeOthersOf(user.id, keepSessionId);
    await enqueueMail(tx, { userId: user.id, toAddress: user.email, kind: 'PASSWORD_CHANGED', payload: { username: user.username } });
  });
}

/** A verification link for an address of the account (its own or the pending one), mailed to that address. */
export async function sendVerification(db: Db, userId: number, email: string): Promise<void> {
  const token = await createAccountTokensRepository(db).issue(userId, 'EMAIL_VERIFICATION', email, VERIFY_LINK_MS);
  await enqueueMail(db, { userId, toAddress: email, kind: 'EMAIL_VERIFICATION', payload: { email }, secret: token });
}

/** Resends the verification link: to the pending address if there is one, else to the unverified current one. */
export async function resendVerification(db: Db, userId: number): Promise<void> {
  const user = await createUsersRepository(db).findById(userId);
  if (!user) throw new DomainError('unauthenticated', 'invalidSession');
  const to = user.pendingEmail ?? (user.emailVerifiedAt === null ? user.email : null);
  if (to === null) throw new DomainError('conflict', 'emailAlreadyVerified');
  await db.transaction((tx) => sendVerification(tx, user.id, to));
}

/** A new address, pending until the link mailed to it is followed. Answers the pending address. */
export async function requestEmailChange(db: Db, user: UserRow, email: string): Promise<string> {
  if (sameAddress(user.email, email)) throw new DomainError('invalid', 'emailUnchanged', {}, { email: { code: 'emailUnchanged' } });
  const taken = await createUsersRepository(db).findByEmail(email);
  if (taken && taken.id !== user.id) throw new DomainError('conflict', 'emailInUse', {}, { email: { code: 'emailInUse' } });
  await db.transaction(async (tx) => {
    await createAccountAccessRepository(tx).setPendingEmail(user.id, email);
    await sendVerification(tx, user.id, email);
  });
  return email;
}

/**
 * Follows a verification link: the current address verified, or the pending one made the account's (verified), the
 * old address told. Answers the verified address.
 */
export async function verifyEmail(db: Db, token: string): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const used = await createAccountTokensRepository(tx).use('EMAIL_VERIFICATION', token);
      if (!used) throw new DomainError('invalid', 'verifyLinkInvalid');
      const access = createAccountAccessRepository(tx);
      const user = await access.lockAddresses(used.userId);
      if (!user || user.deleted_at !== null) throw new DomainError('invalid', 'verifyLinkInvalid');
      if (sameAddress(user.email, used.email)) {
        await access.markEmailVerified(user.id);
        return user.email;
      }
      if (user.pending_email === null || !sameAddress(user.pending_email, used.email)) throw new DomainError('invalid', 'verifyLinkInvalid');
      const taken = await createUsersRepository(tx).findByEmail(used.email);
      if (taken && taken.id !== user.id) throw new DomainError('conflict', 'emailInUse', {}, { email: { code: 'emailInUse' } });
      // Reset links mailed to the old address end with it.
      await access.adoptPendingEmail(user.id);
      await enqueueMail(tx, { userId: user.id, toAddress: user.email, kind: 'EMAIL_CHANGED', payload: { newEmail: user.pending_email } });
      return user.pending_email;
    });
  } catch (error) {
    if (isEmailUniqueViolation(error)) {
      throw new DomainError('conflict', 'emailInUse', {}, { email: { code: 'emailInUse' } });
    }
    throw error;
  }
}

/** Another account took the address between the check and the update (the unique index decides). */
function isEmailUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const details = current as Error & { code?: string; constraint?: string };
    if (details.code === '23505' && `${details.constraint ?? ''} ${details.message}`.includes('users_email_lower_key')) return true;
  }
  return false;
}

/** Turns the account's e-mail notifications off (the unsubscribe link). Answers whether the account exists. */
export async function unsubscribe(db: Db, userId: number): Promise<boolean> {
  return createAccountAccessRepository(db).turnMailOff(userId);
}

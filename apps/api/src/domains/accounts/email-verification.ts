/**
 * Verifying an address (issue 15): the link mailed (sent, or sent again), then followed, which verifies the current
 * address or makes the pending one the account's. Rows, link and mail in one transaction.
 */
import { VERIFY_LINK_HOURS } from '@qrib/shared';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../kernel/domain-error.ts';
import { sameAddress } from './account-access-shared.ts';
import { createAccountAccessRepository } from './repository/account-access.ts';
import { createAccountTokensRepository } from './repository/account-tokens.ts';
import { enqueueMail } from '../mail/index.ts';
import { createUsersRepository } from './repository/users.ts';

const VERIFY_LINK_MS = VERIFY_LINK_HOURS * 3_600_000;

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

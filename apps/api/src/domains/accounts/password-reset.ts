/**
 * A password reset by mail (issue 15): the link mailed, then followed. Each step writes its rows, its link and its
 * mail in one transaction; the mail goes out later (domains/mail/mailer.ts). Sessions revoked here are announced by
 * NOTIFY when the transaction commits; the route forgets this replica's cached ones.
 */
import { RESET_LINK_MINUTES } from '@qrib/shared';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../kernel/domain-error.ts';
import { endWhatTheOldPasswordStarted, sameAddress } from './account-access-shared.ts';
import { createAccountAccessRepository } from './repository/account-access.ts';
import { createAccountTokensRepository } from './repository/account-tokens.ts';
import { enqueueMail, newLinkToken } from '../mail/index.ts';
import { createSessionsRepository } from './repository/sessions.ts';
import { createUsersRepository, type UserRow } from './repository/users.ts';
import { hashPassword } from '../../kernel/passwords.ts';

const RESET_LINK_MS = RESET_LINK_MINUTES * 60_000;

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

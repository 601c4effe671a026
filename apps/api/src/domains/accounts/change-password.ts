/**
 * A change of password for a signed-in account (issue 15): rows and the notice mail in one transaction. Sessions
 * revoked here are announced by NOTIFY when the transaction commits; the route forgets this replica's cached ones.
 */
import type { Db } from '../../db/client.ts';
import { endWhatTheOldPasswordStarted } from './account-access-shared.ts';
import { enqueueMail } from '../mail/index.ts';
import { createSessionsRepository } from './repository/sessions.ts';
import { createUsersRepository, type UserRow } from './repository/users.ts';
import { hashPassword } from '../../kernel/passwords.ts';

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

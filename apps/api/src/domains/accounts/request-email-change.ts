/** A change of address (issue 15): pending until the link mailed to the new address is followed. */
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../kernel/domain-error.ts';
import { sameAddress } from './account-access-shared.ts';
import { sendVerification } from './email-verification.ts';
import { createAccountAccessRepository } from './repository/account-access.ts';
import { createUsersRepository, type UserRow } from './repository/users.ts';

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

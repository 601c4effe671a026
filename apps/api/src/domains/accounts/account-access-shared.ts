/**
 * What the account-access commands share (issue 15): comparing addresses, and what a new password ends (a reset or
 * a change of password alike).
 */
import type { Db } from '../../db/client.ts';
import { createAccountAccessRepository } from './repository/account-access.ts';
import { createAccountTokensRepository } from './repository/account-tokens.ts';

export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * What a new password ends, in its transaction: a pending change of address and every unused link of the account, so
 * nothing started by someone who knew the old password (a verification link to their own address, a reset link)
 * outlives it.
 */
export async function endWhatTheOldPasswordStarted(tx: Db, userId: number): Promise<void> {
  await createAccountAccessRepository(tx).setPendingEmail(userId, null);
  await createAccountTokensRepository(tx).endAllOf(userId);
}

/** The unsubscribe link's command (issue 15). */
import type { Db } from '../../db/client.ts';
import { createAccountAccessRepository } from './repository/account-access.ts';

/** Turns the account's e-mail notifications off (the unsubscribe link). Answers whether the account exists. */
export async function unsubscribe(db: Db, userId: number): Promise<boolean> {
  return createAccountAccessRepository(db).turnMailOff(userId);
}

/**
 * Judging a login (issue 25, finding 5). Many failures on one account, from any mix of networks, slow every further
 * attempt on it down instead of refusing it: a guesser loses time, the real owner with the right password still gets
 * in. The slowing is serial: past the threshold the account's attempts take turns `delayMs` apart (a row every
 * replica updates in one statement), so N guesses sent at once wait N turns in all instead of one turn side by side.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { LoginFailuresRepository } from './repository/sessions.ts';
import type { UserRow, UsersRepository } from './repository/users.ts';
import { getDummyHash, verifyPassword } from '../../kernel/passwords.ts';

export interface LoginCheckDeps {
  users: Pick<UsersRepository, 'findByUsername'>;
  loginFailures: Pick<LoginFailuresRepository, 'countAttempt' | 'forgive' | 'takeTurn'>;
  /** Failures in the window after which each attempt waits its turn. */
  delayAfterFailures: number;
  /** The time between two turns of one account. */
  delayMs: number;
  /** How long a failure counts. */
  windowMs: number;
}

/** The account when the password is its own, else undefined (an unknown username costs the same time and answers the same). */
export async function checkLogin(deps: LoginCheckDeps, username: string, password: string): Promise<UserRow | undefined> {
  const failuresBefore = await deps.loginFailures.countAttempt(username, deps.windowMs);
  if (failuresBefore >= deps.delayAfterFailures) await sleep(await deps.loginFailures.takeTurn(username, deps.delayMs));
  const user = await deps.users.findByUsername(username);
  const isValid = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), password);
  if (!user || !isValid) return undefined;
  await deps.loginFailures.forgive(username);
  return user;
}

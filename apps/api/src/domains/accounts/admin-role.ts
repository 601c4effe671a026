/**
 * The platform's ADMIN role (issue 14, DESIGN.md §10): granted from ADMIN_USERNAMES when the server starts, or by
 * `npm run admin -- grant <username>` (apps/api/scripts/admin-cli.ts). Each grant is recorded as GRANT_ADMIN; `npm run admin --
 * revoke <username>` takes the role away (REVOKE_ADMIN), which an administrator's account needs before it can be deleted.
 */
import type { Db } from '../../db/client.ts';
import { grantAdmin } from '../businesses/index.ts';

/** The server's logger, or a test's. */
export interface BootLog {
  info(details: object, line: string): void;
  warn(details: object, line: string): void;
}

/** At boot, after migrations: the ADMIN role for ADMIN_USERNAMES; logs who got it and which usernames have no account. */
export async function grantAdminsAtBoot(db: Db, usernames: readonly string[], log: BootLog): Promise<void> {
  if (usernames.length === 0) return;
  const { granted, unknown } = await grantAdmin(db, usernames, null);
  if (granted.length > 0) log.info({ admins: granted }, `ADMIN_USERNAMES: admin role for ${granted.join(', ')}`);
  if (unknown.length > 0) log.warn({ unknown }, `ADMIN_USERNAMES: no account has the username ${unknown.join(', ')}`);
}

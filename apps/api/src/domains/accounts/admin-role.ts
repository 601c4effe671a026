/**
 * The platform's ADMIN role (issue 14, DESIGN.md §10): granted from ADMIN_USERNAMES when the server starts, or by
 * `npm run admin -- grant <username>` (apps/api/scripts/admin.ts). Each grant is recorded as GRANT_ADMIN; `npm run admin --
 * revoke <username>` takes the role away (REVOKE_ADMIN), which an administrator's account needs before it can be deleted.
 */
import type { Config } from '../../config.ts';
import { databaseSourceFor, openDatabase, type Database, type Db } from '../../db/client.ts';
import { grantAdmin, revokeAdmin } from '../businesses/repository/admin-vendors.ts';
import { dataDirHolder } from '../../kernel/data-dir-lock.ts';

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

export interface AdminCliOutput {
  log(line: string): void;
  error(line: string): void;
}

const USAGE = 'Usage: npm run admin -- grant <username> | revoke <username>';

/**
 * `npm run admin -- grant <username>` or `revoke <username>`: answers the exit code. With the embedded database it refuses while a server
 * holds DATA_DIR (one process at a time may open it). `database` is for tests; otherwise the configured one is opened.
 */
export async function runAdminCli(args: readonly string[], config: Config, out: AdminCliOutput, database?: Database): Promise<number> {
  const [command, username, ...rest] = args;
  if ((command !== 'grant' && command !== 'revoke') || !username || rest.length > 0) {
    out.error(USAGE);
    return 2;
  }
  if (!database && !config.databaseUrl) {
    const holder = dataDirHolder(config.dataDir);
    if (holder !== undefined) {
      out.error(
        command === 'grant'
          ? `A Qrib server (process ${holder}) is using the embedded database in ${config.dataDir}. Stop it first, or set ADMIN_USERNAMES=${username} and restart it.`
          : `A Qrib server (process ${holder}) is using the embedded database in ${config.dataDir}. Stop it first.`,
      );
      return 3;
    }
  }
  const opened = database ?? (await openDatabase(databaseSourceFor(config)));
  try {
    if (command === 'revoke') {
      const revoked = await revokeAdmin(opened.db, username, null);
      if (revoked === undefined) {
        out.error(`No account has the username ${username}.`);
        return 1;
      }
      out.log(`${revoked} is not an admin now.`);
      return 0;
    }
    const { granted } = await grantAdmin(opened.db, [username], null);
    if (granted.length === 0) {
      out.error(`No account has the username ${username}.`);
      return 1;
    }
    out.log(`${granted.join(', ')} is an admin now.`);
    return 0;
  } finally {
    if (!database) await opened.close();
  }
}

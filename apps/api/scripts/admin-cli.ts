/**
 * `npm run admin` (scripts/admin.ts): grants or revokes the platform's ADMIN role (grantAdmin and revokeAdmin of domains/businesses; at boot, domains/accounts/admin-role.ts) on
 * the configured database, which this opens itself: it runs outside the server.
 */
import type { Config } from '../src/config.ts';
import { databaseSourceFor, openDatabase, type Database } from '../src/db/client.ts';
import { grantAdmin, revokeAdmin } from '../src/domains/businesses/index.ts';
import { dataDirHolder } from '../src/kernel/data-dir-lock.ts';

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

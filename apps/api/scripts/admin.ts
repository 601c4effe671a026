/**
 * The platform's ADMIN role from the command line (issue 14): `npm run admin -- grant <username>`, and `npm run admin --
 * revoke <username>` (issue 15: an administrator's account is deleted only after this). Uses the server's configuration
 * (DATABASE_URL, or the embedded database under DATA_DIR, which it refuses to open while a server holds it). A grant is
 * recorded as GRANT_ADMIN, a revocation as REVOKE_ADMIN.
 */
import { loadConfigOrExit } from '../src/config.ts';
import { runAdminCli } from './admin-cli.ts';

const config = loadConfigOrExit();
process.exitCode = await runAdminCli(process.argv.slice(2), config, { log: (line) => console.log(line), error: (line) => console.error(line) });

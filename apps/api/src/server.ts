/** Entry point: config, database (migrated and seeded), app, listen; closes gracefully on signals. */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { loadConfigOrExit } from './config.ts';
import { databaseSourceFor, openDatabase } from './db/client.ts';
import { prepareDatabase } from './db/prepare.ts';
import { DEMO_ACCOUNTS } from './db/seed.ts';
import { grantAdminsAtBoot } from './domains/accounts/index.ts';
import { holdDataDir } from './kernel/data-dir-lock.ts';
import { installTestClock } from './kernel/test-clock.ts';
import { createStorage } from './storage/create-storage.ts';

const config = loadConfigOrExit();
// Browser tests only: a clock they can move (kernel/test-clock.ts), installed before anything reads the time.
if (config.testClock) installTestClock();

const database = await openDatabase(databaseSourceFor(config));
// The embedded database is this process's while it runs: `npm run admin` refuses to open it meanwhile.
const releaseDataDir = database.kind === 'pglite' ? holdDataDir(config.dataDir) : undefined;
// The one storage driver of this process: the seed stores the demo offers' pictures where the app serves them.
const storage = createStorage(config.storage);
// Replicas started together take turns here (an advisory lock on PostgreSQL), so they cannot race.
const { seededDemo: seeded } = await prepareDatabase(database, { seedDemo: config.seedDemo, storage });

const app = await buildApp({ config, database, storage });
app.addHook('onClose', async () => releaseDataDir?.());
await grantAdminsAtBoot(database.db, config.adminUsernames, app.log);
app.log.info({ database: database.kind, dataDir: config.dataDir }, 'database migrated');
if (seeded) {
  const { shopper, owner, admin, cashier } = DEMO_ACCOUNTS;
  app.log.info(
    `Demo data seeded. Shopper: ${shopper.username} / ${shopper.password}. Shop owner: ${owner.username} / ${owner.password}. Admin: ${admin.username} / ${admin.password}. Cashier: ${cashier.username} / ${cashier.password}`,
  );
}

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  else app.log.info({ signal }, 'closing');
  await app.close();
});

try {
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Qrib is running on http://localhost:${config.port}`);
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close();
  process.exit(1);
}

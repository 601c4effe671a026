/**
 * Two API replicas on one PostgreSQL and one S3 store behind haproxy, proven end to end (issue 10, item 4).
 * Run: DATABASE_URL=postgresql://postgres@127.0.0.1:54400/postgres npm run test:replicas
 * (DATABASE_URL names any database on the server; a scratch database is created beside it and dropped.)
 * Prints PASS/FAIL per check and "N passed, M failed"; exits non-zero when a check failed. See README.md.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runReplicaChecks, type CheckState } from './checks.ts';
import { Cluster, type Replica } from './cluster.ts';
import { runKillUnderLoad } from './kill-under-load.ts';
import { Report } from './report.ts';

/** Everything, start-up included, must be over by then; the processes are stopped either way. */
const DEADLINE_MS = 170_000;
const STARTUP_TIMEOUT_MS = 60_000;

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server (any database on it), e.g. postgresql://postgres@127.0.0.1:54400/postgres');
  process.exit(2);
}
const workDir = process.env.REPLICAS_LOG_DIR ?? (await mkdtemp(path.join(tmpdir(), 'qrib-replicas-')));
const cluster = new Cluster(serverUrl, workDir);
const report = new Report();

let stopping: Promise<void> | undefined;
/** Stops what was started (once, however many paths ask) and ends the process. */
async function stopAndExit(code: number): Promise<never> {
  stopping ??= cluster.stop();
  await stopping;
  // Logs of a run that passed are of no further use unless they were asked for (REPLICAS_LOG_DIR).
  if (code === 0 && !process.env.REPLICAS_LOG_DIR) await rm(workDir, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    report.fail('the run ends by itself', `${signal} received: stopping everything that was started`);
    console.log(report.summary());
    void stopAndExit(1);
  });
}
const deadline = setTimeout(() => {
  report.fail('the whole run ends within its time', `still running after ${DEADLINE_MS / 1000} s`);
  console.log(report.summary());
  void stopAndExit(1);
}, DEADLINE_MS);

async function tail(file: string, lines = 15): Promise<string> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}

async function startReplicas(): Promise<boolean> {
  const started = Date.now();
  const replicas = cluster.startReplicasTogether();
  const ready = await Promise.all(replicas.map((replica) => cluster.waitReady(replica, STARTUP_TIMEOUT_MS)));
  const failed = replicas.filter((_, index) => !ready[index]);
  if (failed.length === 0) {
    report.pass('both replicas start at the same moment on one empty database (migrations and demo seed)', `both ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return true;
  }
  const reasons: string[] = [];
  for (const replica of failed) reasons.push(`replica ${replica.name.toUpperCase()} ${replica.exit ? `ended (${replica.exit})` : 'never became ready'}:\n${await tail(replica.logFile)}`);
  report.fail('both replicas start at the same moment on one empty database (migrations and demo seed)', reasons.join('\n'));
  // Start the failed ones again, one at a time now, so the other checks still run.
  for (const replica of failed) {
    const again: Replica = cluster.restartReplica(replica.name);
    if (!(await cluster.waitReady(again, STARTUP_TIMEOUT_MS))) {
      console.log(`replica ${replica.name.toUpperCase()} did not start on a second try either:\n${await tail(again.logFile)}`);
      return false;
    }
  }
  return true;
}

let exitCode = 1;
try {
  console.log(`Two replicas behind haproxy; logs in ${workDir}`);
  await cluster.prepare();
  if (await startReplicas()) {
    await cluster.startBalancer();
    console.log(`balancer http://127.0.0.1:${cluster.balancerPort} -> A :${cluster.replica('a').port}, B :${cluster.replica('b').port}`);
    const state: CheckState = {};
    await runReplicaChecks(cluster, report, state);
    await runKillUnderLoad(cluster, report, state.shopperToken);
  }
  exitCode = report.failed === 0 && report.passed > 0 ? 0 : 1;
} catch (error) {
  report.fail('the replica set-up', error instanceof Error ? (error.stack ?? error.message) : String(error));
} finally {
  clearTimeout(deadline);
  console.log(report.summary());
  await stopAndExit(exitCode);
}

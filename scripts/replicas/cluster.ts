/**
 * The processes of the replica script: a scratch database on the given PostgreSQL server, s3rver (in this
 * process), two API replicas started at the same moment and haproxy in front of them. Everything started
 * here is stopped by `stop()`, whatever happened in between.
 */
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver ships no types; the API's declaration of it is reused
/// <reference path="../../apps/api/src/types/s3rver.d.ts" />
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { LOGIN_ATTEMPTS_PER_USERNAME } from '@qrib/shared';
import { freePort, startApiServer, stopChild, waitUntilReady } from '../lib/server-process.ts';
import { call, waitUntil } from './http.ts';

const S3_BUCKET = 'qrib-replicas';

export type ReplicaName = 'a' | 'b';

export interface Replica {
  name: ReplicaName;
  port: number;
  base: string;
  logFile: string;
  process: ChildProcess;
  /** Set once the process has ended: its exit code or the signal that ended it. */
  exit: string | undefined;
}

export class Cluster {
  readonly workDir: string;
  readonly replicas: Record<ReplicaName, Replica | undefined> = { a: undefined, b: undefined };
  balancerPort = 0;
  databaseUrl = '';
  haproxyLog = '';
  readonly loginAttemptsPerUsername = LOGIN_ATTEMPTS_PER_USERNAME;
  private readonly jwtSecret = randomBytes(48).toString('base64url');
  private readonly databaseName = `qrib_replicas_${process.pid}_${randomBytes(3).toString('hex')}`;
  private isDatabaseCreated = false;
  private s3: S3rver | undefined;
  private s3Port = 0;
  private haproxy: ChildProcess | undefined;
  private readonly ports: Partial<Record<ReplicaName, number>> = {};

  constructor(
    /** Any database on the PostgreSQL server to use; a scratch database is created beside it. */
    private readonly serverUrl: string,
    workDir: string,
  ) {
    this.workDir = workDir;
  }

  get balancer(): string {
    return `http://127.0.0.1:${this.balancerPort}`;
  }

  replica(name: ReplicaName): Replica {
    const replica = this.replicas[name];
    if (!replica) throw new Error(`replica ${name} was not started`);
    return replica;
  }

  /** Creates the scratch database, starts s3rver and chooses the ports. */
  async prepare(): Promise<void> {
    await mkdir(this.workDir, { recursive: true });
    const admin = new pg.Client({ connectionString: this.serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(this.databaseName)}`);
      this.isDatabaseCreated = true;
    } finally {
      await admin.end();
    }
    const url = new URL(this.serverUrl);
    url.pathname = `/${this.databaseName}`;
    this.databaseUrl = url.toString();

    this.s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      directory: path.join(this.workDir, 's3'),
      silent: true,
      configureBuckets: [{ name: S3_BUCKET }],
    });
    this.s3Port = (await this.s3.run()).port;
    this.balancerPort = await freePort();
    this.ports.a = await freePort();
    this.ports.b = await freePort();
  }

  private environment(name: ReplicaName): NodeJS.ProcessEnv {
    return {
      TEST_DATABASE_URL: undefined, // the replicas use DATABASE_URL alone
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DATA_DIR: path.join(this.workDir, `data-${name}`),
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${this.s3Port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      JWT_SECRET: this.jwtSecret,
      TRUST_PROXY: '1',
      PUBLIC_URL: this.balancer,
      SEED_DEMO: 'true',
      RECEIPT_OCR_WORKERS: '1',
      COOKIE_SECURE: 'false',
      LOGIN_ATTEMPTS_PER_USERNAME: String(this.loginAttemptsPerUsername),
    };
  }

  /** Spawns one replica (no waiting); its output goes to its own log file. */
  private spawnReplica(name: ReplicaName): Replica {
    const port = this.ports[name];
    if (!port) throw new Error('prepare() first');
    const logFile = path.join(this.workDir, `replica-${name}.log`);
    const server = startApiServer({ port, env: this.environment(name), databaseUrl: this.databaseUrl, logFile });
    const child = server.process;
    const replica: Replica = { name, port, base: server.baseUrl, logFile, process: child, exit: undefined };
    child.once('exit', (code, signal) => {
      replica.exit = signal ?? `exit code ${code}`;
    });
    this.replicas[name] = replica;
    return replica;
  }

  /** Starts both replicas in the same tick, so they migrate and seed one empty database at the same moment. */
  startReplicasTogether(): Replica[] {
    return [this.spawnReplica('a'), this.spawnReplica('b')];
  }

  /** Starts a replica again (after it failed to start), on its port and with its log file. */
  restartReplica(name: ReplicaName): Replica {
    return this.spawnReplica(name);
  }

  /** Waits until the replica answers /readyz with 2xx; false if it ends or the time runs out first. */
  async waitReady(replica: Replica, timeoutMs: number): Promise<boolean> {
    try {
      await waitUntilReady(replica.base, replica.process, timeoutMs);
    } catch {
      return false;
    }
    return !replica.exit;
  }

  /** Writes the haproxy configuration from the template, starts haproxy and waits until it routes to both. */
  async startBalancer(): Promise<void> {
    const template = await readFile(path.join(import.meta.dirname, 'haproxy.cfg'), 'utf8');
    const config = template
      .replaceAll('{{BALANCER_PORT}}', String(this.balancerPort))
      .replaceAll('{{PORT_A}}', String(this.replica('a').port))
      .replaceAll('{{PORT_B}}', String(this.replica('b').port));
    const configFile = path.join(this.workDir, 'haproxy.cfg');
    await writeFile(configFile, config);
    this.haproxyLog = path.join(this.workDir, 'haproxy.log');
    const log = createWriteStream(this.haproxyLog, { flags: 'a' });
    const haproxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.haproxy = haproxy;
    haproxy.once('error', (error) => log.write(`could not start haproxy: ${error.message}\n`));
    haproxy.stdout.pipe(log);
    haproxy.stderr.pipe(log);
    const seen = new Set<string>();
    const isRouting = await waitUntil(
      async () => {
        seen.add((await call(this.balancer, 'GET', '/readyz', { timeoutMs: 1_000 })).servedBy);
        return seen.has('a') && seen.has('b');
      },
      15_000,
      100,
      () => haproxy.exitCode !== null,
    );
    if (!isRouting) {
      const state = haproxy.exitCode !== null ? `haproxy ended (exit code ${haproxy.exitCode})` : `haproxy did not route to both replicas (saw ${[...seen].join(', ') || 'nothing'})`;
      throw new Error(`${state}; see ${this.haproxyLog}`);
    }
  }

  /** Kills a replica at once, as a crashed machine would stop. */
  async kill(name: ReplicaName): Promise<void> {
    await stopChild(this.replica(name).process, 'SIGKILL');
  }

  /** The replica's log so far, as pino's JSON lines. */
  async logLines(name: ReplicaName): Promise<Record<string, unknown>[]> {
    const text = await readFile(this.replica(name).logFile, 'utf8');
    return text.split('\n').flatMap((line) => {
      if (!line.startsWith('{')) return [];
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });
  }

  /** Stops everything that was started, in reverse order; never throws. */
  async stop(): Promise<void> {
    const steps: Promise<unknown>[] = [];
    if (this.haproxy) steps.push(stopChild(this.haproxy));
    for (const replica of Object.values(this.replicas)) if (replica) steps.push(stopChild(replica.process));
    await Promise.allSettled(steps);
    if (this.s3) await this.s3.close().catch(() => undefined);
    if (this.isDatabaseCreated) {
      // Connections of killed replicas may still be open on the server side for a moment.
      const admin = new pg.Client({ connectionString: this.serverUrl });
      try {
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(this.databaseName)} WITH (FORCE)`);
        this.isDatabaseCreated = false;
      } catch (error) {
        console.error(`could not drop the scratch database ${this.databaseName}:`, error instanceof Error ? error.message : error);
      } finally {
        await admin.end().catch(() => undefined);
      }
    }
    await rm(path.join(this.workDir, 's3'), { recursive: true, force: true });
  }
}

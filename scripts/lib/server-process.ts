/** The real API server (apps/api/src/server.ts) in a child process, for the bench and test scripts: start, wait, measure, stop. */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const SERVER_ENTRY = path.join(repoRoot, 'apps/api/src/server.ts');

/** A free TCP port on 127.0.0.1 (asked of the kernel, then released for the process that will bind it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ApiServer {
  process: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
}

export interface ApiServerOptions {
  port: number;
  /** Set over this process's environment; an undefined value leaves an inherited variable out. */
  env: NodeJS.ProcessEnv;
  /** The PostgreSQL database to use; without it the server runs on the embedded PGlite, whatever DATABASE_URL this process has. */
  databaseUrl?: string;
  /** Appends the server's output to this file; without it the output goes to this process's own. */
  logFile?: string;
}

/** A quiet server on the demo data: its own data directory, the demo accounts and offers, no OCR workers, warnings only. */
export function demoServerEnv(dataDir: string, jwtSecret: string): NodeJS.ProcessEnv {
  return { DATA_DIR: dataDir, SEED_DEMO: 'true', RECEIPT_OCR_WORKERS: '0', LOG_LEVEL: 'warn', JWT_SECRET: jwtSecret };
}

/** Spawns `node --import tsx apps/api/src/server.ts` listening on 127.0.0.1:`port`; does not wait (see waitUntilReady). */
export function startApiServer({ port, env, databaseUrl, logFile }: ApiServerOptions): ApiServer {
  const output = logFile ? 'pipe' : 'inherit';
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: repoRoot,
    // spawn() leaves out variables whose value is undefined, so no DATABASE_URL means PGlite.
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port), DATABASE_URL: databaseUrl },
    stdio: ['ignore', output, output],
  });
  if (logFile) {
    const log = createWriteStream(logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  return { process: child, port, baseUrl: `http://127.0.0.1:${port}` };
}

/** Whether the child has ended (exited, or was ended by a signal). */
export function hasEnded(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Resolves when the child has ended (at once if it already has). */
export function whenEnded(child: ChildProcess): Promise<void> {
  if (hasEnded(child)) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Polls `baseUrl`/readyz until it answers 2xx; throws when the child ends first or the time runs out. */
export async function waitUntilReady(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (hasEnded(child)) throw new Error('the server exited before it was ready');
    try {
      if ((await fetch(`${baseUrl}/readyz`, { signal: AbortSignal.timeout(1_000) })).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server was not ready in time');
}

/** Sends `signal` to the child and waits until it has ended; SIGKILL follows if it is still running after `graceMs`. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 5_000): Promise<void> {
  if (hasEnded(child)) return;
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await whenEnded(child);
  clearTimeout(timer);
}

/** A process's resident set size in MB, from /proc/<pid>/status (Linux). */
export function residentSetMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/**
 * The embedded database's folder is one process's at a time: PGlite has no server and two processes opening it would
 * corrupt it. While it runs, the server holds `DATA_DIR/server.lock` (its process id); a script that would open the
 * same folder (`npm run admin`) checks it first and refuses while that process is alive. A lock left by a process
 * that died is stale and ignored.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function dataDirLockPath(dataDir: string): string {
  return path.join(dataDir, 'server.lock');
}

/** Writes the lock with this process's id (over a stale one); answers the way to release it. */
export function holdDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = dataDirLockPath(dataDir);
  writeFileSync(file, `${process.pid}\n`);
  return () => {
    // Only our own lock: a server started after this one crashed may hold it now.
    if (readLockPid(file) === process.pid) rmSync(file, { force: true });
  };
}

/** The process id of a live process holding the folder, or undefined when nobody does. */
export function dataDirHolder(dataDir: string): number | undefined {
  const pid = readLockPid(dataDirLockPath(dataDir));
  if (pid === undefined) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

function readLockPid(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

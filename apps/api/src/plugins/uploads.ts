/**
 * Uploads in flight (issue 25): the per-process budget of uploaded bytes all requests together may hold, the
 * folder their temporary files go to, and the removal of a request's temporary files (and the return of its
 * bytes to the budget) when the request ends, whatever happens: an answer, a refusal or a client that went away.
 * `kernel/multipart.ts` is the only writer (`app.uploads.forRequest`). A process that died leaves its folder
 * (named with its pid) in the OS's temporary folder; the next start removes the folders of processes that are gone.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Bytes shared by every upload of this process: a reservation that would go over is refused, never queued. */
export class UploadBudget {
  private used = 0;
  constructor(readonly limit: number) {}

  get inFlight(): number {
    return this.used;
  }

  tryReserve(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  release(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }
}

/** One request's temporary files and reserved bytes; `dispose` gives both back (again is harmless). */
export class RequestUploads {
  private readonly paths: string[] = [];
  private reserved = 0;
  /** Reserved ahead and not used yet. */
  private credit = 0;
  private hasReservedAhead = false;
  private disposed = false;

  constructor(
    private readonly budget: UploadBudget,
    private readonly dir: string,
  ) {}

  /**
   * A new temporary file's path, removed by `dispose`. The folder is made again if it went (a /tmp cleaner removes an
   * idle server's empty folder), else every upload would fail until a restart.
   */
  async newTemporaryPath(): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `${randomUUID()}.upload`);
    this.paths.push(file);
    return file;
  }

  /** False when the budget cannot take `bytes` more (or the request has ended). */
  reserve(bytes: number): boolean {
    if (this.disposed) return false;
    const fromCredit = Math.min(this.credit, bytes);
    if (!this.budget.tryReserve(bytes - fromCredit)) return false;
    this.credit -= fromCredit;
    this.reserved += bytes - fromCredit;
    return true;
  }

  /**
   * Reserves what the request says it will send (once per request), so uploads admitted together can all finish:
   * growing side by side, each a chunk at a time, they would fill the budget together and all be refused.
   */
  reserveAhead(bytes: number): boolean {
    if (this.hasReservedAhead || bytes <= 0) return true;
    if (this.disposed || !this.budget.tryReserve(bytes)) return false;
    this.hasReservedAhead = true;
    this.credit += bytes;
    this.reserved += bytes;
    return true;
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.budget.release(this.reserved);
    this.reserved = 0;
    this.credit = 0;
    await Promise.allSettled(this.paths.splice(0).map((file) => rm(file, { force: true })));
  }
}

const FOLDER_PREFIX = 'qrib-upload-tmp-';

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but someone else's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the temporary upload folders of processes on this machine that are no longer running. */
export async function removeAbandonedUploadFolders(parent = tmpdir()): Promise<number> {
  let removed = 0;
  for (const name of await readdir(parent).catch(() => [])) {
    const pid = Number(/^qrib-upload-tmp-(\d+)-/.exec(name)?.[1]);
    if (!Number.isSafeInteger(pid) || pid === process.pid || isProcessAlive(pid)) continue;
    await rm(path.join(parent, name), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

export interface Uploads {
  readonly budget: UploadBudget;
  /** This process's folder of temporary upload files (removed when the app closes). */
  readonly temporaryDir: string;
  /** The request's uploads, made on first use; disposed when its answer is sent or its connection closes. */
  forRequest(request: FastifyRequest): RequestUploads;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: Uploads;
  }
}

export default fp(
  async function uploadsPlugin(app: FastifyInstance) {
    const budget = new UploadBudget(app.config.uploadBytesInFlight);
    const removed = await removeAbandonedUploadFolders();
    if (removed > 0) app.log.info({ folders: removed }, 'removed the temporary upload folders of processes that are gone');
    const temporaryDir = await mkdtemp(path.join(tmpdir(), `${FOLDER_PREFIX}${process.pid}-`));
    const scopes = new WeakMap<FastifyRequest, RequestUploads>();

    const dispose = (request: FastifyRequest) => {
      const scope = scopes.get(request);
      if (!scope) return;
      scopes.delete(request);
      scope.dispose().catch((error: unknown) => request.log.warn({ err: error }, 'could not remove temporary upload files'));
    };

    app.decorate('uploads', {
      budget,
      temporaryDir,
      forRequest(request) {
        let scope = scopes.get(request);
        if (!scope) {
          scope = new RequestUploads(budget, temporaryDir);
          scopes.set(request, scope);
        }
        return scope;
      },
    } satisfies Uploads);

    app.addHook('onResponse', async (request) => dispose(request));
    // A client that goes away before the answer: onResponse never runs for it.
    app.addHook('onRequestAbort', async (request) => dispose(request));
    app.addHook('onClose', async () => {
      await rm(temporaryDir, { recursive: true, force: true });
    });
  },
  { name: 'uploads' },
);

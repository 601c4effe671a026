/**
 * Uploads in flight (issue 25): the per-process budget of uploaded bytes all requests together may hold, the
 * folder their temporary files go to, and the removal of a request's temporary files (and the return of its
 * bytes to the budget) when the request ends, whatever happens: an answer, a refusal or a client that went away.
 * `kernel/multipart.ts` is the only writer (`app.uploads.forRequest`). A process that died leaves its folder
 * (named with its pid) in the OS's temporary folder; the next start removes the folders of processes that are gone.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { RequestUploads, UploadBudget } from '../kernel/upload-budget.ts';

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

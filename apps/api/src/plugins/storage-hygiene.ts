/**
 * Storage hygiene (issue 25): half-written files of puts that never finished (Storage.removeTemporary) and export
 * archives no export names are deleted when the app is ready and then daily. Only those untouched for the grace
 * period go, so a put in progress on another replica is not cut. The files of a process that died are removed at
 * start-up anyway, whatever their age, by pending-uploads.ts (their keys were recorded before they were written);
 * this sweep is for the rest.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const STORAGE_SWEEP_INTERVAL_MS = 24 * 60 * 60_000;
/** At start-up: no put of a buffered file takes this long, and an upload streaming to a temp file keeps touching it. */
export const STARTUP_SWEEP_GRACE_MS = 5 * 60_000;

export interface StorageSweepResult {
  tempFiles: number;
  exportArchives: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes what puts and exports left behind, untouched for `graceMs` (tests and the timers). */
    sweepStorage(graceMs: number): Promise<StorageSweepResult>;
  }
}

export default fp(
  async function storageHygienePlugin(app: FastifyInstance) {
    const graceMs = app.config.storageSweepGraceMs;
    const log = app.log.child({ module: 'storage-hygiene' });
    app.decorate('sweepStorage', async (graceMs: number): Promise<StorageSweepResult> => {
      const olderThan = new Date(Date.now() - graceMs);
      const tempFiles = await app.storage.removeTemporary(olderThan);
      const exportArchives = await app.dataExports.removeOrphanArchives(olderThan);
      return { tempFiles, exportArchives };
    });

    const sweep = async (graceMs: number) => {
      try {
        const removed = await app.sweepStorage(graceMs);
        if (removed.tempFiles + removed.exportArchives > 0) log.info(removed, 'removed files that puts and exports left behind');
      } catch (error) {
        // Storage unreachable, say: the next sweep tries again; the app still starts.
        log.warn({ err: error }, 'could not sweep storage');
      }
    };
    let timer: NodeJS.Timeout | undefined;
    let sweeping: Promise<void> = Promise.resolve();
    app.addHook('onReady', async () => {
      await sweep(Math.min(STARTUP_SWEEP_GRACE_MS, graceMs));
      timer = setInterval(() => {
        sweeping = sweep(graceMs);
      }, STORAGE_SWEEP_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
  },
  { name: 'storage-hygiene', dependencies: ['storage', 'domain-exports'] },
);

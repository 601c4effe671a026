/**
 * Puts the data export builder on the instance (`app.dataExports`, issue 15): asking for an export, reading one, and
 * the background worker that builds them. It looks at the queue when the app is ready, right after a request
 * (`wake()`) and every minute (deleting expired archives too), and stops before the app closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDataExportsRepository, type DataExportsRepository } from './repository.ts';
import { createDataExportWorker, DATA_EXPORT_POLL_MS, type DataExportWorker } from './data-export.ts';

declare module 'fastify' {
  interface FastifyInstance {
    dataExports: DataExportWorker & Pick<DataExportsRepository, 'request' | 'findCurrent' | 'findForUser'>;
  }
}

export default fp(
  async function dataExportsPlugin(app: FastifyInstance) {
    const repository = createDataExportsRepository(app.db);
    const log = app.log.child({ module: 'data-exports' });
    const worker = createDataExportWorker({ exports: repository, storage: app.storage, files: app.pendingUploads, log });
    app.decorate('dataExports', {
      ...worker,
      request: repository.request,
      findCurrent: repository.findCurrent,
      findForUser: repository.findForUser,
    });

    let sweeping: Promise<unknown> = Promise.resolve();
    const sweep = () => {
      sweeping = worker.sweep().catch((error: unknown) => log.warn({ err: error }, 'could not delete expired data exports'));
    };
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      worker.wake();
      sweep();
      timer = setInterval(() => {
        worker.wake();
        sweep();
      }, DATA_EXPORT_POLL_MS);
      timer.unref();
    });
    // Before onClose, so an archive being built can still reach the database and storage.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await Promise.all([worker.close(), sweeping]);
    });
  },
  { name: 'data-exports', dependencies: ['database', 'storage', 'pending-uploads'] },
);

/**
 * Puts the background receipt verifier on the instance (`app.receiptVerifier`): it looks at the queue when
 * the app is ready, when a receipt is uploaded (`wake()`) and every minute, and stops before the app closes. A
 * receipt claimed by a process that died is taken over at once (receipt-checks.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReceiptChecksRepository } from './repository/receipt-checks.ts';
import { isOwnerAliveSql } from '../../kernel/repository/process-owners.ts';
import { createReceiptVerifier, RECEIPT_QUEUE_POLL_MS, type ReceiptVerifier } from './receipt-verifier.ts';
import { createBurstCheck } from '../trust/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    receiptVerifier: ReceiptVerifier;
  }
}

export default fp(
  async function receiptVerifierPlugin(app: FastifyInstance) {
    const workers = app.config.receiptOcrWorkers;
    const verifier = createReceiptVerifier({
      // Claims name this process (its pending-uploads owner key), so a replica can tell at once when it died (issue 25).
      checks: createReceiptChecksRepository(app.db, {
        owner: app.pendingUploads.owner,
        isOwnerAlive: (ownerColumn) => isOwnerAliveSql(app.database, ownerColumn),
      }),
      storage: app.storage,
      workers,
      log: app.log.child({ module: 'receipt-verifier' }),
      afterVerified: createBurstCheck(app.suspiciousActivity, app.log.child({ module: 'suspicious-activity' })),
    });
    app.decorate('receiptVerifier', verifier);
    if (workers === 0) return;

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      verifier.wake();
      timer = setInterval(() => verifier.wake(), RECEIPT_QUEUE_POLL_MS);
      timer.unref();
    });
    // Before onClose, so the receipts being checked can still reach the database.
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await verifier.close();
    });
  },
  { name: 'receipt-verifier', dependencies: ['database', 'storage', 'pending-uploads', 'domain-trust'] },
);

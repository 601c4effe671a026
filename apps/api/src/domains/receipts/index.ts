/** The receipts domain (ADR 020): receipts and their background verifier (`app.receipts`, `app.receiptVerifier`, verifier-plugin.ts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReceiptsRepository, type ReceiptsRepository } from './repository/receipts.ts';
import receiptVerifierPlugin from './verifier-plugin.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { createReceiptsPolicies } from './policies.ts';
export { type ReceiptsRepository } from './repository/receipts.ts';
export { settleReceipt } from './settle-dispute.ts';
export { submitReceipt } from './submit-receipt.ts';

declare module 'fastify' {
  interface FastifyInstance {
    receipts: ReceiptsRepository;
  }
}

export default fp(
  async function receiptsDomain(app: FastifyInstance) {
    app.decorate('receipts', createReceiptsRepository(app.db));
    await app.register(receiptVerifierPlugin);
  },
  // The verifier stores files through pending uploads and looks for bursts of accounts (app.suspiciousActivity).
  { name: 'domain-receipts', dependencies: ['database', 'storage', 'pending-uploads', 'domain-trust'] },
);

/** The receipts domain (ADR 020): receipts and their background verifier (`app.receipts`, `app.receiptVerifier`, verifier-plugin.ts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReceiptsRepository, type ReceiptsRepository } from './repository/receipts.ts';
import receiptVerifierPlugin from './verifier-plugin.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { settleReceipt } from './disputes.ts';
export { createReceiptsPolicies } from './policies.ts';
export { submitReceipt } from './receipts.ts';
export { type ReceiptsRepository } from './repository/receipts.ts';

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

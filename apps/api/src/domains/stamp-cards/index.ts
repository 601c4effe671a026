/** The stamp-cards domain (ADR 020, issue 29 §2): shops' stamp cards (`app.stampCards`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createStampCardsRepository, type StampCardsRepository } from './repository/stamp-cards.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export type { RewardRedeemOutcome, StampCardsRepository, TillStampOutcome } from './repository/stamp-cards.ts';
export { holdReceiptStamp, issueRewards, revokeStamp, stampPurchase, stampReceipt, type StampOutcome } from './repository/stamps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    stampCards: StampCardsRepository;
  }
}

export default fp(
  async function stampCardsDomain(app: FastifyInstance) {
    app.decorate('stampCards', createStampCardsRepository(app.db));
  },
  { name: 'domain-stamp-cards', dependencies: ['database'] },
);

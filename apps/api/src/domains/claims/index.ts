/** The claims domain (ADR 020): codes and their redemptions on the instance (`app.claims`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createClaimsRepository, type ClaimsRepository } from './repository.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { createSerialWait, UNDO_MS } from './claim-codes.ts';
export { claimOffer } from './claim-offer.ts';
export { businessNotSeenError, redeemCode } from './redeem-code.ts';
export { undoRedemption } from './undo-redemption.ts';
export { type ClaimsRepository } from './repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    claims: ClaimsRepository;
  }
}

export default fp(
  async function claimsDomain(app: FastifyInstance) {
    app.decorate('claims', createClaimsRepository(app.db));
  },
  { name: 'domain-claims', dependencies: ['database'] },
);

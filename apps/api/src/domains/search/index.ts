/** The search domain (ADR 020): offer search (`app.offerSearch`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSearchRepository, type SearchRepository } from './repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    offerSearch: SearchRepository;
  }
}

export default fp(
  async function searchDomain(app: FastifyInstance) {
    app.decorate('offerSearch', createSearchRepository(app.db));
  },
  { name: 'domain-search', dependencies: ['database'] },
);

/** The businesses domain (ADR 020): the businesses on the instance (`app.vendors`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createVendorsRepository, type VendorsRepository } from './repository/vendors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    vendors: VendorsRepository;
  }
}

export default fp(
  async function businessesDomain(app: FastifyInstance) {
    app.decorate('vendors', createVendorsRepository(app.db));
  },
  { name: 'domain-businesses', dependencies: ['database'] },
);

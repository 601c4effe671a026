/** The businesses domain (ADR 020): the businesses on the instance (`app.vendors`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createVendorsRepository, type VendorsRepository } from './repository/vendors.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { decideVendor } from './decide-vendor.ts';
export { editBusiness, removeBusinessImage, setBusinessImage } from './edit-business.ts';
export { createProfileRepository } from './repository/profile.ts';
export { createBusinessesPolicies } from './policies.ts';
export { applyVendorDecision, createAdminVendorsRepository, grantAdmin, insertAdminAction, revokeAdmin } from './repository/admin-vendors.ts';
export { registerBusiness } from './register-business.ts';
export { presentVendor, type VendorRow, type VendorsRepository } from './repository/vendors.ts';
export { resubmitBusiness } from './resubmit-business.ts';

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

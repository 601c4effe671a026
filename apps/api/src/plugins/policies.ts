/**
 * `app.policies`: the one place routes ask who may do what (DESIGN.md §10, STYLE.md 11), assembled from each domain's
 * policies.ts. Routes call `app.policies.*` with `request.user` (which the guard guarantees) and get back what they
 * may act on, or a DomainError with the MESSAGES code the answer has always had. A policy loads only what it needs.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAccountsPolicies, type UsersRepository } from '../domains/accounts/index.ts';
import { createBusinessesPolicies, type VendorsRepository } from '../domains/businesses/index.ts';
import { createInsightsPolicies, type VisitsRepository } from '../domains/insights/index.ts';
import { createOffersPolicies, type OffersRepository } from '../domains/offers/index.ts';
import { createReceiptsPolicies, type ReceiptsRepository } from '../domains/receipts/index.ts';

export interface PolicyRepositories {
  users: UsersRepository;
  vendors: VendorsRepository;
  offers: OffersRepository;
  receipts: ReceiptsRepository;
  visits: VisitsRepository;
}

export function createPolicies(repositories: PolicyRepositories) {
  return {
    ...createAccountsPolicies(repositories),
    ...createBusinessesPolicies(repositories),
    ...createOffersPolicies(repositories),
    ...createReceiptsPolicies(repositories),
    ...createInsightsPolicies(repositories),
  };
}

export type Policies = ReturnType<typeof createPolicies>;

declare module 'fastify' {
  interface FastifyInstance {
    policies: Policies;
  }
}

export default fp(
  async function policiesPlugin(app: FastifyInstance) {
    app.decorate('policies', createPolicies(app));
  },
  { name: 'policies', dependencies: ['domain-accounts', 'domain-businesses', 'domain-offers', 'domain-receipts', 'domain-insights'] },
);

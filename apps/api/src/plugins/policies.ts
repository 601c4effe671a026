/** `app.policies`: the one place routes ask who may do what (src/policies.ts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPolicies, type Policies } from '../policies.ts';

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

/** The exports domain (ADR 020): "Download my data" and its background builder (`app.dataExports`, exports-plugin.ts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import dataExportsPlugin from './exports-plugin.ts';

export default fp(
  async function exportsDomain(app: FastifyInstance) {
    await app.register(dataExportsPlugin);
  },
  { name: 'domain-exports', dependencies: ['database', 'storage', 'pending-uploads'] },
);

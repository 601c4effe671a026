/** The exports domain (ADR 020): "Download my data" and its background builder (`app.dataExports`, exports-plugin.ts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import dataExportsPlugin from './exports-plugin.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { presentDataExport } from './repository.ts';

export default fp(
  async function exportsDomain(app: FastifyInstance) {
    await app.register(dataExportsPlugin);
  },
  { name: 'domain-exports', dependencies: ['database', 'storage', 'pending-uploads'] },
);

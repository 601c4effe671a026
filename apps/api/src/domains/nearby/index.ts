/** The nearby domain (ADR 020): the nearby query and its response cache (`app.nearby`, `app.nearbyCache`, cache-plugin.ts). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nearbyCachePlugin from './cache-plugin.ts';
import { createNearbyRepository, type NearbyRepository } from './repository/nearby.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { decodeCursor, decodeOffsetCursor, encodeOffsetCursor } from './cursor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    nearby: NearbyRepository;
  }
}

export default fp(
  async function nearbyDomain(app: FastifyInstance) {
    app.decorate('nearby', createNearbyRepository(app.db));
    await app.register(nearbyCachePlugin);
  },
  // The cache is emptied by every change the offer feed hears.
  { name: 'domain-nearby', dependencies: ['database', 'offer-feed'] },
);

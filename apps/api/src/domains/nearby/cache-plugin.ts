/**
 * The nearby response cache (domains/nearby/cache.ts) on the instance as `app.nearbyCache`, emptied by every
 * change the offer feed hears: the database's triggers (migration 0010) notify each committed change to offers,
 * their photos or businesses, made by this process, any other replica or a script, so no route has to remember
 * it. NEARBY_CACHE_ENTRIES=0 turns it off.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NearbyCache } from './cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    nearbyCache: NearbyCache;
  }
}

export default fp(
  async function nearbyCachePlugin(app: FastifyInstance) {
    const cache = new NearbyCache(app.nearby, app.config.nearbyCacheEntries);
    const stop = app.offerFeed.subscribeToChanges(() => cache.invalidate());
    app.addHook('onClose', async () => {
      stop();
    });
    app.decorate('nearbyCache', cache);
  },
  { name: 'nearby-cache', dependencies: ['database', 'offer-feed'] },
);

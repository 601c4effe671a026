/**
 * New and resumed offers, live (issue 4): routes announce them with PostgreSQL NOTIFY (sent when the
 * transaction commits), and every API process LISTENs, so a shopper's stream on any replica hears an offer
 * published through any other. PGlite has the same NOTIFY/LISTEN within its one process.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const OFFER_CHANNEL = 'qrib_offers';

export interface LiveOffer {
  offerId: number;
  vendorId: number;
  latitude: number;
  longitude: number;
}

export interface OfferFeed {
  announce(offer: LiveOffer): Promise<void>;
  subscribe(listener: (offer: LiveOffer) => void): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    offerFeed: OfferFeed;
  }
}

function parseLiveOffer(payload: string): LiveOffer | undefined {
  try {
    const value = JSON.parse(payload) as Partial<LiveOffer>;
    const { offerId, vendorId, latitude, longitude } = value;
    if ([offerId, vendorId, latitude, longitude].every((field) => typeof field === 'number')) {
      return value as LiveOffer;
    }
  } catch {
    // Not ours.
  }
  return undefined;
}

export default fp(
  async function offerFeedPlugin(app: FastifyInstance) {
    const emitter = new EventEmitter();
    // One listener per shopper's open stream.
    emitter.setMaxListeners(0);
    let stopListening: (() => Promise<void>) | undefined;

    app.addHook('onReady', async () => {
      stopListening = await app.database.listen(OFFER_CHANNEL, (payload) => {
        const offer = parseLiveOffer(payload);
        if (offer) emitter.emit('offer', offer);
      });
    });
    app.addHook('onClose', async () => {
      emitter.removeAllListeners();
      await stopListening?.();
    });

    app.decorate('offerFeed', {
      async announce(offer: LiveOffer) {
        await app.db.execute(sql`SELECT pg_notify(${OFFER_CHANNEL}, ${JSON.stringify(offer)})`);
      },
      subscribe(listener: (offer: LiveOffer) => void) {
        emitter.on('offer', listener);
        return () => emitter.off('offer', listener);
      },
    });
  },
  { name: 'offer-feed', dependencies: ['database'] },
);

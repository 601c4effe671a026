/**
 * New and resumed offers, live (issue 4): routes announce them with PostgreSQL NOTIFY (sent when the
 * transaction commits), and every API process LISTENs, so a shopper's stream on any replica hears an offer
 * published through any other. PGlite has the same NOTIFY/LISTEN within its one process.
 *
 * The same channel carries every other change shoppers' lists show (an offer edited or paused, a business's
 * details), so each replica can drop what it has cached (the nearby response cache). A route that changes an
 * offer or a business calls `announce` (published or resumed) or `announceChange` (anything else) after the
 * write; the process that made the change hears it at once, the others through NOTIFY.
 */
import { randomUUID } from 'node:crypto';
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
  /** An offer was published or resumed (a change too). */
  announce(offer: LiveOffer): Promise<void>;
  /** An offer or business changed in some other way shoppers can see (edited, paused, ended, moved, renamed). */
  announceChange(): Promise<void>;
  subscribe(listener: (offer: LiveOffer) => void): () => void;
  /** Every change, announced by this process or (through NOTIFY) by any other. */
  subscribeToChanges(listener: () => void): () => void;
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

function originOf(payload: string): unknown {
  try {
    return (JSON.parse(payload) as { origin?: unknown }).origin;
  } catch {
    return undefined;
  }
}

export default fp(
  async function offerFeedPlugin(app: FastifyInstance) {
    const emitter = new EventEmitter();
    // One listener per shopper's open stream.
    emitter.setMaxListeners(0);
    let stopListening: (() => Promise<void>) | undefined;
    // Tags what this process sends: it has already acted on its own changes, so their echo is not a change.
    const origin = randomUUID();

    app.addHook('onReady', async () => {
      stopListening = await app.database.listen(OFFER_CHANNEL, (payload) => {
        if (originOf(payload) !== origin) emitter.emit('change');
        const offer = parseLiveOffer(payload);
        if (offer) emitter.emit('offer', offer);
      }, () => {
        // Changes announced while the connection was down were not heard: whatever was cached may be stale.
        app.log.warn('offer feed listening again after a lost connection; dropping cached answers');
        emitter.emit('change');
      });
    });
    app.addHook('onClose', async () => {
      emitter.removeAllListeners();
      await stopListening?.();
    });

    app.decorate('offerFeed', {
      async announce(offer: LiveOffer) {
        emitter.emit('change');
        await app.db.execute(sql`SELECT pg_notify(${OFFER_CHANNEL}, ${JSON.stringify({ ...offer, origin })})`);
      },
      async announceChange() {
        emitter.emit('change');
        await app.db.execute(sql`SELECT pg_notify(${OFFER_CHANNEL}, ${JSON.stringify({ change: true, origin })})`);
      },
      subscribe(listener: (offer: LiveOffer) => void) {
        emitter.on('offer', listener);
        return () => emitter.off('offer', listener);
      },
      subscribeToChanges(listener: () => void) {
        emitter.on('change', listener);
        return () => emitter.off('change', listener);
      },
    });
  },
  { name: 'offer-feed', dependencies: ['database'] },
);

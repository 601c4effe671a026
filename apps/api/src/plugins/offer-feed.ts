/**
 * New and resumed offers, live (issue 4), and every other change shoppers' lists show, from the database itself
 * (issue 11): the triggers of migration 0010 send PostgreSQL NOTIFY on OFFER_CHANNEL when a transaction that
 * changed offers, offer photos or businesses commits (never when it rolls back), whichever route or script
 * made it. Every API process LISTENs, so each replica drops what it has cached (the nearby response cache) and
 * a shopper's stream on any replica hears an offer published through any other. PGlite has the same
 * NOTIFY/LISTEN within its one process.
 *
 * Payloads: 'changed' (one a transaction, from the statement-level triggers), and for an offer that became
 * visible (inserted ACTIVE, or its status changed to ACTIVE) `{offerId, vendorId, latitude, longitude}`.
 * The process that writes hears its own change on commit too: on PGlite before the query returns, on
 * PostgreSQL through its listening connection a moment later (so a page cached here may be served for those
 * few milliseconds; the 30 s expiry bounds a lost notification).
 */
import { EventEmitter } from 'node:events';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isOfferSeenByShoppers } from '../kernel/repository/live-offers.ts';

/** The channel the triggers of migration 0010 notify (named there too). */
export const OFFER_CHANNEL = 'qrib_offers';

export interface LiveOffer {
  offerId: number;
  vendorId: number;
  latitude: number;
  longitude: number;
}

export interface OfferFeed {
  /** Offers that became visible (published or resumed), committed by any process. */
  subscribe(listener: (offer: LiveOffer) => void): () => void;
  /** Every committed change shoppers can see, by any process (and after the listener lost its connection). */
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

export default fp(
  async function offerFeedPlugin(app: FastifyInstance) {
    const emitter = new EventEmitter();
    // One listener per shopper's open stream.
    emitter.setMaxListeners(0);
    let stopListening: (() => Promise<void>) | undefined;

    // Checked when it is delivered, once for every open stream of this process (issue 14): an offer is sent only while
    // it is ACTIVE and its business too, so a PENDING or SUSPENDED shop's offer never reaches a shopper.
    const deliverIfVisible = (offer: LiveOffer) => {
      isOfferSeenByShoppers(app.db, offer.offerId).then(
        (isSeen) => {
          if (isSeen) emitter.emit('offer', offer);
        },
        (error: unknown) => app.log.warn({ err: error, offerId: offer.offerId }, 'could not check a live offer; not sent'),
      );
    };

    app.addHook('onReady', async () => {
      stopListening = await app.database.listen(OFFER_CHANNEL, (payload) => {
        // 'changed' or a visible offer: either way something shoppers see has changed.
        emitter.emit('change');
        const offer = payload === 'changed' ? undefined : parseLiveOffer(payload);
        if (offer) deliverIfVisible(offer);
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

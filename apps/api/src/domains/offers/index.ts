/** The offers domain (ADR 020): offers, categories, favourites and their change events (`app.offers`, `app.categories`, `app.favorites`, `app.offerEvents`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createCategoriesRepository, type CategoriesRepository } from './repository/categories.ts';
import { createFavoritesRepository, type FavoritesRepository } from './repository/favorites.ts';
import { createOfferEventsRepository, type OfferEventsRepository } from './repository/offer-events.ts';
import { createOffersRepository, type OffersRepository } from './repository/offers.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { createOfferWithImages } from './create-offer.ts';
export { editOffer } from './edit-offer.ts';
export { createOffersPolicies } from './policies.ts';
export { type OffersRepository } from './repository/offers.ts';
export { setOfferStatus } from './set-offer-status.ts';

declare module 'fastify' {
  interface FastifyInstance {
    categories: CategoriesRepository;
    offers: OffersRepository;
    favorites: FavoritesRepository;
    offerEvents: OfferEventsRepository;
  }
}

export default fp(
  async function offersDomain(app: FastifyInstance) {
    app.decorate('categories', createCategoriesRepository(app.db));
    app.decorate('offers', createOffersRepository(app.db));
    app.decorate('favorites', createFavoritesRepository(app.db));
    app.decorate('offerEvents', createOfferEventsRepository(app.db));
  },
  { name: 'domain-offers', dependencies: ['database'] },
);

/** The share-pages domain (issue 27): the public pages `/o/:offerId` and `/s/:vendorId` and their card image (`app.sharePages`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createSharePagesRepository, type SharePagesRepository } from './repository.ts';

// What routes use (ADR 020): named here, never `export *`.
export { cardSvg, cardVersion, renderCardPng } from './card-image.ts';
export { pickLanguage } from './page-language.ts';
export { offerCardText, renderNotFoundPage, renderOfferPage, renderShopPage } from './render.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sharePages: SharePagesRepository;
  }
}

export default fp(
  async function sharePagesDomain(app: FastifyInstance) {
    app.decorate('sharePages', createSharePagesRepository(app.db));
  },
  { name: 'domain-share-pages', dependencies: ['database'] },
);

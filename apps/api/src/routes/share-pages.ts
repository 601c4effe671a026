/**
 * The public pages of shared links (issue 27, domains/share-pages): GET /o/:offerId, GET /s/:vendorId and the drawn
 * card GET /o/:offerId/card.png. Pages, not API: outside /api/v1 (no guard, public by where they are), hidden from the
 * OpenAPI document, answered before the SPA's fallback (a not-found handler) because they are routes. Built from
 * current data on every request; the ETag lets browsers and CDNs keep them for a minute and revalidate cheaply.
 */
import { createHash } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE_NAME, isLanguageCode, type LanguageCode } from '@qrib/shared';
import {
  cardSvg,
  cardVersion,
  offerCardText,
  pickLanguage,
  renderCardPng,
  renderNotFoundPage,
  renderOfferPage,
  renderShopPage,
} from '../domains/share-pages/index.ts';

const PAGE_CACHE_CONTROL = 'public, max-age=60';
const CARD_CACHE_CONTROL = 'public, max-age=3600';
const MAX_ID = 2_147_483_647;

/** A positive int4 id written plainly ('12'), else undefined (the page then answers 404, never 400: it is a page). */
function parseId(text: string): number | undefined {
  if (!/^[1-9]\d{0,9}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_ID ? id : undefined;
}

function languageOf(request: FastifyRequest): LanguageCode {
  return pickLanguage(request.cookies[LANGUAGE_COOKIE_NAME], request.headers['accept-language']);
}

function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  // A proxy that compresses may weaken the tag (W/"…"); both name the same page.
  return header.split(',').some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === etag);
}

/** The body with its ETag and caching headers, or 304 when the reader already has it. */
function sendCached(request: FastifyRequest, reply: FastifyReply, { body, etag, type, cacheControl }: { body: string | Buffer; etag: string; type: string; cacheControl: string }) {
  void reply.header('cache-control', cacheControl).header('etag', etag);
  if (matchesEtag(request, etag)) return reply.code(304).send();
  return reply.type(type).send(body);
}

const HTML = 'text/html; charset=utf-8';

const sharePageRoutes: FastifyPluginAsync = async (app) => {
  const origin = app.config.publicOrigin.replace(/\/+$/, '');

  function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
    // The language comes from these two: a cache keeps one copy per language.
    void reply.header('vary', 'Accept-Language, Cookie');
    return sendCached(request, reply, { body: html, etag, type: HTML, cacheControl: PAGE_CACHE_CONTROL });
  }

  function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
    // Not cached: an offer resumed or a shop approved is seen at once.
    return reply.code(404).header('cache-control', 'no-cache').header('vary', 'Accept-Language, Cookie').type(HTML).send(renderNotFoundPage({ language: languageOf(request), origin }));
  }

  app.get('/o/:offerId', { schema: { hide: true } }, async (request, reply) => {
    const offerId = parseId((request.params as { offerId: string }).offerId);
    const found = offerId === undefined ? undefined : await app.sharePages.findOffer(offerId);
    if (!found) return sendNotFound(request, reply);
    return sendPage(request, reply, renderOfferPage(found.offer, found.shop, { language: languageOf(request), origin }));
  });

  app.get('/o/:offerId/card.png', { schema: { hide: true } }, async (request, reply) => {
    const offerId = parseId((request.params as { offerId: string }).offerId);
    const found = offerId === undefined ? undefined : await app.sharePages.findOffer(offerId);
    if (!found) return sendNotFound(request, reply);
    // The page names the card's language in its URL (a messenger fetching the image sends no cookie).
    const asked = (request.query as { lang?: unknown }).lang;
    const language = typeof asked === 'string' && isLanguageCode(asked) ? asked : 'en';
    const svg = cardSvg(offerCardText(found.offer, found.shop, language));
    const etag = `"${cardVersion(svg)}"`;
    if (matchesEtag(request, etag)) return sendCached(request, reply, { body: '', etag, type: 'image/png', cacheControl: CARD_CACHE_CONTROL });
    return sendCached(request, reply, { body: await renderCardPng(svg), etag, type: 'image/png', cacheControl: CARD_CACHE_CONTROL });
  });

  app.get('/s/:vendorId', { schema: { hide: true } }, async (request, reply) => {
    const vendorId = parseId((request.params as { vendorId: string }).vendorId);
    const found = vendorId === undefined ? undefined : await app.sharePages.findShop(vendorId);
    if (!found) return sendNotFound(request, reply);
    const rating = await app.reviews.rating(found.shop.vendorId);
    return sendPage(request, reply, renderShopPage(found.shop, found.offers, rating, { language: languageOf(request), origin }));
  });
};

export default sharePageRoutes;

/**
 * POST /api/v1/offers/ (multipart with offerImages), GET /:offerId, PATCH /:offerId, POST /:offerId/pause and
 * /resume. Only the business's owner changes an offer; paused offers are visible to their owner only.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_OFFER_IMAGE_BYTES,
  MAX_OFFER_IMAGES,
  NEARBY_PAGE_SIZE,
  apiErrorSchema,
  haversineKm,
  maltaToday,
  nearbyQuerySchema,
  nearbyResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
  offerCreateExtrasSchema,
  offerFieldsSchema,
  offerIdParamsSchema,
  offerResponseSchema,
  type OfferStatus,
} from '@qrib/shared';
import { DomainError, onField } from '../../../../kernel/domain-error.ts';
import { chooseEncoding, COMPRESS_THRESHOLD_BYTES } from '../../../../kernel/answer-encoding.ts';
import { decodeCursor, decodeOffsetCursor, encodeOffsetCursor } from '../../../../domains/nearby/index.ts';
import { parseFields, readMultipart } from '../../../../kernel/multipart.ts';
import { createOfferWithImages, editOffer, setOfferStatus } from '../../../../domains/offers/index.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The most event streams one account, and one IP address, may hold open in this process. */
const MAX_STREAMS_PER_ACCOUNT = 3;
const MAX_STREAMS_PER_IP = 20;

/** How many of something are open per key, up to a limit; a key with none open is forgotten. */
class OpenCounts<Key> {
  private readonly counts = new Map<Key, number>();
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }
  isFull(key: Key): boolean {
    return (this.counts.get(key) ?? 0) >= this.limit;
  }
  add(key: Key): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  remove(key: Key): void {
    const left = (this.counts.get(key) ?? 0) - 1;
    if (left > 0) this.counts.set(key, left);
    else this.counts.delete(key);
  }
}

/** Sends JSON that is already serialized (test/routes/nearby-json.test.ts proves it is what the schema's serializer would write). */
function sendJson(reply: FastifyReply, json: Buffer) {
  return reply.type('application/json; charset=utf-8').send(json);
}

const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  async function presentFor(offerId: number, userId: number) {
    const offer = await app.offers.findForViewer(offerId, userId);
    if (!offer) throw new DomainError('not-found', 'offerNotFound');
    return { data: offer };
  }

  app.post(
    '/',
    {
      preHandler: app.limitPerAccount('create-offer', 60, 3_600_000),
      schema: {
        tags: ['offers'],
        summary: 'Publish an offer of the signed-in owner’s business (multipart: fields and `offerImages` repeated)',
        consumes: ['multipart/form-data'],
        response: { 201: offerResponseSchema, ...errors, 413: apiErrorSchema, 415: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      const vendor = (await app.policies.requireBusinessPermission(request.user, 'offers.manage')).business;

      const { fields, files } = await readMultipart(request, {
        fileField: 'offerImages',
        maxFiles: MAX_OFFER_IMAGES,
        maxFileBytes: MAX_OFFER_IMAGE_BYTES,
        accepts: ['jpeg', 'png'],
        wrongType: 'filesWrongType',
        tooLarge: 'imageTooLarge',
        tooMany: { code: 'imagesTooMany' },
      });
      const offer = parseFields(offerFieldsSchema, fields);
      const extras = parseFields(offerCreateExtrasSchema, fields);
      app.policies.canPublishFor(vendor, extras.vendorId);
      const offerId = await createOfferWithImages(app, vendor, offer, files, request.log);
      return reply.code(201).send(await presentFor(offerId, userId));
    },
  );

  app.get(
    '/nearby-offers',
    {
      schema: {
        tags: ['offers'],
        summary:
          'Offers near a point, nearest first, 20 businesses a page (with categoryId: offers of that category). Pass nextCursor back as cursor for the next page.',
        querystring: nearbyQuerySchema,
        response: { 200: nearbyResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { latitude, longitude, radiusKm, categoryId, cursor: cursorText, openNow, activeNow } = request.query;
      const cursor = cursorText === undefined ? undefined : decodeCursor(cursorText);
      if (cursorText !== undefined && !cursor) throw new DomainError('invalid', 'cursorInvalid', {}, onField('cursor', 'cursorInvalid'));
      const now = new Date();
      // The JSON the schema describes, written by the database and the nearby cache (domains/nearby/).
      const page = await app.nearbyCache.findPage({
        latitude,
        longitude,
        radiusKm,
        categoryId,
        cursor,
        pageSize: NEARBY_PAGE_SIZE,
        today: maltaToday(now),
        now,
        openNow,
        activeNow,
      });
      // Compressed here, not by @fastify/compress: the nearby cache keeps the compressed copy of each answer.
      reply.header('vary', 'accept-encoding');
      const encoding = page.length < COMPRESS_THRESHOLD_BYTES ? undefined : chooseEncoding(request.headers['accept-encoding']);
      if (!encoding) return sendJson(reply, page);
      return sendJson(reply.header('content-encoding', encoding), app.nearbyCache.encode(request.url, page, encoding));
    },
  );

  app.get(
    '/search',
    {
      schema: {
        tags: ['offers'],
        summary: 'Search offers by text (typos forgiven) with category, discount and distance filters; best match, nearest or newest first',
        querystring: searchQuerySchema,
        response: { 200: searchResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { cursor: cursorText, ...query } = request.query;
      const offset = cursorText === undefined ? 0 : decodeOffsetCursor(cursorText);
      if (offset === undefined) throw new DomainError('invalid', 'cursorInvalid', {}, onField('cursor', 'cursorInvalid'));
      const hasPosition = query.latitude !== undefined && query.longitude !== undefined;
      if (!hasPosition && (query.sort === 'nearest' || query.maxDistanceKm !== undefined)) {
        throw new DomainError('invalid', 'locationNeeded', {}, onField('latitude', 'locationNeeded'));
      }
      const { results, hasMore } = await app.offerSearch.search({ ...query, offset, now: new Date() });
      return { data: results, nextCursor: hasMore ? encodeOffsetCursor(offset + results.length) : null };
    },
  );

  // Open event streams end when the server shuts down, so closing does not wait on them.
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });
  // Each stream holds a socket and a subscription for as long as the client likes, so one account or one network
  // may keep only a few open in this process (a review held 5,000 with one account); one more is refused first.
  const streamsPerAccount = new OpenCounts<number>(MAX_STREAMS_PER_ACCOUNT);
  const streamsPerIp = new OpenCounts<string>(MAX_STREAMS_PER_IP);

  app.get(
    '/stream',
    {
      schema: {
        tags: ['offers'],
        summary:
          'Server-sent events: an `offer` event ({offerId, vendorId, distance}) for each offer published or resumed within the radius',
        querystring: nearbyQuerySchema.pick({ latitude: true, longitude: true, radiusKm: true }),
        response: { 200: z.unknown().describe('text/event-stream'), ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { latitude, longitude, radiusKm } = request.query;
      const userId = request.user.id;
      if (streamsPerAccount.isFull(userId) || streamsPerIp.isFull(request.ip)) throw new DomainError('too-many', 'tooManyStreams');
      streamsPerAccount.add(userId);
      streamsPerIp.add(request.ip);
      reply.hijack();
      const stream = reply.raw;
      stream.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      stream.write('retry: 5000\n: connected\n\n');
      const unsubscribe = app.offerFeed.subscribe((offer) => {
        const distance = haversineKm(latitude, longitude, offer.latitude, offer.longitude);
        if (distance > radiusKm) return;
        const event = { offerId: offer.offerId, vendorId: offer.vendorId, distance: Math.round(distance * 1000) / 1000 };
        stream.write(`event: offer\ndata: ${JSON.stringify(event)}\n\n`);
      });
      // A comment line now and then keeps proxies from closing a quiet stream.
      const heartbeat = setInterval(() => stream.write(': ping\n\n'), 25_000);
      let isStopped = false;
      const stop = () => {
        if (isStopped) return;
        isStopped = true;
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(end);
        streamsPerAccount.remove(userId);
        streamsPerIp.remove(request.ip);
      };
      const end = () => {
        stop();
        stream.end();
      };
      openStreams.add(end);
      // The answer closes when the client goes away (or the stream is ended here); a client gone before this
      // line would never be heard, so its slot is given back at once.
      stream.on('close', stop);
      if (stream.socket?.destroyed !== false) stop();
    },
  );

  app.get(
    '/:offerId',
    {
      schema: {
        tags: ['offers'],
        summary: 'One offer with its category, business, photos and documents',
        params: offerIdParamsSchema,
        response: { 200: offerResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = request.user.id;
      const found = await presentFor(request.params.offerId, userId);
      // A shopper opening the page is a view; the owner looking at their own offer is not. Recording it never
      // holds up the answer.
      if (!found.data.isOwner) {
        app.offerEvents.record(userId, [{ offerId: found.data.offerId, kind: 'VIEW' }]).catch((error: unknown) => {
          request.log.warn({ err: error }, 'could not record an offer view');
        });
      }
      return { data: { ...found.data, rating: await app.reviews.rating(found.data.vendorId) } };
    },
  );

  app.patch(
    '/:offerId',
    {
      schema: {
        tags: ['offers'],
        summary: 'Change an offer’s details (the same rules as creating it); photos stay as they are',
        params: offerIdParamsSchema,
        body: z.record(z.string(), z.unknown()),
        response: { 200: offerResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = request.user.id;
      await app.policies.canEditOffer(request.user, request.params.offerId);
      const fields = parseFields(offerFieldsSchema, request.body);
      await editOffer(app, request.params.offerId, fields);
      return presentFor(request.params.offerId, userId);
    },
  );

  const statusRoute = (action: 'pause' | 'resume', status: OfferStatus) =>
    app.post(
      `/:offerId/${action}`,
      {
        schema: {
          tags: ['offers'],
          summary: action === 'pause' ? 'Pause an offer (hidden from shoppers)' : 'Resume a paused offer',
          params: offerIdParamsSchema,
          response: { 200: offerResponseSchema, ...errors },
        },
      },
      async (request) => {
        const userId = request.user.id;
        const offer = await app.policies.canEditOffer(request.user, request.params.offerId);
        await setOfferStatus(app, offer, status, request.log);
        return presentFor(request.params.offerId, userId);
      },
    );
  statusRoute('pause', 'PAUSED');
  statusRoute('resume', 'ACTIVE');
};

export default offerRoutes;

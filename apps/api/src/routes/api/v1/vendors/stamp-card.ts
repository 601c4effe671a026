/**
 * A shop's stamp card (issue 29 §2, ADR 026): GET /me/stamp-card reads the card the business runs (null when none),
 * PUT starts one or changes the running one's terms, DELETE ends it (what was earned under it keeps its terms). All
 * need `stampCard.manage` (owner and manager). POST /me/stamps is the till stamp (`redeem`: cashiers too); GET
 * /:vendorId/stamp-card is a shop's card as a shopper sees it, with their progress. domains/stamp-cards.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, shopParamsSchema } from '@qrib/shared';
import {
  publicStampCardResponseSchema,
  stampCardRequestSchema,
  stampCardResponseSchema,
  tillStampRequestSchema,
  tillStampResponseSchema,
} from '@qrib/shared/stamp-card-schemas';
import { DomainError } from '../../../../kernel/domain-error.ts';
import { businessNotSeenError } from '../../../../domains/claims/index.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

const stampCardRoutes: FastifyPluginAsyncZod = async (app) => {
  const business = async (user: Parameters<typeof app.policies.requireBusinessPermission>[0]) =>
    (await app.policies.requireBusinessPermission(user, 'stampCard.manage')).business;

  app.get(
    '/me/stamp-card',
    { schema: { tags: ['stamp cards'], summary: 'The stamp card the business runs, or null when it runs none', response: { 200: stampCardResponseSchema, ...errors } } },
    async (request) => ({ data: await app.stampCards.running((await business(request.user)).id) }),
  );

  app.put(
    '/me/stamp-card',
    {
      preHandler: app.limitPerAccount('stamp-card', 60, 3_600_000),
      schema: {
        tags: ['stamp cards'],
        summary:
          'Start the business’s stamp card (201), or change the terms of the one it runs (200): stampsRequired 3–20, rewardText (1–80 characters, one line), expiresAfterDays 1–365 or null (a reward valid until used). A business runs one card at a time; 409 businessClosed for a closed business',
        body: stampCardRequestSchema,
        response: { 200: stampCardResponseSchema, 201: stampCardResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await app.stampCards.put((await business(request.user)).id, request.body);
      if (!result) throw new DomainError('conflict', 'businessClosed');
      return reply.code(result.started ? 201 : 200).send({ data: result.card });
    },
  );

  app.delete(
    '/me/stamp-card',
    {
      schema: {
        tags: ['stamp cards'],
        summary: 'End the business’s stamp card (204); the stamps and rewards earned under it keep their terms. 404 stampCardNotFound when it runs none',
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await app.stampCards.end((await business(request.user)).id))) throw new DomainError('not-found', 'stampCardNotFound');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/me/stamps',
    {
      preHandler: app.limitPerAccount('till-stamp', 600, 3_600_000),
      schema: {
        tags: ['stamp cards'],
        summary:
          'A till stamp: the cashier scanned the shopper’s card (its pass) for a purchase without an offer (201, with the card after it and whether it issued a reward). 404 stampPassUnknown, 404 stampCardNotFound when the shop runs no card, 409 stampAlreadyToday (one a shopper a shop a Malta day), 403 stampOwnShop for the shop’s own people, 409 while shoppers do not see the business',
        body: tillStampRequestSchema,
        response: { 201: tillStampResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { business } = await app.policies.requireBusinessPermission(request.user, 'redeem');
      if (business.status !== 'ACTIVE') throw businessNotSeenError(business.status, business.statusReason);
      const outcome = await app.stampCards.tillStamp(business.id, request.user.id, request.body.pass);
      if (outcome.kind === 'unknown-pass') throw new DomainError('not-found', 'stampPassUnknown');
      if (outcome.kind === 'no-card') throw new DomainError('not-found', 'stampCardNotFound');
      if (outcome.kind === 'member') throw new DomainError('forbidden', 'stampOwnShop');
      if (outcome.kind === 'already-today') throw new DomainError('conflict', 'stampAlreadyToday');
      if (outcome.kind === 'business-hidden') throw businessNotSeenError(outcome.status, outcome.reason);
      const { kind: _kind, ...data } = outcome;
      return reply.code(201).send({ data });
    },
  );

  app.get(
    '/:vendorId/stamp-card',
    {
      schema: {
        tags: ['stamp cards'],
        summary: 'A shop’s running stamp card as shoppers see it (null when it runs none), with the signed-in shopper’s stamps on it (`mine`); 404 for a shop shoppers may not see',
        params: shopParamsSchema,
        response: { 200: publicStampCardResponseSchema, ...errors },
      },
    },
    async (request) => {
      const card = await app.stampCards.publicCard(request.params.vendorId, request.user.id);
      if (card === undefined) throw new DomainError('not-found', 'shopNotFound');
      return { data: card };
    },
  );
};

export default stampCardRoutes;

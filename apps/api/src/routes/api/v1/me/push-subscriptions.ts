/**
 * Issue 29 §1: POST /api/v1/me/push-subscriptions saves this device's web push subscription for the account and this
 * session (201 new, 200 known); DELETE removes it by its endpoint (204; 404 when the account has no such one).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@qrib/shared';
import { pushSubscriptionRequestSchema, pushSubscriptionResponseSchema, pushUnsubscribeRequestSchema } from '@qrib/shared/push-schemas';
import { DomainError } from '../../../../kernel/domain-error.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

const pushSubscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/push-subscriptions',
    {
      preHandler: app.limitPerAccount('push-subscriptions', 60, 3_600_000),
      schema: {
        tags: ['push'],
        summary:
          'Save this device’s web push subscription (PushSubscription.toJSON(): an https: endpoint, keys p256dh and auth, expirationTime): 201 new, 200 the same endpoint again (moved to this account if another had it); 400 pushEndpointInvalid, pushKeysInvalid. Logging out of this session, logging out everywhere and deleting the account remove it',
        body: pushSubscriptionRequestSchema,
        response: { 200: pushSubscriptionResponseSchema, 201: pushSubscriptionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { subscription, created } = await app.push.subscribe(request.user.id, request.user.sessionId, request.body);
      return reply.code(created ? 201 : 200).send({ data: subscription });
    },
  );

  app.delete(
    '/push-subscriptions',
    {
      schema: {
        tags: ['push'],
        summary: 'Remove this device’s web push subscription, by its endpoint (204); 404 pushSubscriptionNotFound when the account has none such',
        body: pushUnsubscribeRequestSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await app.push.unsubscribe(request.user.id, request.body.endpoint))) throw new DomainError('not-found', 'pushSubscriptionNotFound');
      return reply.code(204).send(null);
    },
  );
};

export default pushSubscriptionRoutes;

/**
 * Shop entry recognition: POST /api/v1/visits/detect {latitude, longitude} and POST /api/v1/visits/:visitId
 * {answer}. Detection needs the shopper's opt-in (403 without it); the location is used for the check only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SHOP_ENTRY_DETECTIONS_PER_MINUTE,
  apiErrorSchema,
  detectVisitResponseSchema,
  shopVisitResponseSchema,
  visitAnswerRequestSchema,
  visitDetectRequestSchema,
  visitIdParamsSchema,
} from '@qrib/shared';
import { DomainError } from '../../../../kernel/domain-error.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

const visitRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/detect',
    {
      preHandler: app.limitPerAccount('visit-detect', SHOP_ENTRY_DETECTIONS_PER_MINUTE, 60_000),
      schema: {
        tags: ['visits'],
        summary:
          'Where the shopper stands: 201 with a new visit at the nearest shop (within 75 m) whose offers they viewed or saved in the last 7 days, 200 with the unanswered visit of the last 12 hours, or 200 {data: null}',
        body: visitDetectRequestSchema,
        response: { 200: detectVisitResponseSchema, 201: detectVisitResponseSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await app.policies.canDetectVisits(request.user);
      const result = await app.visits.detect(request.user.id, request.body.latitude, request.body.longitude);
      if (result.outcome === 'none') return { data: null };
      return reply.code(result.outcome === 'created' ? 201 : 200).send({ data: result.visit });
    },
  );

  app.post(
    '/:visitId',
    {
      schema: {
        tags: ['visits'],
        summary: 'The shopper’s one answer for their visit: PURCHASED or NOT_PURCHASED',
        params: visitIdParamsSchema,
        body: visitAnswerRequestSchema,
        response: { 200: shopVisitResponseSchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const { visitId } = request.params;
      await app.policies.canAnswerVisit(request.user, visitId);
      if (!(await app.visits.answer(visitId, request.body.answer))) throw new DomainError('conflict', 'visitAlreadyAnswered');
      const data = await app.visits.present(visitId);
      if (!data) throw new DomainError('not-found', 'visitNotFound');
      return { data };
    },
  );
};

export default visitRoutes;

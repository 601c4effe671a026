/**
 * The suspicious-activity queue (issue 24, ADR 016): GET /api/v1/admin/suspicious-activity lists entries by state; POST
 * /api/v1/admin/suspicious-activity/:id/decision clears or excludes one, with the statement of reasons the shop reads.
 * Admins only (admin/autohooks.ts checks it for every admin route).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  suspiciousActivityDecisionSchema,
  suspiciousActivityListResponseSchema,
  suspiciousActivityParamsSchema,
  suspiciousActivityQuerySchema,
  suspiciousActivityResponseSchema,
} from '@qrib/shared';
import { decideSuspiciousActivity } from '../../../../domains/trust/index.ts';

const adminSuspiciousActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/suspicious-activity',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Bursts of new or same-network accounts at one shop (rule NEW_ACCOUNTS_BURST) with their accounts and events; status OPEN (the default, oldest first), CLEARED or EXCLUDED (latest decided first). Their items count nowhere while OPEN',
        querystring: suspiciousActivityQuerySchema,
        response: { 200: suspiciousActivityListResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => {
      return { data: await app.suspiciousActivity.list(request.query.status) };
    },
  );

  app.post(
    '/suspicious-activity/:id/decision',
    {
      schema: {
        tags: ['admin'],
        summary:
          'CLEAR (its items count again) or EXCLUDE (its reviews removed, its purchases out of every figure) an OPEN entry, with a reason the shop reads. 409 when already decided; 403 for the admin’s own shop',
        params: suspiciousActivityParamsSchema,
        body: suspiciousActivityDecisionSchema,
        response: { 200: suspiciousActivityResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const { decision, reason } = request.body;
      return { data: await decideSuspiciousActivity(app.suspiciousActivity, request.user.id, request.params.id, decision, reason ?? '') };
    },
  );
};

export default adminSuspiciousActivityRoutes;

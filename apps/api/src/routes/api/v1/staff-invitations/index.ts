/**
 * POST /api/v1/staff-invitations/accept {token} (issue 28 §4): the signed-in invitee joins the business the mailed link
 * names, with its role. domains/businesses/staff.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, staffInvitationAcceptSchema, staffMembershipResponseSchema } from '@qrib/shared';
import { acceptStaffInvitation } from '../../../../domains/businesses/index.ts';

const staffInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/accept',
    {
      preHandler: app.limitPerAccount('staff-invitation-accept', 20, 3_600_000),
      schema: {
        tags: ['staff'],
        summary:
          'Join a business’s staff with the mailed link’s token, signed in as the account of the address it was sent to: 400 staffInvitationInvalid when used, expired or withdrawn; 403 staffInvitationOtherAddress for another account; 409 staffYouAlreadyMember for a person already in a business',
        body: staffInvitationAcceptSchema,
        response: { 200: staffMembershipResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => ({ data: await acceptStaffInvitation(app.db, request.user.id, request.body.token) }),
  );
};

export default staffInvitationRoutes;

/**
 * Staff at the till (issue 28 §4, ADR 025): the owner invites by mail (POST /me/staff/invitations), lists members and
 * open invitations (GET /me/staff), changes a role (PATCH /me/staff/:userId), removes a member (DELETE
 * /me/staff/:userId) and withdraws an invitation (DELETE /me/staff/invitations/:invitationId). All need
 * `staff.manage` (the owner's alone). domains/businesses/staff.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiErrorSchema,
  staffInvitationParamsSchema,
  staffInvitationRequestSchema,
  staffInvitationResponseSchema,
  staffListResponseSchema,
  staffMemberParamsSchema,
  staffMemberResponseSchema,
  staffRoleChangeSchema,
} from '@qrib/shared';
import { changeStaffRole, createStaffRepository, inviteStaff, removeStaffMember, revokeStaffInvitation } from '../../../../domains/businesses/index.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };

const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const owner = async (user: Parameters<typeof app.policies.requireBusinessPermission>[0]) =>
    (await app.policies.requireBusinessPermission(user, 'staff.manage')).business;

  app.get(
    '/me/staff',
    { schema: { tags: ['staff'], summary: 'The business’s people (owner first) and the invitations still open', response: { 200: staffListResponseSchema, ...errors } } },
    async (request) => ({ data: await createStaffRepository(app.db).list((await owner(request.user)).id) }),
  );

  app.post(
    '/me/staff/invitations',
    {
      preHandler: app.limitPerAccount('staff-invitations', 30, 3_600_000),
      schema: {
        tags: ['staff'],
        summary: `Invite a person to the business's staff as MANAGER or CASHIER: a one-time link (?token=) mailed to the address, usable for 7 days by the account of that address. 409 staffAlreadyMember when an account with the address already belongs to a business`,
        body: staffInvitationRequestSchema,
        response: { 201: staffInvitationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const business = await owner(request.user);
      const invitation = await inviteStaff(app.db, business, request.user.id, request.body.email, request.body.role);
      return reply.code(201).send({ data: invitation });
    },
  );

  app.patch(
    '/me/staff/:userId',
    {
      schema: {
        tags: ['staff'],
        summary: 'Change a member’s role (MANAGER or CASHIER); takes effect on their next request. 400 staffOwnerFixed for the owner, 404 for someone not on the staff',
        params: staffMemberParamsSchema,
        body: staffRoleChangeSchema,
        response: { 200: staffMemberResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await changeStaffRole(app.db, await owner(request.user), request.params.userId, request.body.role) }),
  );

  app.delete(
    '/me/staff/:userId',
    {
      schema: {
        tags: ['staff'],
        summary: 'Remove a member: their next request to the business is refused, on every replica. 400 staffOwnerFixed for the owner',
        params: staffMemberParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeStaffMember(app.db, await owner(request.user), request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/me/staff/invitations/:invitationId',
    {
      schema: {
        tags: ['staff'],
        summary: 'Withdraw an open invitation: its link no longer works',
        params: staffInvitationParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeStaffInvitation(app.db, await owner(request.user), request.params.invitationId);
      return reply.code(204).send(null);
    },
  );
};

export default staffRoutes;

/** The signed-in user's own things: PATCH /me (profile and preferences), GET /me/favorites, PUT and DELETE /me/favorites/:offerId. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, favoritesResponseSchema, meResponseSchema, offerIdParamsSchema, updateMeRequestSchema } from '@qrib/shared';
import { DomainError } from '../../../../kernel/domain-error.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/',
    {
      schema: {
        tags: ['me'],
        summary: 'Change the signed-in user’s own settings; only what is sent changes. Answers the user as GET /auth/me does',
        body: updateMeRequestSchema,
        response: { 200: meResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = request.user.id;
      await app.users.updateProfile(userId, request.body);
      const user = await app.users.findProfile(userId);
      if (!user) throw new DomainError('unauthenticated', 'invalidSession');
      return { user };
    },
  );

  app.get(
    '/favorites',
    { schema: { tags: ['favorites'], summary: 'The offers the shopper saved, newest first', response: { 200: favoritesResponseSchema, ...errors } } },
    async (request) => ({ data: await app.favorites.list(request.user.id) }),
  );

  app.put(
    '/favorites/:offerId',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Save an offer (saving it twice is fine)',
        params: offerIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const userId = request.user.id;
      // Only an offer the shopper can see can be saved.
      if (!(await app.offers.findForViewer(request.params.offerId, userId))) throw new DomainError('not-found', 'offerNotFound');
      await app.favorites.save(userId, request.params.offerId);
      await app.offerEvents.record(userId, [{ offerId: request.params.offerId, kind: 'SAVE' }]);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/favorites/:offerId',
    {
      schema: {
        tags: ['favorites'],
        summary: 'Remove an offer from the saved ones (removing one that is not saved is fine)',
        params: offerIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await app.favorites.remove(request.user.id, request.params.offerId);
      return reply.code(204).send(null);
    },
  );
};

export default meRoutes;

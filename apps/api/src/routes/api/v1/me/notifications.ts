/** The bell: GET /me/notifications (newest first, with the unread count) and POST /me/notifications/read. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiErrorSchema,
  markNotificationsReadRequestSchema,
  markNotificationsReadResponseSchema,
  notificationsResponseSchema,
} from '@qrib/shared';

const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: 'My newest notifications (a receipt decided, a new offer from a shop I saved an offer of) and how many are unread',
        response: { 200: notificationsResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => app.notifications.list(request.user.id),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Mark these of my notifications read ({ids}), or all of them when ids is left out; answers the unread count',
        body: markNotificationsReadRequestSchema.nullish(),
        response: { 200: markNotificationsReadResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ unreadCount: await app.notifications.markRead(request.user.id, request.body?.ids) }),
  );
};

export default notificationRoutes;

/** The notifications domain (ADR 020): the bell (`app.notifications`). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNotificationsRepository, type NotificationsRepository } from './repository.ts';

// What other domains, routes and plugins use (ADR 020): named here, never `export *`.
export { insertReceiptDecidedNotification, type NotificationsRepository } from './repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationsRepository;
  }
}

export default fp(
  async function notificationsDomain(app: FastifyInstance) {
    app.decorate('notifications', createNotificationsRepository(app.db));
  },
  { name: 'domain-notifications', dependencies: ['database'] },
);

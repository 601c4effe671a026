/**
 * The push domain (ADR 020, issue 29 §1): devices' web push subscriptions and the VAPID key pair (`app.push`). The
 * pair is the configured one (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) or the one kept in the database, read once when the
 * app is built, so GET /config answers the same public key on every replica.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import webpush from 'web-push';
import { createPushRepository, type PushRepository } from './repository/push-subscriptions.ts';

export type { PushRepository } from './repository/push-subscriptions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushRepository & { vapid: { publicKey: string; privateKey: string; subject: string } };
  }
}

export default fp(
  async function pushDomain(app: FastifyInstance) {
    const repository = createPushRepository(app.db);
    const pair = app.config.vapid ?? (await repository.vapidKeys(() => webpush.generateVAPIDKeys()));
    app.decorate('push', { ...repository, vapid: { ...pair, subject: app.config.vapidSubject } });
  },
  { name: 'domain-push', dependencies: ['database'] },
);

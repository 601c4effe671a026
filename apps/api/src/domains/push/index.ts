/**
 * The push domain (ADR 020, ADR 027, issue 29 §1): devices' web push subscriptions, the VAPID key pair, what a person
 * gets pushed (their settings) and the queue with its sender (`app.push`). The pair is the configured one
 * (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY) or the one kept in the database, read once when the app is built, so GET
 * /config answers the same public key on every replica. The pusher looks at the queue when the app is ready, when a
 * push is queued on any replica (NOTIFY 'qrib_push') and every few seconds; it stops before the app closes. With
 * PUSH_SENDING off (tests by default) pushes stay queued and `pusher.drain()` returns at once.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import webpush from 'web-push';
import { createPusher, PUSH_QUEUE_POLL_MS, type Pusher, type PusherOptions } from './pusher.ts';
import { createPushQueueRepository, type PushQueueRepository } from './repository/push-queue.ts';
import { createPushRepository, type PushRepository } from './repository/push-subscriptions.ts';

export type { PushRepository } from './repository/push-subscriptions.ts';
export type { PushQueueRepository } from './repository/push-queue.ts';

/** The channel a queued push is announced on (migration 0028's trigger). */
export const PUSH_CHANNEL = 'qrib_push';
const SWEEP_MS = 86_400_000;
/** How long finished rows stay (the cap counts today's; support reads the rest). */
const KEEP_MS = 30 * 86_400_000;

declare module 'fastify' {
  interface FastifyInstance {
    push: PushRepository &
      PushQueueRepository & {
        vapid: { publicKey: string; privateKey: string; subject: string };
        pusher: Pusher;
      };
  }
}

export interface PushDomainOptions {
  /** The clock the pusher reads (tests of quiet hours and the daily cap). */
  now?: PusherOptions['now'];
}

export default fp(
  async function pushDomain(app: FastifyInstance, { now }: PushDomainOptions) {
    const { config } = app;
    const repository = createPushRepository(app.db);
    const queue = createPushQueueRepository(app.db);
    const pair = config.vapid ?? (await repository.vapidKeys(() => webpush.generateVAPIDKeys()));
    const vapid = { ...pair, subject: config.vapidSubject };
    const pusher = createPusher({
      queue,
      vapid,
      allowedHosts: config.pushAllowedHosts,
      isSending: config.pushSending,
      retryBaseMs: config.pushRetryBaseMs,
      concurrency: config.pushConcurrency,
      log: app.log.child({ module: 'pusher' }),
      ...(now ? { now } : {}),
    });
    app.decorate('push', { ...repository, ...queue, vapid, pusher });
    if (!config.pushSending) return;

    let pollTimer: NodeJS.Timeout | undefined;
    let sweepTimer: NodeJS.Timeout | undefined;
    let stopListening: (() => Promise<void>) | undefined;
    const sweep = () => {
      queue.sweep(new Date(Date.now() - KEEP_MS)).catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep the push queue'));
    };
    app.addHook('onReady', async () => {
      sweep();
      sweepTimer = setInterval(sweep, SWEEP_MS);
      sweepTimer.unref();
      stopListening = await app.database.listen(PUSH_CHANNEL, () => pusher.wake(), () => pusher.wake());
      pusher.wake();
      pollTimer = setInterval(() => pusher.wake(), PUSH_QUEUE_POLL_MS);
      pollTimer.unref();
    });
    // Before onClose, so the pushes being sent can still be marked in the database.
    app.addHook('preClose', async () => {
      clearInterval(pollTimer);
      clearInterval(sweepTimer);
      await stopListening?.();
      await pusher.close();
    });
  },
  { name: 'domain-push', dependencies: ['database'] },
);

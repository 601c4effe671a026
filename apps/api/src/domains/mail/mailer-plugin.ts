/**
 * Puts the background mailer on the instance (`app.mailer`, domains/mail/mailer.ts): with mail sending on, it looks at
 * the queue when the app is ready, whenever a mail is queued on any replica (the queue's NOTIFY 'qrib_mail') and
 * every few seconds (each pass also queues the owners' weekly reports when Monday morning has come in Malta), sweeps
 * old outbox files and the queue's old finished rows at start and daily, and stops before the app closes. With sending off
 * (MAIL_SENDING=false, tests by default) mails stay queued; `drain()` then returns at once.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MAIL_CHANNEL } from './repository/mail-outbox.ts';
import { createMailQueueRepository } from './repository/mail-queue.ts';
import { createMailer, MAIL_QUEUE_POLL_MS, type Mailer } from './mailer.ts';
import { createWeeklyReports } from './mail-weekly-report.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

const SWEEP_MS = 86_400_000;

export interface MailerPluginOptions {
  /** The clock the weekly report and the outbox sweeper read (tests). */
  now?: () => Date;
}

export default fp(
  async function mailerPlugin(app: FastifyInstance, { now }: MailerPluginOptions) {
    const { config } = app;
    const log = app.log.child({ module: 'mailer' });
    const mailer = createMailer({
      queue: createMailQueueRepository(app.db),
      smtpUrl: config.smtpUrl,
      mailFrom: config.mailFrom,
      outboxDir: config.mailOutboxDir,
      publicOrigin: config.publicOrigin,
      jwtSecret: config.jwtSecret,
      retryBaseMs: config.mailRetryBaseMs,
      isSending: config.mailSending,
      log,
      weeklyReports: createWeeklyReports(app.db, app.insights),
      ...(now ? { now } : {}),
    });
    app.decorate('mailer', mailer);
    if (!config.mailSending) return;

    let pollTimer: NodeJS.Timeout | undefined;
    let sweepTimer: NodeJS.Timeout | undefined;
    let stopListening: (() => Promise<void>) | undefined;
    const sweep = () => {
      mailer.sweepOutbox().catch((error: unknown) => log.warn({ err: error }, 'could not sweep the mail outbox'));
    };
    app.addHook('onReady', async () => {
      if (!config.smtpUrl) {
        log.info({ outboxDir: config.mailOutboxDir }, `SMTP_URL is not set: mails are written to ${config.mailOutboxDir}`);
      }
      // The outbox's files (without SMTP_URL) and the queue's finished rows.
      sweep();
      sweepTimer = setInterval(sweep, SWEEP_MS);
      sweepTimer.unref();
      // Mails queued while the connection was down were not heard: look at the queue once listening again.
      stopListening = await app.database.listen(MAIL_CHANNEL, () => mailer.wake(), () => mailer.wake());
      mailer.wake();
      pollTimer = setInterval(() => mailer.wake(), MAIL_QUEUE_POLL_MS);
      pollTimer.unref();
    });
    // Before onClose, so the mails being sent can still be marked in the database.
    app.addHook('preClose', async () => {
      clearInterval(pollTimer);
      clearInterval(sweepTimer);
      await stopListening?.();
      await mailer.close();
    });
  },
  { name: 'mailer', dependencies: ['database', 'domain-insights'] },
);

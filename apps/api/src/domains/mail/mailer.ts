/**
 * The background mailer (issue 15), never inside a request: claims due rows of the mail queue (mail_outbox) in small
 * batches, renders each in its recipient's language as it is then, and sends it over SMTP (SMTP_URL) or, without
 * one, writes it as an .eml file under DATA_DIR/outbox. A failed send is tried again after mailRetryBaseMs × 4^(n−1),
 * and after MAIL_MAX_ATTEMPTS it is FAILED (its link's token forgotten). A mail a person can turn off is not sent
 * when they have since turned Email Notifications off or deleted their account. On each pass it also queues the
 * owners' weekly reports on Monday mornings (domains/mail/mail-weekly-report.ts). The queue is a table, so a restart loses
 * nothing and replicas share the work.
 */
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  MAIL_MAX_ATTEMPTS,
  OPTIONAL_MAIL_KINDS,
  OUTBOX_FILE_DAYS,
  type LanguageCode,
  type MailKind,
} from '@qrib/shared';
import type { ClaimedMail, MailQueueRepository } from './repository/mail-queue.ts';
import { hashLinkToken, unsubscribeToken } from './mail-links.ts';
import type { WeeklyReports } from './mail-weekly-report.ts';
import { renderMail, unsubscribeLinks } from './mail-templates.ts';

/** How often the queue is looked at without being woken (a retry come due, a lapsed claim, the weekly report). */
export const MAIL_QUEUE_POLL_MS = 5_000;
/** Mails claimed at once. */
const BATCH_SIZE = 10;
/** How long a claim holds: well past the SMTP timeouts below, so only a dead replica's claim lapses. */
const CLAIM_MS = 5 * 60_000;
const DAY_MS = 86_400_000;
/** Recording a sent mail is tried this many times, waiting a little longer each time. */
const MARK_SENT_ATTEMPTS = 3;
const MARK_SENT_RETRY_MS = 200;
/** Why an optional mail was not sent (kept in last_error of a SENT row). */
export const SKIPPED_NOTIFICATIONS_OFF = 'skipped: email notifications off';
export const SKIPPED_ACCOUNT_DELETED = 'skipped: account deleted';
/** A reset or verification mail whose link was used or expired before it could go out: a dead link is not mailed. */
export const SKIPPED_LINK_ENDED = 'skipped: link used or expired';
const LINK_MAIL_KINDS: readonly MailKind[] = ['PASSWORD_RESET', 'EMAIL_VERIFICATION', 'STAFF_INVITATION'];

export interface Mailer {
  /** Looks at the queue now. Does nothing when sending is off. */
  wake(): void;
  /** Resolves once no due mail is left and nothing is being sent (tests call it after the request that queues one). */
  drain(): Promise<void>;
  /**
   * Deletes outbox files older than OUTBOX_FILE_DAYS (without SMTP_URL) and the queue's finished rows (SENT or FAILED)
   * queued before then. Answers how many files.
   */
  sweepOutbox(at?: Date): Promise<number>;
  /** Queues the weekly reports due at `at` (default: the mailer's clock), as every pass does. Answers how many. */
  queueWeeklyReports(at?: Date): Promise<number>;
  /** Stops claiming and waits for the mails being sent. */
  close(): Promise<void>;
}

export interface MailerOptions {
  queue: MailQueueRepository;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  publicOrigin: string;
  /** Signs the unsubscribe token. */
  jwtSecret: string;
  retryBaseMs: number;
  /** False: nothing is sent (mails stay queued). */
  isSending: boolean;
  log: FastifyBaseLogger;
  /** Queues the owners' weekly reports when due (domains/mail/mail-weekly-report.ts); looked at on every pass. */
  weeklyReports?: WeeklyReports;
  /** The clock (tests say 'it is Monday 08:05 in Malta'). */
  now?: () => Date;
}

function languageOf(mail: ClaimedMail): LanguageCode {
  const language = mail.preferences?.language;
  return typeof language === 'string' && isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
}

/** Why an optional mail is not to be sent now, if so. */
function skipReason(mail: ClaimedMail): string | undefined {
  if (!OPTIONAL_MAIL_KINDS.includes(mail.kind)) return undefined;
  if (mail.isAccountDeleted) return SKIPPED_ACCOUNT_DELETED;
  if (mail.preferences?.emailNotifications === false) return SKIPPED_NOTIFICATIONS_OFF;
  return undefined;
}

/** An outbox file's name: sorts by time, says its kind and id. */
function outboxFileName(mail: ClaimedMail, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  return `${stamp}-${mail.kind}-${mail.id}.eml`;
}

export function createMailer(options: MailerOptions): Mailer {
  const { queue, log } = options;
  const now = options.now ?? (() => new Date());
  const transport = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  let isClosed = false;
  let isRunning = false;
  let isWakeRequested = false;
  let idleWaiters: (() => void)[] = [];

  function message(mail: ClaimedMail): Mail.Options {
    const language = languageOf(mail);
    const isOptional = OPTIONAL_MAIL_KINDS.includes(mail.kind);
    const links = isOptional && mail.userId !== null ? unsubscribeLinks(options.publicOrigin, unsubscribeToken(options.jwtSecret, mail.userId)) : undefined;
    const rendered = renderMail(mail.kind, mail.payload, {
      language,
      publicOrigin: options.publicOrigin,
      secret: mail.secret,
      ...(links ? { unsubscribeUrl: links.page } : {}),
    });
    return {
      from: options.mailFrom,
      to: mail.toAddress,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      headers: {
        'Content-Language': language,
        'X-Qrib-Mail': `${mail.kind}-${mail.id}`,
        ...(links ? { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
      },
    };
  }

  async function deliver(mail: ClaimedMail): Promise<void> {
    const info = await transport.sendMail(message(mail));
    if (options.smtpUrl) return;
    const content: unknown = (info as { message?: unknown }).message;
    if (!Buffer.isBuffer(content)) throw new Error('the mail could not be composed');
    await mkdir(options.outboxDir, { recursive: true });
    await writeFile(path.join(options.outboxDir, outboxFileName(mail, new Date())), content);
  }

  /** Why a mail is not to be sent now, if so: an optional one turned off, or a link that can no longer be followed. */
  async function reasonToSkip(mail: ClaimedMail): Promise<string | undefined> {
    const reason = skipReason(mail);
    if (reason) return reason;
    if (LINK_MAIL_KINDS.includes(mail.kind) && mail.secret !== null && !(await queue.isLinkUsable(hashLinkToken(mail.secret)))) {
      return SKIPPED_LINK_ENDED;
    }
    return undefined;
  }

  async function handle(mail: ClaimedMail): Promise<void> {
    // A batch is sent one mail after another: a slow server can outlast a later mail's claim, which another replica
    // may then have taken over. Renewing it first (only while it still holds) means no mail goes out twice.
    if (!(await queue.renewClaim(mail, CLAIM_MS))) {
      log.warn({ mailId: mail.id, kind: mail.kind }, 'mail claim lapsed before it was sent; left to the replica that took it over');
      return;
    }
    const skipped = await reasonToSkip(mail);
    if (skipped) {
      await queue.markSent(mail, skipped);
      log.info({ mailId: mail.id, kind: mail.kind }, skipped);
      return;
    }
    try {
      await deliver(mail);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const isFinal = mail.attempts >= MAIL_MAX_ATTEMPTS;
      await queue.markFailed(mail, reason, { isFinal, retryInMs: options.retryBaseMs * 4 ** (mail.attempts - 1) });
      if (isFinal) log.error({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: error }, 'mail failed for good');
      else log.warn({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: error }, 'mail not sent; it will be retried');
      return;
    }
    // Sent: recording it is retried a few times, since a mail recorded as unsent would be sent again after its claim lapses.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await queue.markSent(mail);
        break;
      } catch (error) {
        if (attempt >= MARK_SENT_ATTEMPTS) throw error;
        await sleep(MARK_SENT_RETRY_MS * attempt);
      }
    }
    log.info({ mailId: mail.id, kind: mail.kind }, 'mail sent');
  }

  async function run(): Promise<void> {
    try {
      while (!isClosed) {
        isWakeRequested = false;
        if (options.weeklyReports) {
          try {
            await options.weeklyReports.queueDue(now());
          } catch (error) {
            log.error({ err: error }, 'weekly reports could not be queued');
          }
        }
        const batch = await queue.claimDue(BATCH_SIZE, CLAIM_MS);
        if (batch.length === 0) {
          if (isWakeRequested) continue;
          break;
        }
        for (const mail of batch) {
          // One mail's trouble (a database error recording it) does not hold up the rest of the batch.
          try {
            await handle(mail);
          } catch (error) {
            log.error({ err: error, mailId: mail.id, kind: mail.kind }, 'mail could not be handled; its claim lapses and it is tried again');
          }
        }
      }
    } catch (error) {
      log.error({ err: error }, 'mail queue unavailable');
    } finally {
      isRunning = false;
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  function wake(): void {
    if (isClosed || !options.isSending) return;
    isWakeRequested = true;
    if (isRunning) return;
    isRunning = true;
    void run();
  }

  function whenIdle(): Promise<void> {
    if (!isRunning) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  return {
    wake,
    async drain() {
      wake();
      await whenIdle();
    },
    queueWeeklyReports: (at = now()) => options.weeklyReports?.queueDue(at) ?? Promise.resolve(0),
    async sweepOutbox(at = now()) {
      const cutoff = at.getTime() - OUTBOX_FILE_DAYS * DAY_MS;
      try {
        const deleted = await queue.deleteFinishedBefore(new Date(cutoff));
        if (deleted > 0) log.info({ deleted }, 'finished mails removed from the queue');
      } catch (error) {
        log.warn({ err: error }, 'could not remove finished mails from the queue');
      }
      if (options.smtpUrl) return 0;
      let names: string[];
      try {
        names = await readdir(options.outboxDir);
      } catch {
        return 0;
      }
      let removed = 0;
      for (const name of names.filter((entry) => entry.endsWith('.eml'))) {
        const file = path.join(options.outboxDir, name);
        try {
          if ((await stat(file)).mtimeMs < cutoff) {
            await unlink(file);
            removed += 1;
          }
        } catch (error) {
          log.warn({ err: error, file }, 'could not remove an old outbox mail');
        }
      }
      return removed;
    },
    async close() {
      isClosed = true;
      await whenIdle();
      transport.close();
    },
  };
}

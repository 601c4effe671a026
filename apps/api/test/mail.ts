/**
 * A real SMTP server for the tests that read mail (issue 15): `smtp-server` on 127.0.0.1, a free port, no TLS and
 * no login, each message parsed with mailparser as it arrives. Start it, build the app with `createMailTestApp`,
 * make the request that queues a mail, `await app.mailer.drain()`, then find the message in `smtp.messages`.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { App } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { createTestApp } from './helpers.ts';

/** A received message: what mailparser read, and the envelope's recipients (what RCPT TO named). */
export type ReceivedMail = ParsedMail & { envelopeTo: string[] };

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for config.smtpUrl. */
  url: string;
  /** Every message accepted so far, in the order they arrived. */
  messages: ReceivedMail[];
  /** Resolves with the first message (already received or still to come) that matches; rejects after timeoutMs. */
  waitForMail(predicate?: (mail: ReceivedMail) => boolean, options?: { timeoutMs?: number }): Promise<ReceivedMail>;
  /** Answers 550 to the DATA of the next n messages (they are not kept). */
  refuseNext(count: number): void;
  /** How many messages were refused so far. */
  refusedCount(): number;
  close(): Promise<void>;
}

export async function startSmtpServer(options: Partial<SMTPServerOptions> = {}): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<{ predicate: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>();
  let toRefuse = 0;
  let refused = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    ...options,
    onData(stream, session, callback) {
      const refuse = toRefuse > 0;
      if (refuse) toRefuse -= 1;
      const envelopeTo = session.envelope.rcptTo.map((recipient) => recipient.address);
      simpleParser(stream)
        .then((parsed) => {
          if (refuse) {
            refused += 1;
            const error = Object.assign(new Error('Mailbox unavailable (refused by the test)'), { responseCode: 550 });
            callback(error);
            return;
          }
          const mail: ReceivedMail = Object.assign(parsed, { envelopeTo });
          messages.push(mail);
          callback();
          for (const waiter of [...waiters]) {
            if (waiter.predicate(mail)) {
              waiters.delete(waiter);
              waiter.resolve(mail);
            }
          }
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(predicate = () => true, { timeoutMs = 5000 } = {}) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          predicate,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    refuseNext(count) {
      toRefuse = count;
    },
    refusedCount: () => refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first URL in a mail's text body whose path starts with `pathPrefix` (e.g. '/reset-password'); undefined if none. */
export function linkIn(mail: ParsedMail, pathPrefix: string): string | undefined {
  for (const match of (mail.text ?? '').matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return match[0];
  }
  return undefined;
}

/** The real app, sending its queued mails to the test server. */
export function createMailTestApp(database: Database, smtp: { url: string }, overrides: Partial<Config> = {}): Promise<App> {
  return createTestApp(database, { smtpUrl: smtp.url, mailSending: true, ...overrides });
}

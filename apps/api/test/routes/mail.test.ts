/**
 * The mailer (issue 15): every queued mail really goes out over SMTP (a real smtp-server, test/mail.ts), in its
 * recipient's language, with text and HTML parts; retries with backoff then FAILED; nothing lost on a restart; the
 * .eml outbox without SMTP_URL and its sweeper; optional mails follow Email Notifications and carry the RFC 8058
 * unsubscribe headers; the weekly report once per owner and week; tokens never in logged URLs.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_MAX_ATTEMPTS } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { mailOutbox, users } from '../../src/db/schema.ts';
import { enqueueMail } from '../../src/repositories/mail-outbox.ts';
import { buildPendingShop } from '../factories.ts';
import { createTestDatabase, signUp, type TestDatabase } from '../helpers.ts';
import { createMailTestApp, linkIn, startSmtpServer, type TestSmtpServer } from '../mail.ts';

let testDb: TestDatabase;
let smtp: TestSmtpServer;
const apps: App[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await testDb.drop();
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function mailApp(overrides: Parameters<typeof createMailTestApp>[2] = {}): Promise<App> {
  const app = await createMailTestApp(testDb.database, smtp, overrides);
  apps.push(app);
  await app.ready();
  return app;
}

async function buildAdmin(app: App) {
  const admin = await signUp(app);
  await app.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
  return admin;
}

function decideVendor(app: App, admin: { cookies: Record<string, string> }, vendorId: number, status: string, reason?: string) {
  return app.inject({ method: 'POST', url: `/api/v1/admin/vendors/${vendorId}/decision`, cookies: admin.cookies, payload: { status, reason } });
}

async function outboxRow(app: App, id: number) {
  const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) throw new Error(`no mail ${id}`);
  return row;
}

describe('queued mails go out over SMTP', () => {
  it('a business approved, refused and suspended by an admin mails its owner', async () => {
    const app = await mailApp();
    const admin = await buildAdmin(app);
    const approved = await buildPendingShop(app, { business: { businessName: 'Kafe Approved' } });
    const refused = await buildPendingShop(app, { business: { businessName: 'Kafe Refused' } });

    expect((await decideVendor(app, admin, approved.vendorId, 'ACTIVE')).statusCode).toBe(200);
    expect((await decideVendor(app, admin, refused.vendorId, 'REJECTED', 'The licence is unreadable.')).statusCode).toBe(200);
    await app.mailer.drain();
    expect((await decideVendor(app, admin, approved.vendorId, 'SUSPENDED', 'Fake offers were reported.')).statusCode).toBe(200);
    await app.mailer.drain();

    // (Signing up queued each owner's address verification too.)
    const toApproved = smtp.messages.filter((mail) => mail.envelopeTo.includes(approved.email) && mail.subject?.includes('Kafe'));
    expect(toApproved.map((mail) => mail.subject)).toEqual(['Kafe Approved is now on Qrib', 'Kafe Approved was suspended']);
    expect(toApproved[1]?.text).toContain('The reason: Fake offers were reported.');
    const toRefused = smtp.messages.find((mail) => mail.envelopeTo.includes(refused.email) && mail.subject?.includes('Kafe'));
    expect(toRefused?.subject).toBe('Kafe Refused was not approved');
    expect(toRefused?.text).toContain('The reason: The licence is unreadable.');
    expect(toRefused && linkIn(toRefused, '/ven-reg/resubmit')).toBe('http://localhost:3000/ven-reg/resubmit');
    expect(toRefused?.html).toContain('The licence is unreadable.');
    expect(toRefused?.from?.text).toContain('no-reply@qrib.test');
    // Not an optional mail: no unsubscribe header.
    expect(toRefused?.headers.get('list-unsubscribe')).toBeUndefined();
  });

  it('a password reset mail carries its link with the token, then the token is forgotten', async () => {
    const app = await mailApp();
    const account = await signUp(app);
    await enqueueMail(app.db, { userId: account.userId, toAddress: account.email, kind: 'PASSWORD_RESET', payload: { username: account.username }, secret: 'raw-token-1' });
    await app.mailer.drain();
    const mail = await smtp.waitForMail((received) => received.envelopeTo.includes(account.email) && received.headers.get('x-qrib-mail')?.toString().startsWith('PASSWORD_RESET-') === true);
    expect(mail.subject).toBe('Reset your Qrib password');
    expect(mail && linkIn(mail, '/reset-password')).toBe('http://localhost:3000/reset-password?token=raw-token-1');
    expect(mail.html).toContain('href="http://localhost:3000/reset-password?token=raw-token-1"');
    const [row] = await app.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, account.email), eq(mailOutbox.kind, 'PASSWORD_RESET')));
    expect(row).toMatchObject({ status: 'SENT', secret: null, attempts: 1 });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('a refusing server: retried with backoff, FAILED after MAIL_MAX_ATTEMPTS with its token cleared, the app still answering', async () => {
    // A long first wait, so no retry comes due by itself: the test makes each one due.
    const app = await mailApp({ mailRetryBaseMs: 60_000 });
    const account = await signUp(app);
    await app.mailer.drain();
    await enqueueMail(app.db, { userId: account.userId, toAddress: account.email, kind: 'PASSWORD_RESET', payload: { username: account.username }, secret: 'never-sent' });
    const [queued] = await app.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, account.email), eq(mailOutbox.kind, 'PASSWORD_RESET')));
    if (!queued) throw new Error('not queued');
    smtp.refuseNext(MAIL_MAX_ATTEMPTS);
    const refusedBefore = smtp.refusedCount();

    await app.mailer.drain();
    const afterFirst = await outboxRow(app, queued.id);
    expect(afterFirst).toMatchObject({ status: 'PENDING', attempts: 1, secret: 'never-sent' });
    expect(afterFirst.lastError).toContain('550');
    // The n-th retry waits mailRetryBaseMs × 4^(n − 1): 1, 4, 16, … minutes here.
    const waitMinutes = async () => {
      const [row] = await selectRows<{ minutes: string | number }>(
        app.db,
        sql`SELECT round(extract(epoch FROM next_attempt_at - now()) / 60) AS minutes FROM mail_outbox WHERE id = ${queued.id}`,
      );
      return Number(row?.minutes);
    };
    expect(await waitMinutes()).toBe(1);

    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      await app.mailer.drain();
      // Not due yet: nothing is tried.
      expect((await outboxRow(app, queued.id)).attempts).toBe(attempt - 1);
      await app.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, queued.id));
      await app.mailer.drain();
      expect((await outboxRow(app, queued.id)).attempts).toBe(attempt);
      if (attempt < MAIL_MAX_ATTEMPTS) expect(await waitMinutes()).toBe(4 ** (attempt - 1));
    }
    const failed = await outboxRow(app, queued.id);
    expect(failed).toMatchObject({ status: 'FAILED', attempts: MAIL_MAX_ATTEMPTS, secret: null });
    expect(smtp.refusedCount() - refusedBefore).toBe(MAIL_MAX_ATTEMPTS);
    expect(smtp.messages.some((mail) => mail.envelopeTo.includes(account.email) && mail.subject === 'Reset your Qrib password')).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});

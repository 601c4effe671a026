/**
 * The mailer (issue 15): every queued mail really goes out over SMTP (a real smtp-server, test/mail.ts), in its
 * recipient's language, with text and HTML parts; retries with backoff then FAILED; nothing lost on a restart; the
 * .eml outbox without SMTP_URL and its sweeper; optional mails follow Email Notifications and carry the RFC 8058
 * unsubscribe headers; the weekly report once per owner and week; tokens never in logged URLs.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_MAX_ATTEMPTS, OUTBOX_FILE_DAYS, addDays, maltaMidnight, maltaToday, receiptResponseSchema, vendorInsightsResponseSchema } from '@qrib/shared';
import { buildApp, type App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { mailOutbox, offerEvents, users } from '../../src/db/schema.ts';
import { enqueueMail } from '../../src/domains/mail/repository/mail-outbox.ts';
import { createMailQueueRepository } from '../../src/domains/mail/repository/mail-queue.ts';
import { hashLinkToken, unsubscribeToken } from '../../src/domains/mail/mail-links.ts';
import { SKIPPED_LINK_ENDED, SKIPPED_NOTIFICATIONS_OFF } from '../../src/domains/mail/mailer.ts';
import { makePng, multipartBody } from '../fixtures.ts';
import { buildPendingShop, buildShop, createOffer } from '../factories.ts';
import { TEST_JWT_SECRET, bodyOf, createTestApp, createTestDatabase, signUp, testConfig, type TestDatabase } from '../helpers.ts';
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

/** A live one-time link whose raw token is `token` (the mailer only mails links that can still be followed). */
async function issueLink(app: App, userId: number, purpose: 'PASSWORD_RESET' | 'EMAIL_VERIFICATION', email: string, token: string) {
  await app.db.execute(sql`
    INSERT INTO account_tokens (user_id, purpose, token_hash, email, expires_at)
    VALUES (${userId}, ${purpose}, ${hashLinkToken(token)}, ${email}, now() + interval '30 minutes')
  `);
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
    expect(toRefused?.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(false);
  });

  it('a password reset mail carries its link with the token, then the token is forgotten', async () => {
    const app = await mailApp();
    const account = await signUp(app);
    await issueLink(app, account.userId, 'PASSWORD_RESET', account.email, 'raw-token-1');
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
    await issueLink(app, account.userId, 'PASSWORD_RESET', account.email, 'never-sent');
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

type Account = Awaited<ReturnType<typeof signUp>>;

function setPreferences(app: App, account: Account, preferences: Record<string, unknown>) {
  return app.inject({ method: 'PATCH', url: '/api/v1/me', cookies: account.cookies, payload: { preferences } });
}

const mailsTo = (account: Account, kind: string) =>
  smtp.messages.filter((mail) => mail.envelopeTo.includes(account.email) && mail.headers.get('x-qrib-mail')?.toString().startsWith(`${kind}-`) === true);

let photoCount = 0;
async function uploadReceipt(app: App, shopper: Account, vendorId: number): Promise<number> {
  photoCount += 1;
  const { payload, headers } = multipartBody({ vendorId }, [
    { field: 'files', filename: 'receipt.png', contentType: 'image/png', content: await makePng(60, 90, photoCount / 1000) },
  ]);
  const response = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies: shopper.cookies });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return bodyOf(response, receiptResponseSchema).data.receiptId;
}

describe('the mails notifications queue', () => {
  it('a receipt decided by its shop mails the shopper, in the shopper’s language, with text and HTML and the unsubscribe headers', async () => {
    const app = await mailApp();
    const owner = await buildShop(app, { business: { businessName: 'Il-Forn ta’ Marija' } });
    const shopper = await signUp(app);
    const maltese = await signUp(app);
    expect((await setPreferences(app, maltese, { language: 'mt' })).statusCode).toBe(200);
    const verified = await uploadReceipt(app, shopper, owner.vendorId);
    const rejected = await uploadReceipt(app, maltese, owner.vendorId);
    await app.inject({ method: 'POST', url: `/api/v1/receipts/${verified}/decision`, cookies: owner.cookies, payload: { status: 'VERIFIED' } });
    await app.inject({ method: 'POST', url: `/api/v1/receipts/${rejected}/decision`, cookies: owner.cookies, payload: { status: 'REJECTED', reason: 'Not <our> till' } });
    await app.mailer.drain();

    const [english] = mailsTo(shopper, 'RECEIPT_DECIDED');
    if (!english) throw new Error('no mail to the shopper');
    expect(english.subject).toBe('Your receipt from Il-Forn ta’ Marija was verified');
    expect(linkIn(english, '/receipt-upload')).toBe('http://localhost:3000/receipt-upload');
    expect(english.html).toContain('href="http://localhost:3000/receipt-upload"');
    expect(english.headers.get('content-language')).toBe('en');

    const [inMaltese] = mailsTo(maltese, 'RECEIPT_DECIDED');
    if (!inMaltese) throw new Error('no mail to the Maltese shopper');
    expect(inMaltese.subject).toBe('Ir-riċevuta tiegħek minn Il-Forn ta’ Marija ma ġietx aċċettata');
    expect(inMaltese.text).toContain('Ir-raġuni: Not <our> till');
    // Every value is escaped in the HTML part.
    expect(inMaltese.html).toContain('Not &#60;our&#62; till');
    expect(inMaltese.html).not.toContain('<our>');
    expect(inMaltese.html).toContain('lang="mt"');

    // An optional mail: the unsubscribe link in its footer and the RFC 8058 headers.
    const token = unsubscribeToken(TEST_JWT_SECRET, maltese.userId);
    expect(linkIn(inMaltese, '/unsubscribe')).toBe(`http://localhost:3000/unsubscribe?token=${token}`);
    const header = (name: string) => inMaltese.headerLines.find((line) => line.key === name)?.line.slice(name.length + 1).trim();
    const oneClick = header('list-unsubscribe')?.replace(/^<|>$/g, '') ?? '';
    expect(oneClick).toBe(`http://localhost:3000/api/v1/auth/unsubscribe?token=${token}`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // A mail client's one-click POST to the header's URL turns Email Notifications off.
    const url = new URL(oneClick);
    const click = await app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: maltese.cookies });
    expect(me.json().user.preferences.emailNotifications).toBe(false);
  });

  it('a new offer from a saved shop mails the saver once, pause and resume send nothing more, and nobody with Email Notifications off', async () => {
    const app = await mailApp();
    const bakery = await buildShop(app, { business: { businessName: 'Saved Bakery' } });
    const firstOffer = await createOffer(app, bakery, { title: 'Saved Bakery breakfast' });
    const fan = await signUp(app);
    const quietFan = await signUp(app);
    for (const account of [fan, quietFan]) {
      expect((await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${firstOffer}`, cookies: account.cookies })).statusCode).toBe(204);
    }
    expect((await setPreferences(app, quietFan, { emailNotifications: false })).statusCode).toBe(200);

    const offerId = await createOffer(app, bakery, { title: 'Pastizzi at dawn' });
    await expect
      .poll(async () => {
        await app.mailer.drain();
        return mailsTo(fan, 'NEW_OFFER').length;
      })
      .toBe(1);
    const [mail] = mailsTo(fan, 'NEW_OFFER');
    expect(mail?.subject).toBe('New at Saved Bakery: Pastizzi at dawn');
    expect(mail && linkIn(mail, '/viewoffer/')).toBe(`http://localhost:3000/viewoffer/${offerId}`);

    const action = (name: 'pause' | 'resume') => app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/${name}`, cookies: bakery.cookies });
    expect((await action('pause')).statusCode).toBe(200);
    expect((await action('resume')).statusCode).toBe(200);
    await app.notifications.notifySaversOfOffer(offerId);
    await app.mailer.drain();
    expect(mailsTo(fan, 'NEW_OFFER')).toHaveLength(1);
    expect(mailsTo(quietFan, 'NEW_OFFER')).toHaveLength(0);

    // Issue 28 §3: a happy-hour offer's mail says when it holds.
    await createOffer(app, bakery, { title: 'Evening pastizzi', schedule: 'Mo-Fr 17:00-19:00' });
    await expect
      .poll(async () => {
        await app.mailer.drain();
        return mailsTo(fan, 'NEW_OFFER').length;
      })
      .toBe(2);
    const happy = mailsTo(fan, 'NEW_OFFER').find((sent) => sent.subject === 'New at Saved Bakery: Evening pastizzi');
    expect(happy?.text).toContain('It is a happy-hour offer: it holds Mo-Fr 17:00-19:00.');
    expect(mail?.text).not.toContain('happy-hour');
  });

  it('an optional mail queued before Email Notifications were turned off is not sent, and says why', async () => {
    // Queued with the worker off, the preference changed, then sent: the preference is read at send time.
    const quiet = await createTestApp(testDb.database);
    apps.push(quiet);
    const shopper = await signUp(quiet);
    await enqueueMail(quiet.db, {
      userId: shopper.userId,
      toAddress: shopper.email,
      kind: 'NEW_OFFER',
      payload: { offerId: 1, title: 'Too late', businessName: 'Some Shop' },
      dedupeKey: `test-skip:${shopper.userId}`,
    });
    expect((await setPreferences(quiet, shopper, { emailNotifications: false })).statusCode).toBe(200);
    const app = await mailApp();
    await app.mailer.drain();
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `test-skip:${shopper.userId}`));
    expect(row).toMatchObject({ status: 'SENT', lastError: SKIPPED_NOTIFICATIONS_OFF });
    expect(mailsTo(shopper, 'NEW_OFFER')).toHaveLength(0);
    // An account's own mail still goes out.
    expect(mailsTo(shopper, 'EMAIL_VERIFICATION')).toHaveLength(1);
  });
});

describe('what the queue keeps', () => {
  it('a reset or verification mail whose link was used or expired before it went out is not sent, its token cleared', async () => {
    const quiet = await createTestApp(testDb.database);
    apps.push(quiet);
    const account = await signUp(quiet);
    const moved = `moved-${account.email}`;
    await issueLink(quiet, account.userId, 'PASSWORD_RESET', account.email, 'expired-reset');
    await quiet.db.execute(sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashLinkToken('expired-reset')}`);
    await issueLink(quiet, account.userId, 'EMAIL_VERIFICATION', moved, 'used-verification');
    await quiet.db.execute(sql`UPDATE account_tokens SET used_at = now() WHERE token_hash = ${hashLinkToken('used-verification')}`);
    await issueLink(quiet, account.userId, 'PASSWORD_RESET', account.email, 'live-reset');
    const queue = async (kind: 'PASSWORD_RESET' | 'EMAIL_VERIFICATION', toAddress: string, secret: string) => {
      const [row] = await quiet.db
        .insert(mailOutbox)
        .values({ userId: account.userId, toAddress, kind, payload: kind === 'PASSWORD_RESET' ? { username: account.username } : { email: toAddress }, secret })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('not queued');
      return row.id;
    };
    const expired = await queue('PASSWORD_RESET', account.email, 'expired-reset');
    const used = await queue('EMAIL_VERIFICATION', moved, 'used-verification');
    const live = await queue('PASSWORD_RESET', account.email, 'live-reset');

    const app = await mailApp();
    await app.mailer.drain();
    for (const id of [expired, used]) {
      expect(await outboxRow(app, id)).toMatchObject({ status: 'SENT', secret: null, lastError: SKIPPED_LINK_ENDED });
    }
    expect(await outboxRow(app, live)).toMatchObject({ status: 'SENT', secret: null, lastError: null });
    const resets = smtp.messages.filter((mail) => mail.envelopeTo.includes(account.email) && mail.headers.get('x-qrib-mail')?.toString().startsWith('PASSWORD_RESET-'));
    expect(resets.map((mail) => linkIn(mail, '/reset-password'))).toEqual(['http://localhost:3000/reset-password?token=live-reset']);
    expect(smtp.messages.filter((mail) => mail.envelopeTo.includes(moved))).toHaveLength(0);
  });

  it('the sweep deletes SENT and FAILED mails queued more than OUTBOX_FILE_DAYS ago, with SMTP_URL too', async () => {
    const app = await mailApp();
    const account = await signUp(app);
    await app.mailer.drain();
    const queue = async (status: 'PENDING' | 'SENT' | 'FAILED', daysAgo: number) => {
      const [row] = await app.db
        .insert(mailOutbox)
        .values({
          userId: account.userId,
          toAddress: account.email,
          kind: 'PASSWORD_CHANGED',
          payload: { username: account.username },
          status,
          // A pending one not due yet, so the mailer leaves it alone.
          nextAttemptAt: sql`now() + interval '1 day'`,
          createdAt: sql`now() - ${`${daysAgo} days`}::interval`,
        })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('not queued');
      return row.id;
    };
    const oldSent = await queue('SENT', OUTBOX_FILE_DAYS + 1);
    const oldFailed = await queue('FAILED', OUTBOX_FILE_DAYS + 1);
    const oldPending = await queue('PENDING', OUTBOX_FILE_DAYS + 1);
    const recentSent = await queue('SENT', OUTBOX_FILE_DAYS - 1);
    expect(await app.mailer.sweepOutbox()).toBe(0);
    const left = await selectRows<{ id: number }>(app.db, sql`SELECT id FROM mail_outbox WHERE user_id = ${account.userId} ORDER BY id`);
    const ids = left.map((row) => Number(row.id));
    expect(ids).not.toContain(oldSent);
    expect(ids).not.toContain(oldFailed);
    expect(ids).toEqual(expect.arrayContaining([oldPending, recentSent]));
  });
});

describe('nothing is lost', () => {
  it('a mail queued while no worker runs is delivered by the next app that starts with one', async () => {
    const first = await createTestApp(testDb.database);
    const account = await signUp(first);
    await enqueueMail(first.db, { userId: account.userId, toAddress: account.email, kind: 'PASSWORD_CHANGED', payload: { username: account.username } });
    await first.mailer.drain();
    await first.close();
    expect(mailsTo(account, 'PASSWORD_CHANGED')).toHaveLength(0);

    const second = await mailApp();
    await second.mailer.drain();
    const [mail] = mailsTo(account, 'PASSWORD_CHANGED');
    expect(mail?.subject).toBe('Your Qrib password was changed');
    expect(mail?.text).toContain(account.username);
  });

  it('a mail whose sender died mid-send (SENDING, its claim lapsed) is sent again; one still claimed is left alone', async () => {
    const app = await mailApp();
    const lapsed = await signUp(app);
    const held = await signUp(app);
    await app.mailer.drain();
    for (const [account, lockedUntil] of [
      [lapsed, sql`now() - interval '1 minute'`],
      [held, sql`now() + interval '5 minutes'`],
    ] as const) {
      await app.db.insert(mailOutbox).values({
        userId: account.userId,
        toAddress: account.email,
        kind: 'PASSWORD_CHANGED',
        payload: { username: account.username },
        status: 'SENDING',
        attempts: 1,
        lockedUntil,
      });
    }
    await app.mailer.drain();
    expect(mailsTo(lapsed, 'PASSWORD_CHANGED')).toHaveLength(1);
    expect(mailsTo(held, 'PASSWORD_CHANGED')).toHaveLength(0);
    const [row] = await app.db.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, lapsed.email), eq(mailOutbox.kind, 'PASSWORD_CHANGED')));
    expect(row).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('a replica whose claim lapsed and was taken over neither sends the mail nor overwrites what the other one wrote', async () => {
    const app = await createTestApp(testDb.database);
    const account = await signUp(app);
    const queue = createMailQueueRepository(app.db);
    await enqueueMail(app.db, { userId: account.userId, toAddress: account.email, kind: 'PASSWORD_CHANGED', payload: { username: account.username } });
    const [slow] = (await queue.claimDue(50, 60_000)).filter((mail) => mail.toAddress === account.email);
    if (!slow) throw new Error('the mail was not claimed');
    // The slow replica's claim lapses and another replica takes the mail over and sends it.
    await app.db.update(mailOutbox).set({ lockedUntil: sql`now() - interval '1 second'` }).where(eq(mailOutbox.id, slow.id));
    const [taker] = (await queue.claimDue(50, 60_000)).filter((mail) => mail.id === slow.id);
    expect(taker?.attempts).toBe(slow.attempts + 1);
    expect(await queue.renewClaim(slow, 60_000)).toBe(false);
    if (!taker) throw new Error('the lapsed claim was not taken over');
    expect(await queue.renewClaim(taker, 60_000)).toBe(true);
    await queue.markSent(taker);
    // The slow replica's late answers change nothing.
    await queue.markFailed(slow, 'timed out', { isFinal: false, retryInMs: 0 });
    await queue.markSent(slow, 'late');
    const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, slow.id));
    expect(row).toMatchObject({ status: 'SENT', lastError: null, attempts: slow.attempts + 1 });
    await app.close();
  });
});

describe('without SMTP_URL', () => {
  it('says once at start where mails are written', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const outbox = path.join(tmpdir(), `qrib-outbox-log-${process.pid}`);
    const app = await buildApp({
      config: testConfig({ mailSending: true, mailOutboxDir: outbox }),
      database: testDb.database,
      closeDatabase: false,
      logger: { level: 'info', stream },
    });
    apps.push(app);
    await app.ready();
    await app.mailer.drain();
    expect(lines.filter((line) => line.includes(`SMTP_URL is not set: mails are written to ${outbox}`))).toHaveLength(1);
  });

  it('writes each mail as an .eml file in the outbox, and the sweeper deletes those older than OUTBOX_FILE_DAYS', async () => {
    const outbox = mkdtempSync(path.join(tmpdir(), 'qrib-outbox-'));
    try {
      const app = await createTestApp(testDb.database, { mailSending: true, mailOutboxDir: outbox });
      apps.push(app);
      await app.ready();
      const account = await signUp(app);
      await issueLink(app, account.userId, 'EMAIL_VERIFICATION', account.email, 'outbox-token');
      await enqueueMail(app.db, { userId: account.userId, toAddress: account.email, kind: 'EMAIL_VERIFICATION', payload: { email: account.email }, secret: 'outbox-token' });
      await app.mailer.drain();
      const files = readdirSync(outbox).filter((name) => name.includes('-EMAIL_VERIFICATION-')).sort();
      expect(files.length).toBeGreaterThanOrEqual(1);
      const parsed = await Promise.all(files.map(async (name) => simpleParser(await readFile(path.join(outbox, name)))));
      const mail = parsed.find((candidate) => linkIn(candidate, '/verify-email')?.endsWith('outbox-token'));
      if (!mail) throw new Error('no outbox mail with the link');
      expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(account.email);
      expect(mail.subject).toBe('Confirm your email address for Qrib');
      expect(linkIn(mail, '/verify-email')).toBe('http://localhost:3000/verify-email?token=outbox-token');
      expect(files.every((name) => /^\d{8}T\d{6}Z-EMAIL_VERIFICATION-\d+\.eml$/.test(name))).toBe(true);

      const old = path.join(outbox, files[0] ?? '');
      const longAgo = new Date(Date.now() - (OUTBOX_FILE_DAYS + 1) * 86_400_000);
      await utimes(old, longAgo, longAgo);
      expect(await app.mailer.sweepOutbox()).toBe(1);
      expect(readdirSync(outbox)).not.toContain(files[0]);
      expect(await app.mailer.sweepOutbox()).toBe(0);
    } finally {
      rmSync(outbox, { recursive: true, force: true });
    }
  });
});

describe('the weekly report', () => {
  it('is queued on Monday from 08:00 Malta time, once per owner and week even with two app instances, with the dashboard’s four figures', async () => {
    const app = await mailApp();
    const owner = await buildShop(app, { business: { businessName: 'Weekly Bakery' } });
    const quietOwner = await buildShop(app, { business: { businessName: 'Quiet Bakery' } });
    expect((await setPreferences(app, quietOwner, { emailNotifications: false })).statusCode).toBe(200);
    const offerId = await createOffer(app, owner);

    const today = maltaToday();
    const monday = addDays(today, -((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7));
    const weekStart = addDays(monday, -7);
    const weekEnd = addDays(monday, -1);
    // Last week's activity: three shoppers saw it in the feed, two opened it.
    const wednesdayNoon = new Date(maltaMidnight(addDays(weekStart, 2)).getTime() + 12 * 3_600_000);
    const shoppers = [await signUp(app), await signUp(app), await signUp(app)];
    await app.db.insert(offerEvents).values([
      ...shoppers.map((shopper) => ({ offerId, vendorId: owner.vendorId, userId: shopper.userId, kind: 'IMPRESSION' as const, createdAt: wednesdayNoon })),
      ...shoppers.slice(0, 2).map((shopper) => ({ offerId, vendorId: owner.vendorId, userId: shopper.userId, kind: 'VIEW' as const, createdAt: wednesdayNoon })),
    ]);

    const at = (days: number, hours: number, minutes: number) => new Date(maltaMidnight(addDays(monday, days)).getTime() + (hours * 60 + minutes) * 60_000);
    const reportRows = () => app.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `weekly-report:${owner.vendorId}:${weekStart}`));
    // Sunday night and Monday 07:55: nothing yet.
    expect(await app.mailer.queueWeeklyReports(at(-1, 23, 30))).toBe(0);
    expect(await app.mailer.queueWeeklyReports(at(0, 7, 55))).toBe(0);
    expect(await reportRows()).toHaveLength(0);

    const replica = await testDb.openReplica();
    try {
      const other = await createMailTestApp(replica.database, smtp);
      apps.push(other);
      const mondayMorning = at(0, 8, 5);
      await Promise.all([app.mailer.queueWeeklyReports(mondayMorning), other.mailer.queueWeeklyReports(mondayMorning)]);
      await app.mailer.queueWeeklyReports(at(0, 9, 0));
      await other.mailer.queueWeeklyReports(at(0, 9, 0));
    } finally {
      await replica.close().catch(() => undefined);
    }
    const rows = await reportRows();
    expect(rows).toHaveLength(1);
    expect((await app.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, `weekly-report:${quietOwner.vendorId}:${weekStart}`)))).toHaveLength(0);

    const insights = await app.inject({ method: 'GET', url: `/api/v1/vendors/me/insights?period=weekly&from=${weekStart}&to=${weekEnd}`, cookies: owner.cookies });
    expect(insights.statusCode).toBe(200);
    const { metrics } = bodyOf(insights, vendorInsightsResponseSchema).data;
    expect(metrics.usersNearby.value).toBe(3);
    expect(metrics.offersViewed.value).toBe(2);
    expect(rows[0]?.payload).toEqual({
      vendorId: owner.vendorId,
      businessName: 'Weekly Bakery',
      weekStart,
      weekEnd,
      usersNearby: metrics.usersNearby.value,
      offersViewed: metrics.offersViewed.value,
      conversions: metrics.conversions.value,
      avgOrderValue: metrics.avgOrderValue.value,
    });

    await app.mailer.drain();
    const [mail] = mailsTo(owner, 'WEEKLY_REPORT');
    expect(mail?.subject).toBe('Your week on Qrib: Weekly Bakery');
    expect(mail?.text).toContain('Users Nearby: 3');
    expect(mail?.text).toContain('Offers Viewed: 2');
    expect(mail?.text).toContain('Avg. Order Value: €0.00');
    expect(mail && linkIn(mail, '/business-insights')).toBe('http://localhost:3000/business-insights');
    expect(mail && linkIn(mail, '/unsubscribe')).toContain('/unsubscribe?token=');
  });
});

describe('request logs', () => {
  it('never hold a mailed link’s token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = await buildApp({ config: testConfig(), database: testDb.database, closeDatabase: false, logger: { level: 'info', stream } });
    apps.push(app);
    await app.inject({ method: 'GET', url: '/api/v1/auth/verify-email?token=SECRET-TOKEN-123&x=1' });
    const logged = lines.join('\n');
    expect(logged).toContain('/api/v1/auth/verify-email?token=[redacted]&x=1');
    expect(logged).not.toContain('SECRET-TOKEN-123');
  });
});

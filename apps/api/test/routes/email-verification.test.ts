/**
 * A verified address (issue 15): sign-up mails a link, the profile resends it or changes the address (pending until
 * the new one's link is followed, the old one told), and the unsubscribe link turns e-mail notifications off.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, VERIFICATION_MAILS_PER_HOUR, formatMessage } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { hashLinkToken, newLinkToken, unsubscribeToken } from '../../src/domains/mail/mail-links.ts';
import { TEST_JWT_SECRET, signUp, signupBody, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
useTestApp({}, (made) => ({ testDb, app } = made));

type Account = Awaited<ReturnType<typeof signUp>>;

const me = async (account: Account) =>
  (await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: account.cookies })).json<{
    user: { email: string; emailVerified: boolean; pendingEmail: string | null; preferences: { emailNotifications: boolean } };
  }>().user;
const verify = (token: unknown) => app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } });
const resend = (account: Account) => app.inject({ method: 'POST', url: '/api/v1/me/email-verification', cookies: account.cookies });
const changeEmail = (account: Account, email: unknown, password: unknown = account.password) =>
  app.inject({ method: 'POST', url: '/api/v1/me/email', cookies: account.cookies, payload: { email, password } });

function mailsTo(address: string, kind: string) {
  return selectRows<{ user_id: number; payload: Record<string, unknown>; secret: string | null }>(
    testDb.database.db,
    sql`SELECT user_id, payload, secret FROM mail_outbox WHERE lower(to_address) = lower(${address}) AND kind = ${kind} ORDER BY id`,
  );
}
async function verificationTokenFor(address: string): Promise<string> {
  const secret = (await mailsTo(address, 'EMAIL_VERIFICATION')).at(-1)?.secret;
  if (!secret) throw new Error(`no verification mail to ${address}`);
  return secret;
}

describe('sign-up and POST /api/v1/auth/verify-email', () => {
  it('sign-up queues a 48-hour link to the address; following it verifies the account, once', async () => {
    const account = await signUp(app);
    expect(await me(account)).toMatchObject({ emailVerified: false, pendingEmail: null });
    const mails = await mailsTo(account.email, 'EMAIL_VERIFICATION');
    expect(mails).toMatchObject([{ user_id: account.userId, payload: { email: account.email } }]);
    const token = await verificationTokenFor(account.email);
    const [row] = await selectRows<{ token_hash: string; hours: number }>(
      testDb.database.db,
      sql`SELECT token_hash, round(extract(epoch FROM expires_at - created_at) / 3600)::integer AS hours
          FROM account_tokens WHERE user_id = ${account.userId} AND purpose = 'EMAIL_VERIFICATION'`,
    );
    expect(row).toEqual({ token_hash: hashLinkToken(token), hours: 48 });

    const response = await verify(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { email: account.email } });
    expect(await me(account)).toMatchObject({ emailVerified: true });
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'verifyLinkInvalid', message: MESSAGES.verifyLinkInvalid });
  });

  it('sign-up writes the account and its mail together: a mail that cannot be queued leaves no account', async () => {
    const db = testDb.database.db;
    await db.execute(sql`
      CREATE FUNCTION refuse_mail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'mail refused'; END $$
    `);
    await db.execute(sql`CREATE TRIGGER refuse_mail BEFORE INSERT ON mail_outbox FOR EACH ROW EXECUTE FUNCTION refuse_mail()`);
    const body = signupBody();
    try {
      const response = await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body });
      expect(response.statusCode).toBe(500);
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_mail ON mail_outbox`);
      await db.execute(sql`DROP FUNCTION refuse_mail()`);
    }
    const users = await selectRows<{ n: number }>(db, sql`SELECT count(*)::integer AS n FROM users WHERE username = ${body.username}`);
    expect(users).toEqual([{ n: 0 }]);
    // Nothing half-made blocks the same sign-up afterwards.
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: body })).statusCode).toBe(201);
  });

  it('refuses an expired link, an unknown one, and bad input', async () => {
    const account = await signUp(app);
    const token = await verificationTokenFor(account.email);
    await testDb.database.db.execute(sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${account.userId}`);
    expect((await verify(token)).json()).toMatchObject({ code: 'verifyLinkInvalid' });
    expect(await me(account)).toMatchObject({ emailVerified: false });
    expect((await verify(newLinkToken().token)).json()).toMatchObject({ code: 'verifyLinkInvalid' });
    const wrongType = await verify(42);
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ fieldErrors: { token: MESSAGES.verifyLinkInvalid } });
    const missing = await app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: {} });
    expect(missing.json()).toMatchObject({ fieldErrors: { token: MESSAGES.verifyLinkInvalid } });
  });
});

describe('POST /api/v1/me/email-verification', () => {
  it('resends a new link, ending the earlier one; 409 once verified', async () => {
    const account = await signUp(app);
    const first = await verificationTokenFor(account.email);
    const response = await resend(account);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({});
    const second = await verificationTokenFor(account.email);
    expect(second).not.toBe(first);
    expect((await verify(first)).json()).toMatchObject({ code: 'verifyLinkInvalid' });
    expect((await verify(second)).statusCode).toBe(200);
    const verified = await resend(account);
    expect(verified.statusCode).toBe(409);
    expect(verified.json()).toMatchObject({ code: 'emailAlreadyVerified', message: MESSAGES.emailAlreadyVerified });
  });

  it('refuses more than VERIFICATION_MAILS_PER_HOUR mails an hour, changes of address included', async () => {
    const account = await signUp(app);
    expect((await changeEmail(account, `new-${account.email}`)).statusCode).toBe(202);
    for (let mail = 1; mail < VERIFICATION_MAILS_PER_HOUR; mail += 1) expect((await resend(account)).statusCode).toBe(202);
    const flooded = await resend(account);
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json()).toMatchObject({ message: formatMessage(MESSAGES.tooManyVerificationMails, { minutes: 60 }) });
    expect((await changeEmail(account, `other-${account.email}`)).statusCode).toBe(429);
  });
});

describe('POST /api/v1/me/email', () => {
  it('keeps the address until the new one is verified, then swaps it and tells the old one', async () => {
    const account = await signUp(app);
    const newAddress = `moved-${account.email}`;
    const response = await changeEmail(account, newAddress);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { pendingEmail: newAddress } });
    expect(await me(account)).toMatchObject({ email: account.email, pendingEmail: newAddress, emailVerified: false });
    // A resend goes to the pending address.
    expect((await resend(account)).statusCode).toBe(202);
    expect(await mailsTo(newAddress, 'EMAIL_VERIFICATION')).toMatchObject([{ payload: { email: newAddress } }, { payload: { email: newAddress } }]);

    const followed = await verify(await verificationTokenFor(newAddress));
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toEqual({ data: { email: newAddress } });
    expect(await me(account)).toMatchObject({ email: newAddress, pendingEmail: null, emailVerified: true });
    expect(await mailsTo(account.email, 'EMAIL_CHANGED')).toMatchObject([{ user_id: account.userId, payload: { newEmail: newAddress } }]);
    // The sign-up link for the old address is for neither address now.
    expect((await verify(await verificationTokenFor(account.email))).json()).toMatchObject({ code: 'verifyLinkInvalid' });
  });

  it('refuses a wrong password, the same address, another account’s address and malformed input on their fields', async () => {
    const account = await signUp(app);
    const other = await signUp(app);
    const wrong = await changeEmail(account, `x-${account.email}`, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fieldErrors: { password: MESSAGES.passwordIncorrect } });
    const same = await changeEmail(account, account.email.toUpperCase());
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ fieldErrors: { email: MESSAGES.emailUnchanged } });
    const taken = await changeEmail(account, other.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ fieldErrors: { email: MESSAGES.emailInUse } });
    const malformed = await changeEmail(account, 'nope', 7);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ fieldErrors: { email: MESSAGES.invalidEmail, password: MESSAGES.passwordIncorrect } });
    expect(await me(account)).toMatchObject({ email: account.email, pendingEmail: null });
  });

  it('answers 409 emailInUse when another account took the address before the link was followed', async () => {
    const account = await signUp(app);
    const newAddress = `wanted-${account.email}`;
    await changeEmail(account, newAddress);
    const token = await verificationTokenFor(newAddress);
    await signUp(app, { email: newAddress });
    const response = await verify(token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ fieldErrors: { email: MESSAGES.emailInUse } });
    expect(await me(account)).toMatchObject({ email: account.email });
  });
});

describe('/api/v1/auth/unsubscribe', () => {
  it('turns e-mail notifications off with the JSON token, without a session or Origin check', async () => {
    const account = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/unsubscribe',
      headers: { origin: 'https://mail.example.net' },
      payload: { token: unsubscribeToken(TEST_JWT_SECRET, account.userId) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { emailNotifications: false } });
    expect((await me(account)).preferences.emailNotifications).toBe(false);
  });

  it('takes the RFC 8058 one-click form post with the token in the query string', async () => {
    const account = await signUp(app);
    const token = unsubscribeToken(TEST_JWT_SECRET, account.userId);
    const response = await app.inject({
      method: 'POST',
      url: `/api/v1/auth/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect((await me(account)).preferences.emailNotifications).toBe(false);
  });

  it('refuses a bad token, and reads form bodies nowhere else', async () => {
    const account = await signUp(app);
    const forged = `${account.userId}.${'A'.repeat(43)}`;
    for (const token of [forged, 'garbage', unsubscribeToken('another-secret-that-is-long-enough', account.userId)]) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/auth/unsubscribe', payload: { token } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: MESSAGES.unsubscribeLinkInvalid });
    }
    const noToken = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toMatchObject({ message: MESSAGES.unsubscribeLinkInvalid });
    expect((await me(account)).preferences.emailNotifications).toBe(true);
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=a&password=b',
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('GET redirects to the web screen and never unsubscribes', async () => {
    const account = await signUp(app);
    const token = unsubscribeToken(TEST_JWT_SECRET, account.userId);
    const response = await app.inject({ method: 'GET', url: `/api/v1/auth/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect((await me(account)).preferences.emailNotifications).toBe(true);
  });
});

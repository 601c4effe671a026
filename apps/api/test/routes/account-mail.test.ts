/**
 * Account access with real mail (issue 15, "Done when"): the mails go out over SMTP (a real smtp-server, test/mail.ts)
 * and the tests follow the links they carry: a password reset, the sign-up verification, a change of address and a
 * change of password.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_LINK_PATHS } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { createTestDatabase, signUp, type TestDatabase } from '../helpers.ts';
import { createMailTestApp, linkIn, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../mail.ts';

let testDb: TestDatabase;
let smtp: TestSmtpServer;
let app: App;

beforeAll(async () => {
  testDb = await createTestDatabase();
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await testDb.drop();
});
beforeAll(async () => {
  app = await createMailTestApp(testDb.database, smtp);
  await app.ready();
});
afterEach(async () => {
  await app.mailer.drain();
});
afterAll(async () => {
  await app.close();
});

const NEW_PASSWORD = 'Mailed-Secret-31';

const me = (token: string) => app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
const login = (username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });

/** The mail to `address` whose text carries a link to `path` (sent by the mailer, read off the SMTP server). */
async function mailWithLink(address: string, path: string, after = 0): Promise<{ mail: ReceivedMail; token: string }> {
  await app.mailer.drain();
  const mail = await smtp.waitForMail(
    (each) => smtp.messages.indexOf(each) >= after && each.envelopeTo.includes(address) && linkIn(each, path) !== undefined,
  );
  const link = linkIn(mail, path);
  const token = link === undefined ? null : new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in the ${path} link`);
  expect(new URL(link ?? '').origin).toBe('http://localhost:3000');
  return { mail, token };
}

/** A notice to `address` (no reset or verification link: not the sign-up mail, which may arrive late). */
async function noticeTo(address: string, after: number): Promise<ReceivedMail> {
  await app.mailer.drain();
  return smtp.waitForMail(
    (each) =>
      smtp.messages.indexOf(each) >= after &&
      each.envelopeTo.includes(address) &&
      linkIn(each, MAIL_LINK_PATHS.verifyEmail) === undefined &&
      linkIn(each, MAIL_LINK_PATHS.resetPassword) === undefined,
  );
}

describe('with real mail', () => {
  it('reset: the link in the mail sets the password, logs in, and ends the old session and password', async () => {
    const account = await signUp(app);
    const before = smtp.messages.length;
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email: account.email } })).statusCode).toBe(202);
    const { mail, token } = await mailWithLink(account.email, MAIL_LINK_PATHS.resetPassword, before);
    expect(mail.text).toContain(account.username);
    const confirmed = await app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload: { token, password: NEW_PASSWORD } });
    expect(confirmed.statusCode).toBe(200);
    const session = confirmed.json<{ token: string }>().token;
    expect((await me(session)).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: account.cookies })).statusCode).toBe(401);
    expect((await login(account.username, account.password)).statusCode).toBe(401);
    expect((await login(account.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('sign-up: following the verification mail marks the address verified', async () => {
    const before = smtp.messages.length;
    const account = await signUp(app);
    const { token } = await mailWithLink(account.email, MAIL_LINK_PATHS.verifyEmail, before);
    expect((await me(account.token)).json()).toMatchObject({ user: { emailVerified: false } });
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } })).statusCode).toBe(200);
    expect((await me(account.token)).json()).toMatchObject({ user: { emailVerified: true } });
  });

  it('change of address: the mail to the new one verifies it, and the old one is told', async () => {
    const account = await signUp(app);
    const newAddress = `moved-${account.email}`;
    const before = smtp.messages.length;
    const change = await app.inject({
      method: 'POST',
      url: '/api/v1/me/email',
      cookies: account.cookies,
      payload: { email: newAddress, password: account.password },
    });
    expect(change.statusCode).toBe(202);
    const { token } = await mailWithLink(newAddress, MAIL_LINK_PATHS.verifyEmail, before);
    const afterLink = smtp.messages.length;
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token } })).statusCode).toBe(200);
    expect((await me(account.token)).json()).toMatchObject({ user: { email: newAddress, emailVerified: true, pendingEmail: null } });
    const notice = await noticeTo(account.email, afterLink);
    expect(notice.text).toContain(newAddress);
  });

  it('change of password: a notice arrives, the other session ends and this one stays', async () => {
    const account = await signUp(app);
    const other = (await login(account.username, account.password)).json<{ token: string }>().token;
    const before = smtp.messages.length;
    const change = await app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      cookies: account.cookies,
      payload: { currentPassword: account.password, password: NEW_PASSWORD },
    });
    expect(change.statusCode).toBe(204);
    const notice = await noticeTo(account.email, before);
    expect(notice.text).toContain(account.username);
    expect(notice.text).not.toMatch(/token=/);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(account.token)).statusCode).toBe(200);
  });
});

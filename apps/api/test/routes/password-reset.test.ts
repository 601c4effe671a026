/**
 * Password reset and change of password (issue 15): a link mailed to the account's address, used once within
 * RESET_LINK_MINUTES; every earlier session revoked; the same answer for an unknown address; floods refused. Also the
 * one password confirmation of the signed-in routes (change of password or address, DELETE /me) and its shared limit.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  LOGIN_ATTEMPT_WINDOW_MINUTES,
  LOGIN_ATTEMPTS_PER_USERNAME,
  MESSAGES,
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR,
  PASSWORD_RESETS_PER_IP_PER_HOUR,
  formatMessage,
} from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { hashLinkToken, newLinkToken } from '../../src/domains/mail/mail-links.ts';
import type * as passwords from '../../src/kernel/passwords.ts';
import { hashPassword } from '../../src/kernel/passwords.ts';
import { parseSetCookie, signUp, type TestDatabase, useTestApp } from '../helpers.ts';

// The real hashing, watched: a confirm with a dead link must not pay for it.
vi.mock('../../src/kernel/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

let testDb: TestDatabase;
let app: App;
useTestApp({}, (made) => ({ testDb, app } = made));

const NEW_PASSWORD = 'Another-Secret-42';

// Each request from a network of its own unless a test says otherwise: the per-network limit is shared (PostgreSQL).
let networks = 0;
const anotherNetwork = () => {
  networks += 1;
  return `10.9.${Math.floor(networks / 250)}.${(networks % 250) + 1}`;
};
const requestReset = (email: unknown, remoteAddress = anotherNetwork()) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email }, remoteAddress });
const confirm = (token: unknown, password: unknown = NEW_PASSWORD, remoteAddress = anotherNetwork()) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload: { token, password }, remoteAddress });
const me = (token: string) => app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { authorization: `Bearer ${token}` } });
const login = (username: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });

function mailsTo(address: string, kind: string) {
  return selectRows<{ user_id: number; kind: string; payload: Record<string, unknown>; secret: string | null }>(
    testDb.database.db,
    sql`SELECT user_id, kind, payload, secret FROM mail_outbox WHERE lower(to_address) = lower(${address}) AND kind = ${kind} ORDER BY id`,
  );
}
async function resetTokenOf(address: string): Promise<string> {
  const mails = await mailsTo(address, 'PASSWORD_RESET');
  const secret = mails.at(-1)?.secret;
  if (!secret) throw new Error('no reset mail');
  return secret;
}

describe('POST /api/v1/auth/password-reset', () => {
  it('stores only the hash of a new token, ends the earlier one and queues the mail with the raw token', async () => {
    const account = await signUp(app);
    const first = await requestReset(account.email.toUpperCase());
    expect(first.statusCode).toBe(202);
    expect(first.body).toBe('');
    expect(await requestReset(account.email)).toMatchObject({ statusCode: 202, body: '' });
    const mails = await mailsTo(account.email, 'PASSWORD_RESET');
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({ user_id: account.userId, payload: { username: account.username } });
    const rows = await selectRows<{ token_hash: string; used: boolean; minutes: number }>(
      testDb.database.db,
      sql`SELECT token_hash, used_at IS NOT NULL AS used, round(extract(epoch FROM expires_at - created_at) / 60)::integer AS minutes
          FROM account_tokens WHERE user_id = ${account.userId} AND purpose = 'PASSWORD_RESET' ORDER BY id`,
    );
    expect(rows.map((row) => ({ used: row.used, minutes: row.minutes }))).toEqual([
      { used: true, minutes: 30 },
      { used: false, minutes: 30 },
    ]);
    expect(rows.map((row) => row.token_hash)).toEqual(mails.map((mail) => hashLinkToken(mail.secret ?? '')));
    // The first link ended when the second was asked for.
    expect((await confirm(mails[0]?.secret)).json()).toMatchObject({ message: MESSAGES.resetLinkInvalid });
  });

  it('answers an unknown address the same, with no mail and no token', async () => {
    const count = () =>
      selectRows<{ tokens: number; mails: number }>(
        testDb.database.db,
        sql`SELECT (SELECT count(*)::integer FROM account_tokens) AS tokens, (SELECT count(*)::integer FROM mail_outbox) AS mails`,
      );
    const before = await count();
    const response = await requestReset('nobody@example.com');
    expect(response.statusCode).toBe(202);
    expect(response.body).toBe('');
    expect(response.headers['content-length']).toBe('0');
    expect(await count()).toEqual(before);
  });

  it('never matches the pseudonymous row of a deleted account', async () => {
    const account = await signUp(app);
    await testDb.database.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${account.userId}`);
    expect((await requestReset(account.email)).statusCode).toBe(202);
    expect(await mailsTo(account.email, 'PASSWORD_RESET')).toEqual([]);
  });

  it('refuses a malformed address and wrong types with the field message', async () => {
    const malformed = await requestReset('not-an-address');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ fieldErrors: { email: MESSAGES.invalidEmail } });
    const wrongType = await requestReset(42);
    expect(wrongType.statusCode).toBe(400);
    expect(Object.keys(wrongType.json<{ fieldErrors: object }>().fieldErrors)).toEqual(['email']);
  });

  it('answers malformed requests 400 however many, without a shared per-address count (the per-network one still counts)', async () => {
    for (let attempt = 0; attempt <= PASSWORD_RESETS_PER_ADDRESS_PER_HOUR + 1; attempt += 1) {
      const malformed = await requestReset(attempt % 2 === 0 ? 'not-an-address' : 42);
      expect(malformed.statusCode).toBe(400);
    }
    for (let attempt = 0; attempt < PASSWORD_RESETS_PER_IP_PER_HOUR; attempt += 1) {
      expect((await requestReset('not-an-address', '10.0.3.3')).statusCode).toBe(400);
    }
    expect((await requestReset('not-an-address', '10.0.3.3')).json()).toMatchObject({ statusCode: 429, code: 'tooManyPasswordResets' });
  });

  it('refuses a flood per address (any case) and per network with tooManyPasswordResets and Retry-After', async () => {
    const account = await signUp(app);
    for (let attempt = 0; attempt < PASSWORD_RESETS_PER_ADDRESS_PER_HOUR; attempt += 1) {
      expect((await requestReset(account.email, `10.0.0.${attempt + 1}`)).statusCode).toBe(202);
    }
    const flooded = await requestReset(account.email.toUpperCase(), '10.0.1.1');
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json()).toMatchObject({ message: formatMessage(MESSAGES.tooManyPasswordResets, { minutes: 60 }) });
    expect(Number(flooded.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(account.email, 'PASSWORD_RESET')).toHaveLength(PASSWORD_RESETS_PER_ADDRESS_PER_HOUR);

    for (let attempt = 0; attempt < PASSWORD_RESETS_PER_IP_PER_HOUR; attempt += 1) {
      expect((await requestReset(`someone${attempt}@example.com`, '10.0.2.2')).statusCode).toBe(202);
    }
    const fromNetwork = await requestReset('yet-another@example.com', '10.0.2.2');
    expect(fromNetwork.statusCode).toBe(429);
    expect(fromNetwork.json()).toMatchObject({ code: 'tooManyPasswordResets' });
  });
});

describe('POST /api/v1/auth/password-reset/confirm', () => {
  it('sets the password, revokes every earlier session, starts a new one like login and verifies the address', async () => {
    const account = await signUp(app);
    const other = await login(account.username, account.password);
    const otherToken = other.json<{ token: string }>().token;
    // Both sessions in use (and cached by this replica) before the reset.
    expect((await me(account.token)).statusCode).toBe(200);
    expect((await me(otherToken)).statusCode).toBe(200);
    await requestReset(account.email);
    const response = await confirm(await resetTokenOf(account.email));
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; username: string }>();
    expect(body.username).toBe(account.username);
    expect(parseSetCookie(response.headers['set-cookie'], 'auth_token')?.value).toBe(body.token);
    expect((await me(account.token)).statusCode).toBe(401);
    expect((await me(otherToken)).statusCode).toBe(401);
    const fresh = await me(body.token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ user: { emailVerified: true } });
    expect((await login(account.username, account.password)).statusCode).toBe(401);
    expect((await login(account.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('opens nothing once the account has left the address the link was mailed to', async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    const token = await resetTokenOf(account.email);
    await testDb.database.db.execute(sql`UPDATE users SET email = 'moved@example.com' WHERE id = ${account.userId}`);
    const response = await confirm(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'resetLinkInvalid', message: MESSAGES.resetLinkInvalid });
    expect((await login(account.username, account.password)).statusCode).toBe(200);
  });

  it('ends the reset links mailed to the old address when a change of address is verified', async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    const oldMailboxLink = await resetTokenOf(account.email);
    const newAddress = `moved-${account.email}`;
    const changed = await app.inject({ method: 'POST', url: '/api/v1/me/email', cookies: account.cookies, payload: { email: newAddress, password: account.password } });
    expect(changed.statusCode).toBe(202);
    const [verification] = (await mailsTo(newAddress, 'EMAIL_VERIFICATION')).map((mail) => mail.secret);
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token: verification } })).statusCode).toBe(200);
    const response = await confirm(oldMailboxLink);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'resetLinkInvalid' });
    expect((await login(account.username, account.password)).statusCode).toBe(200);
  });

  it('works once: a second confirm, even a concurrent one, is resetLinkInvalid', async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    const token = await resetTokenOf(account.email);
    const [one, two] = await Promise.all([confirm(token), confirm(token, 'Third-Secret-77')]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 400]);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'resetLinkInvalid', message: MESSAGES.resetLinkInvalid });
  });

  it('refuses an expired link and an unknown one', async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    const token = await resetTokenOf(account.email);
    await testDb.database.db.execute(sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${account.userId}`);
    const expired = await confirm(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'resetLinkInvalid' });
    expect((await login(account.username, NEW_PASSWORD)).statusCode).toBe(401);
    expect((await confirm(newLinkToken().token)).json()).toMatchObject({ code: 'resetLinkInvalid' });
  });

  it('refuses a dead link before hashing the new password', async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    const token = await resetTokenOf(account.email);
    await testDb.database.db.execute(sql`UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE user_id = ${account.userId}`);
    vi.mocked(hashPassword).mockClear();
    expect((await confirm(token)).json()).toMatchObject({ code: 'resetLinkInvalid' });
    expect((await confirm(newLinkToken().token)).json()).toMatchObject({ code: 'resetLinkInvalid' });
    expect(hashPassword).not.toHaveBeenCalled();
    await requestReset(account.email);
    expect((await confirm(await resetTokenOf(account.email))).statusCode).toBe(200);
    expect(hashPassword).toHaveBeenCalledTimes(1);
  });

  it('refuses too many confirms from one network with tooManyRequests and Retry-After, malformed ones included', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const refused = await confirm(attempt % 2 === 0 ? newLinkToken().token : 12, NEW_PASSWORD, '10.0.4.4');
      expect(refused.statusCode).toBe(400);
    }
    const limited = await confirm(newLinkToken().token, NEW_PASSWORD, '10.0.4.4');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: formatMessage(MESSAGES.tooManyRequests, { minutes: 15 }) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await confirm(newLinkToken().token, NEW_PASSWORD, '10.0.4.5')).statusCode).toBe(400);
  });

  it('ends a pending change of address and every other link of the account', async () => {
    const account = await signUp(app);
    const intruderAddress = `intruder-${account.email}`;
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/me/email', cookies: account.cookies, payload: { email: intruderAddress, password: account.password } })).statusCode,
    ).toBe(202);
    const [intruderLink] = (await mailsTo(intruderAddress, 'EMAIL_VERIFICATION')).map((mail) => mail.secret);
    await requestReset(account.email);
    const reset = await confirm(await resetTokenOf(account.email));
    expect(reset.statusCode).toBe(200);
    const verified = await app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token: intruderLink } });
    expect(verified.statusCode).toBe(400);
    expect(verified.json()).toMatchObject({ code: 'verifyLinkInvalid' });
    expect((await me(reset.json<{ token: string }>().token)).json()).toMatchObject({ user: { email: account.email, pendingEmail: null } });
    const unused = await selectRows<{ n: number }>(
      testDb.database.db,
      sql`SELECT count(*)::integer AS n FROM account_tokens WHERE user_id = ${account.userId} AND used_at IS NULL`,
    );
    expect(unused).toEqual([{ n: 0 }]);
  });

  it('refuses a weak password with the sign-up message and keeps the link', async () => {
    const account = await signUp(app);
    await requestReset(account.email);
    const token = await resetTokenOf(account.email);
    const weak = await confirm(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ fieldErrors: { password: MESSAGES.signupPasswordRule } });
    expect((await confirm(token)).statusCode).toBe(200);
  });

  it('refuses missing fields and wrong types with field messages', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/v1/auth/password-reset/confirm', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fieldErrors: { token: MESSAGES.resetLinkInvalid, password: MESSAGES.signupPasswordRule } });
    const wrongTypes = await confirm(12, true);
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json()).toMatchObject({ fieldErrors: { token: MESSAGES.resetLinkInvalid, password: MESSAGES.signupPasswordRule } });
  });
});

describe('POST /api/v1/me/password', () => {
  const change = (cookies: Record<string, string>, currentPassword: unknown, password: unknown = NEW_PASSWORD) =>
    app.inject({ method: 'POST', url: '/api/v1/me/password', cookies, payload: { currentPassword, password } });

  it('changes the password, revokes every other session, keeps this one and queues the notice', async () => {
    const account = await signUp(app);
    const other = (await login(account.username, account.password)).json<{ token: string }>().token;
    expect((await me(other)).statusCode).toBe(200);
    const response = await change(account.cookies, account.password);
    expect(response.statusCode).toBe(204);
    expect((await me(account.token)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(account.username, NEW_PASSWORD)).statusCode).toBe(200);
    expect(await mailsTo(account.email, 'PASSWORD_CHANGED')).toMatchObject([{ payload: { username: account.username }, secret: null }]);
  });

  it('ends a pending change of address and every unused link, outstanding reset links included', async () => {
    const account = await signUp(app);
    const intruderAddress = `intruder-${account.email}`;
    expect(
      (await app.inject({ method: 'POST', url: '/api/v1/me/email', cookies: account.cookies, payload: { email: intruderAddress, password: account.password } })).statusCode,
    ).toBe(202);
    const [intruderLink] = (await mailsTo(intruderAddress, 'EMAIL_VERIFICATION')).map((mail) => mail.secret);
    await requestReset(account.email);
    const resetLink = await resetTokenOf(account.email);
    expect((await change(account.cookies, account.password)).statusCode).toBe(204);
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/verify-email', payload: { token: intruderLink } })).json()).toMatchObject({
      statusCode: 400,
      code: 'verifyLinkInvalid',
    });
    expect((await confirm(resetLink, 'Third-Secret-77')).json()).toMatchObject({ statusCode: 400, code: 'resetLinkInvalid' });
    expect((await me(account.token)).json()).toMatchObject({ user: { email: account.email, pendingEmail: null } });
    expect((await login(account.username, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong current password on its field, and too many of them', async () => {
    const account = await signUp(app);
    const wrong = await change(account.cookies, 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ fieldErrors: { currentPassword: MESSAGES.passwordIncorrect } });
    let last = wrong;
    for (let attempt = 0; attempt < 20 && last.statusCode !== 429; attempt += 1) last = await change(account.cookies, 'not-my-password');
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ code: 'tooManyLoginAttempts' });
    // Even the right one is refused now, so the route tells a guesser nothing.
    expect((await change(account.cookies, account.password)).statusCode).toBe(429);
    expect(await mailsTo(account.email, 'PASSWORD_CHANGED')).toEqual([]);
  });

  it('counts each attempt before judging it, so concurrent guesses cannot get past the limit', async () => {
    const account = await signUp(app);
    const answers = await Promise.all(Array.from({ length: 2 * LOGIN_ATTEMPTS_PER_USERNAME }, () => change(account.cookies, 'not-my-password')));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(LOGIN_ATTEMPTS_PER_USERNAME);
    expect(statuses.filter((status) => status === 429)).toHaveLength(LOGIN_ATTEMPTS_PER_USERNAME);
  });

  it('shares one count and one answer with the change of address and DELETE /me', async () => {
    const account = await signUp(app);
    const changeEmail = (password: string) =>
      app.inject({ method: 'POST', url: '/api/v1/me/email', cookies: account.cookies, payload: { email: `moved-${account.email}`, password } });
    const deleteMe = (password: string) => app.inject({ method: 'DELETE', url: '/api/v1/me', cookies: account.cookies, payload: { password } });
    const wrongEmail = await changeEmail('not-my-password');
    expect(wrongEmail.json()).toMatchObject({ statusCode: 400, fieldErrors: { password: MESSAGES.passwordIncorrect } });
    const wrongDelete = await deleteMe('not-my-password');
    expect(wrongDelete.json()).toMatchObject({ statusCode: 400, fieldErrors: { password: MESSAGES.passwordIncorrect } });
    for (let attempt = 2; attempt < LOGIN_ATTEMPTS_PER_USERNAME; attempt += 1) {
      expect((await change(account.cookies, 'not-my-password')).statusCode).toBe(400);
    }
    const limited = formatMessage(MESSAGES.tooManyLoginAttempts, { minutes: LOGIN_ATTEMPT_WINDOW_MINUTES });
    for (const refused of [await change(account.cookies, account.password), await changeEmail(account.password), await deleteMe(account.password)]) {
      expect(refused.json()).toMatchObject({ statusCode: 429, code: 'tooManyLoginAttempts', message: limited });
    }
    expect((await me(account.token)).statusCode).toBe(200);
  });

  it('refuses a weak new password with the sign-up message, and missing fields', async () => {
    const account = await signUp(app);
    const weak = await change(account.cookies, account.password, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ fieldErrors: { password: MESSAGES.signupPasswordRule } });
    const missing = await app.inject({ method: 'POST', url: '/api/v1/me/password', cookies: account.cookies, payload: {} });
    expect(missing.json()).toMatchObject({ fieldErrors: { currentPassword: MESSAGES.passwordIncorrect, password: MESSAGES.signupPasswordRule } });
    expect((await login(account.username, account.password)).statusCode).toBe(200);
  });
});

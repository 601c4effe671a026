/**
 * Issue 29 §1, first part: a device's web push subscription and the VAPID key pair. POST saves it (201, 200 the same
 * endpoint again), every bad input is refused with its message and writes nothing, DELETE removes the account's own
 * only; logging out of the device, logging out everywhere, a change of password and deleting the account remove it;
 * GET /config answers one public key on every replica (the pair kept in the database, or the configured one).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, loginResponseSchema } from '@qrib/shared';
import { clientConfigResponseSchema } from '@qrib/shared/client-config-schemas';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { bodyOf, createTestApp, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let app: App;
let testDb: TestDatabase;
useTestApp({}, (made) => ({ app, testDb } = made));

type Account = { cookies: Record<string, string>; userId: number };

/** A subscription as a browser's PushManager gives it: a real P-256 public key and 16 random bytes. */
function browserSubscription(host = 'fcm.googleapis.com') {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const point = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65);
  return {
    endpoint: `https://${host}/fcm/send/${randomBytes(12).toString('base64url')}`,
    keys: { p256dh: point.toString('base64url'), auth: randomBytes(16).toString('base64url') },
    expirationTime: null,
  };
}

const subscribe = (account: Account, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/v1/me/push-subscriptions', cookies: account.cookies, payload: payload as object });
const unsubscribe = (account: Account, payload: unknown) =>
  app.inject({ method: 'DELETE', url: '/api/v1/me/push-subscriptions', cookies: account.cookies, payload: payload as object });

async function rowsOf(userId: number) {
  return selectRows<{ endpoint: string }>(testDb.database.db, sql`SELECT endpoint FROM push_subscriptions WHERE user_id = ${userId} ORDER BY id`);
}

/** Another session of the account (another device). */
async function logIn(account: { username: string; password: string; userId: number }): Promise<Account> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: account.username, password: account.password } });
  return { cookies: { auth_token: bodyOf(response, loginResponseSchema).token }, userId: account.userId };
}

describe('POST and DELETE /api/v1/me/push-subscriptions', () => {
  it('saves a device’s subscription (201), the same endpoint again is 200, and DELETE removes it (204)', async () => {
    const shopper = await signUp(app);
    const device = browserSubscription();
    const first = await subscribe(shopper, device);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ endpoint: device.endpoint, expirationTime: null });
    const again = await subscribe(shopper, { ...device, expirationTime: Date.UTC(2027, 0, 1) });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ endpoint: device.endpoint, expirationTime: '2027-01-01T00:00:00.000Z', createdAt: first.json().data.createdAt });
    expect(await rowsOf(shopper.userId)).toEqual([{ endpoint: device.endpoint }]);

    expect((await unsubscribe(shopper, { endpoint: device.endpoint })).statusCode).toBe(204);
    expect(await rowsOf(shopper.userId)).toEqual([]);
    const gone = await unsubscribe(shopper, { endpoint: device.endpoint });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'pushSubscriptionNotFound', message: MESSAGES.pushSubscriptionNotFound });
  });

  it('refuses an http endpoint, a non-URL, bad keys and missing fields with what to fix, and saves nothing', async () => {
    const shopper = await signUp(app);
    const good = browserSubscription();
    const cases: [unknown, string, string][] = [
      [{ ...good, endpoint: good.endpoint.replace('https:', 'http:') }, 'endpoint', MESSAGES.pushEndpointInvalid],
      [{ ...good, endpoint: 'not a url' }, 'endpoint', MESSAGES.pushEndpointInvalid],
      [{ ...good, endpoint: 'https://user:secret@fcm.googleapis.com/x' }, 'endpoint', MESSAGES.pushEndpointInvalid],
      [{ ...good, endpoint: `https://fcm.googleapis.com/${'a'.repeat(2100)}` }, 'endpoint', MESSAGES.pushEndpointInvalid],
      [{ keys: good.keys }, 'endpoint', MESSAGES.pushEndpointInvalid],
      [{ ...good, keys: { ...good.keys, p256dh: randomBytes(33).toString('base64url') } }, 'keys', MESSAGES.pushKeysInvalid],
      [{ ...good, keys: { ...good.keys, auth: 'not base64!' } }, 'keys', MESSAGES.pushKeysInvalid],
      [{ ...good, keys: { p256dh: good.keys.p256dh } }, 'keys', MESSAGES.pushKeysInvalid],
      [{ endpoint: good.endpoint }, 'keys', MESSAGES.pushKeysInvalid],
      [{ ...good, expirationTime: 'soon' }, 'expirationTime', MESSAGES.pushKeysInvalid],
    ];
    for (const [payload, field, message] of cases) {
      const response = await subscribe(shopper, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().fieldErrors[field], field).toBe(message);
    }
    expect(await rowsOf(shopper.userId)).toEqual([]);
    expect((await app.inject({ method: 'POST', url: '/api/v1/me/push-subscriptions', payload: good })).statusCode).toBe(401);
  });

  it('removes nobody else’s subscription, and moves an endpoint to the account that subscribes with it', async () => {
    const one = await signUp(app);
    const other = await signUp(app);
    const device = browserSubscription();
    expect((await subscribe(one, device)).statusCode).toBe(201);
    expect((await unsubscribe(other, { endpoint: device.endpoint })).statusCode).toBe(404);
    expect(await rowsOf(one.userId)).toEqual([{ endpoint: device.endpoint }]);
    // The same browser, now signed in as the other person: pushes go to them, no longer to the first.
    expect((await subscribe(other, device)).statusCode).toBe(201);
    expect(await rowsOf(one.userId)).toEqual([]);
    expect(await rowsOf(other.userId)).toEqual([{ endpoint: device.endpoint }]);
  });

  it('goes with the device’s logout, with log out everywhere, with a change of password, and with the account', async () => {
    const account = await signUp(app);
    const phone = await logIn(account);
    const laptop = await logIn(account);
    const [phoneDevice, laptopDevice] = [browserSubscription(), browserSubscription('updates.push.services.mozilla.com')];
    expect((await subscribe(phone, phoneDevice)).statusCode).toBe(201);
    expect((await subscribe(laptop, laptopDevice)).statusCode).toBe(201);

    // Logging out of the phone ends the phone's pushes only.
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/logout', cookies: phone.cookies })).statusCode).toBe(204);
    expect(await rowsOf(account.userId)).toEqual([{ endpoint: laptopDevice.endpoint }]);

    // A change of password logs the other devices out, and ends their pushes; this session's stay.
    const desk = await logIn(account);
    const deskDevice = browserSubscription('web.push.apple.com');
    expect((await subscribe(desk, deskDevice)).statusCode).toBe(201);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/v1/me/password',
      cookies: desk.cookies,
      payload: { currentPassword: account.password, password: 'a-new-password-2026' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect(await rowsOf(account.userId)).toEqual([{ endpoint: deskDevice.endpoint }]);

    // Log out everywhere ends them all.
    expect((await subscribe(desk, laptopDevice)).statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: '/api/v1/auth/logout-all', cookies: desk.cookies })).statusCode).toBe(204);
    expect(await rowsOf(account.userId)).toEqual([]);

    // Deleting the account takes its subscriptions with it.
    const leaving = await signUp(app);
    expect((await subscribe(leaving, browserSubscription())).statusCode).toBe(201);
    const deleted = await app.inject({ method: 'DELETE', url: '/api/v1/me', cookies: leaving.cookies, payload: { password: leaving.password } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await rowsOf(leaving.userId)).toEqual([]);
  });
});

describe('the VAPID key pair', () => {
  it('is made once and kept: GET /config answers the same public key from a second app on the same database', async () => {
    const config = bodyOf(await app.inject({ method: 'GET', url: '/api/v1/config' }), clientConfigResponseSchema).data;
    expect(config.pushPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const replica = await testDb.openReplica();
    const second = await createTestApp(replica.database);
    try {
      const again = bodyOf(await second.inject({ method: 'GET', url: '/api/v1/config' }), clientConfigResponseSchema).data;
      expect(again.pushPublicKey).toBe(config.pushPublicKey);
    } finally {
      await second.close();
      await replica.close();
    }
    const [count] = await selectRows<{ n: number }>(testDb.database.db, sql`SELECT count(*)::integer AS n FROM push_vapid_keys`);
    expect(count?.n).toBe(1);
  });

  it('is the configured one when VAPID_* keys are set', async () => {
    const configured = { publicKey: `B${'A'.repeat(86)}`, privateKey: 'C'.repeat(43) };
    const other = await createTestApp(testDb.database, { vapid: configured });
    try {
      const config = bodyOf(await other.inject({ method: 'GET', url: '/api/v1/config' }), clientConfigResponseSchema).data;
      expect(config.pushPublicKey).toBe(configured.publicKey);
    } finally {
      await other.close();
    }
  });
});

/**
 * Issue 29 §1: what is pushed, when, and how it is sent. A real push service of our own (test/push-service.ts) stands
 * for the browsers' and decrypts each payload with the device's key, so every check reads what a phone would show.
 * The pusher runs with an injected clock (quiet hours, the daily cap, the morning's summary); two pushers on two
 * connections to one database stand for two replicas.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, catalogs, formatMessage, maltaMidnight, maltaToday, addDays } from '@qrib/shared';
import { DEFAULT_PUSH_SETTINGS } from '@qrib/shared/push-schemas';
import type { App } from '../../src/app.ts';
import { selectRows, type Db } from '../../src/db/client.ts';
import { createPushQueueRepository } from '../../src/domains/push/repository/push-queue.ts';
import { createPusher, isQuiet, maltaHour, quietEnd, type Pusher } from '../../src/domains/push/pusher.ts';
import { buildShop, createOffer, maltaDay } from '../factories.ts';
import { signUp, useTestApp, type TestDatabase } from '../helpers.ts';
import { startPushService, type TestDevice, type TestPushService } from '../push-service.ts';

let app: App;
let testDb: TestDatabase;
useTestApp({}, (made) => ({ app, testDb } = made));

let service: TestPushService;
beforeAll(async () => {
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
});

const HOUR = 3_600_000;
/**
 * Tomorrow in Malta at `hour` o'clock (and `days` later): the pusher's clock is injected, and it runs after the real
 * now that the queue's rows are written at (`not_before`).
 */
const maltaAt = (hour: number, days = 0) => new Date(maltaMidnight(addDays(maltaToday(), days + 1)).getTime() + hour * HOUR);

type Account = Awaited<ReturnType<typeof signUp>>;

function pusherAt(clock: { now: Date }, db: Db = app.db, batchSize?: number): Pusher {
  return createPusher({
    ...(batchSize ? { batchSize } : {}),
    queue: createPushQueueRepository(db),
    vapid: app.push.vapid,
    allowedHosts: [service.host],
    isSending: true,
    retryBaseMs: 10,
    concurrency: 8,
    log: app.log,
    now: () => clock.now,
  });
}

async function withDevice(account: Account): Promise<TestDevice> {
  const device = service.device();
  const response = await app.inject({ method: 'POST', url: '/api/v1/me/push-subscriptions', cookies: account.cookies, payload: device.subscription });
  expect(response.statusCode, response.body).toBe(201);
  return device;
}

/** A notification written as the domains write them; the trigger queues its push. */
async function notify(userId: number, kind: string, payload: Record<string, unknown>): Promise<void> {
  await app.db.execute(sql`INSERT INTO notifications (user_id, kind, payload) VALUES (${userId}, ${kind}, ${JSON.stringify(payload)}::jsonb)`);
}

async function outbox(userId: number) {
  return selectRows<{ kind: string; status: string; outcome: string | null; held: boolean }>(
    app.db,
    sql`SELECT kind, status, outcome, held FROM push_outbox WHERE user_id = ${userId} ORDER BY id`,
  );
}

const putSettings = (account: Account, payload: unknown) =>
  app.inject({ method: 'PUT', url: '/api/v1/me/push-settings', cookies: account.cookies, payload: payload as object });

const redeemed = (n: number) => ({ claimId: 1000 + n, title: `Offer ${n}`, businessName: 'Café Rubino' });

describe('what is pushed', () => {
  it('a saved shop’s new offer reaches the saver’s device, decrypted as meant, in the saver’s language', async () => {
    const shop = await buildShop(app, { business: { businessName: 'Ħobż tal-Malti' } });
    const saver = await signUp(app);
    const device = await withDevice(saver);
    const first = await createOffer(app, shop);
    expect((await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${first}`, cookies: saver.cookies })).statusCode).toBe(204);
    expect((await app.inject({ method: 'PATCH', url: '/api/v1/me', cookies: saver.cookies, payload: { preferences: { language: 'mt' } } })).statusCode).toBe(200);
    const second = await createOffer(app, shop, { title: 'Ftira b’€2', endDate: maltaDay(1) });
    await app.notifications.notifySaversOfOffer(second);
    await pusherAt({ now: maltaAt(12) }).drain();

    const [push] = service.accepted(device);
    expect(push?.payload).toEqual({
      title: 'Ħobż tal-Malti',
      body: formatMessage(catalogs.mt.bell.newOffer, { business: 'Ħobż tal-Malti', title: 'Ftira b’€2' }),
      url: `/viewoffer/${second}`,
      lang: 'mt',
      tag: `offer-${second}`,
    });
    expect(push?.headers.topic).toBe(`offer-${second}`);
    // The offer ends at Malta's midnight after the pusher's noon: 12 hours, not the default day.
    expect(Number(push?.headers.ttl)).toBe(12 * 3600);
    expect(await outbox(saver.userId)).toEqual([{ kind: 'NEW_OFFER', status: 'SENT', outcome: null, held: false }]);
    // Publishing again (resume) never pushes twice for one offer.
    await app.notifications.notifySaversOfOffer(second);
    await app.push.queueNearby(second);
    await pusherAt({ now: maltaAt(12) }).drain();
    expect(service.accepted(device)).toHaveLength(1);
  });

  it('nothing for a kind the person turned off, nor for a person without a device', async () => {
    const shopper = await signUp(app);
    const device = await withDevice(shopper);
    expect((await putSettings(shopper, { codeRedeemed: false })).statusCode).toBe(200);
    await notify(shopper.userId, 'CLAIM_REDEEMED', redeemed(1));
    expect(await outbox(shopper.userId)).toEqual([]);
    // Queued while on, turned off before it went: not sent.
    expect((await putSettings(shopper, { codeRedeemed: true })).statusCode).toBe(200);
    await notify(shopper.userId, 'CLAIM_REDEEMED', redeemed(2));
    expect((await putSettings(shopper, { codeRedeemed: false })).statusCode).toBe(200);
    await pusherAt({ now: maltaAt(12) }).drain();
    expect(await outbox(shopper.userId)).toEqual([{ kind: 'CLAIM_REDEEMED', status: 'SKIPPED', outcome: 'kind-off', held: false }]);
    expect(service.accepted(device)).toEqual([]);

    const withoutDevice = await signUp(app);
    await notify(withoutDevice.userId, 'CLAIM_REDEEMED', redeemed(3));
    expect(await outbox(withoutDevice.userId)).toEqual([]);
  });

  it('a code redeemed and a receipt decided say what the bell says and open the right page', async () => {
    const shopper = await signUp(app);
    const device = await withDevice(shopper);
    await notify(shopper.userId, 'CLAIM_REDEEMED', redeemed(4));
    await notify(shopper.userId, 'RECEIPT_DECIDED', { receiptId: 9, status: 'REJECTED', businessName: 'Café Rubino', reason: 'receiptUnreadable' });
    await pusherAt({ now: maltaAt(10) }).drain();
    const payloads = service.accepted(device).map((push) => push.payload);
    expect(payloads).toEqual([
      expect.objectContaining({ body: formatMessage(catalogs.en.bell.claimRedeemed, { business: 'Café Rubino', title: 'Offer 4' }), url: '/codes/1004' }),
      expect.objectContaining({ url: '/receipt-upload', body: expect.stringContaining('Café Rubino') }),
    ]);
  });
});

describe('quiet hours and the daily cap', () => {
  it('holds what comes in quiet hours and sends one summary in the morning', async () => {
    const shopper = await signUp(app);
    const device = await withDevice(shopper);
    for (const n of [11, 12, 13]) await notify(shopper.userId, 'CLAIM_REDEEMED', redeemed(n));
    await pusherAt({ now: maltaAt(23) }).drain();
    expect(service.accepted(device)).toEqual([]);
    expect((await outbox(shopper.userId)).map((row) => [row.status, row.held])).toEqual([
      ['QUEUED', true],
      ['QUEUED', true],
      ['QUEUED', true],
    ]);
    // Still quiet at 07:59 the next morning.
    await pusherAt({ now: new Date(maltaAt(8, 1).getTime() - 60_000) }).drain();
    expect(service.accepted(device)).toEqual([]);
    await pusherAt({ now: maltaAt(8, 1) }).drain();
    const pushes = service.accepted(device);
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.payload).toMatchObject({ body: formatMessage(catalogs.en.push.summary, { count: 3 }), url: '/' });
    expect((await outbox(shopper.userId)).map((row) => row.status)).toEqual(['SENT', 'SUMMARIZED', 'SUMMARIZED']);
  });

  it('one morning push however many batches and replicas share the night’s pushes', async () => {
    const replica = await testDb.openReplica();
    try {
      const shopper = await signUp(app);
      const device = await withDevice(shopper);
      for (let n = 50; n < 59; n += 1) await notify(shopper.userId, 'CLAIM_REDEEMED', redeemed(n));
      await pusherAt({ now: maltaAt(2) }, app.db, 2).drain();
      const morning = { now: maltaAt(9, 1) };
      await Promise.all([pusherAt(morning, app.db, 2).drain(), pusherAt(morning, replica.database.db, 2).drain()]);
      expect(service.accepted(device).map((push) => push.payload)).toEqual([expect.objectContaining({ body: formatMessage(catalogs.en.push.summary, { count: 9 }) })]);
      expect((await outbox(shopper.userId)).filter((row) => row.status === 'SUMMARIZED')).toHaveLength(8);
    } finally {
      await replica.close();
    }
  });

  it('a notification taken back takes back its push while it waits', async () => {
    const shopper = await signUp(app);
    const device = await withDevice(shopper);
    await notify(shopper.userId, 'CLAIM_REDEEMED', redeemed(61));
    await pusherAt({ now: maltaAt(23) }).drain();
    await app.db.execute(sql`DELETE FROM notifications WHERE user_id = ${shopper.userId}`);
    await pusherAt({ now: maltaAt(9, 1) }).drain();
    expect(service.accepted(device)).toEqual([]);
    expect(await outbox(shopper.userId)).toEqual([{ kind: 'CLAIM_REDEEMED', status: 'SKIPPED', outcome: 'withdrawn', held: true }]);
  });

  it('reads Malta’s clocks on the days they change', () => {
    // 2027-03-28: clocks go from 02:00 to 03:00; 2026-10-25: from 03:00 back to 02:00.
    expect(maltaHour(new Date('2027-03-28T06:30:00Z'))).toBe(8);
    expect(isQuiet(new Date('2027-03-28T06:30:00Z'), 22, 8)).toBe(false);
    expect(isQuiet(new Date('2027-03-28T20:30:00Z'), 22, 8)).toBe(true);
    expect(quietEnd(new Date('2027-03-28T00:30:00Z'), 8).toISOString()).toBe('2027-03-28T06:00:00.000Z');
    expect(quietEnd(new Date('2026-10-25T00:30:00Z'), 8).toISOString()).toBe('2026-10-25T07:00:00.000Z');
    expect(quietEnd(new Date('2026-10-24T20:30:00Z'), 8).toISOString()).toBe('2026-10-25T07:00:00.000Z');
    expect(maltaHour(new Date('2026-10-25T00:30:00Z'))).toBe(2);
    expect(maltaHour(new Date('2026-10-25T01:30:00Z'))).toBe(2);
    expect(maltaHour(new Date('2026-07-01T22:00:00Z'))).toBe(0);
    expect(maltaHour(new Date('2026-12-01T22:00:00Z'))).toBe(23);
  });

  it('sends at most the person’s daily cap (3 by default, a setting), counted by Malta day', async () => {
    const shopper = await signUp(app);
    const device = await withDevice(shopper);
    for (const n of [21, 22, 23, 24, 25]) await notify(shopper.userId, 'CLAIM_REDEEMED', redeemed(n));
    await pusherAt({ now: maltaAt(9) }).drain();
    expect(service.accepted(device)).toHaveLength(DEFAULT_PUSH_SETTINGS.dailyCap);
    expect((await outbox(shopper.userId)).map((row) => `${row.status}:${row.outcome ?? ''}`)).toEqual(['SENT:', 'SENT:', 'SENT:', 'SKIPPED:cap', 'SKIPPED:cap']);
    // The next Malta day counts afresh; a cap of 1 is one.
    expect((await putSettings(shopper, { dailyCap: 1 })).statusCode).toBe(200);
    for (const n of [26, 27]) await notify(shopper.userId, 'CLAIM_REDEEMED', redeemed(n));
    await pusherAt({ now: maltaAt(9, 1) }).drain();
    expect(service.accepted(device)).toHaveLength(4);
    // A test push is neither held by quiet hours nor counted.
    expect((await app.inject({ method: 'POST', url: '/api/v1/me/push-test', cookies: shopper.cookies })).statusCode).toBe(202);
    await pusherAt({ now: maltaAt(23, 1) }).drain();
    expect(service.accepted(device).at(-1)?.payload).toMatchObject({ body: catalogs.en.push.test, url: '/profile' });
  });

  it('two replicas sending at once send each push once, within the cap', async () => {
    const replica = await testDb.openReplica();
    try {
      const people = await Promise.all(Array.from({ length: 6 }, () => signUp(app)));
      const devices = await Promise.all(people.map(withDevice));
      for (const person of people) {
        expect((await putSettings(person, { dailyCap: 4 })).statusCode).toBe(200);
        for (const n of [31, 32, 33, 34, 35]) await notify(person.userId, 'CLAIM_REDEEMED', redeemed(n));
      }
      const clock = { now: maltaAt(14) };
      // Small batches, so each person's pushes are shared between the two.
      await Promise.all([pusherAt(clock, app.db, 4).drain(), pusherAt(clock, replica.database.db, 4).drain()]);
      for (const device of devices) {
        const bodies = service.accepted(device).map((push) => (push.payload as { body: string }).body);
        expect(bodies).toHaveLength(4);
        expect(new Set(bodies).size).toBe(4);
      }
    } finally {
      await replica.close();
    }
  });
});

describe('sending', () => {
  it('a replica sends one batch while it claims the next, never to more devices at once than its concurrency', async () => {
    // A push service that takes 300 ms to answer each push (one across the internet takes tens): long enough for the
    // next batch's claim to overlap the first's sends on a loaded machine.
    const slow = await startPushService({ latencyMs: 300 });
    try {
      const people = await Promise.all(Array.from({ length: 8 }, () => signUp(app)));
      const devices: TestDevice[] = [];
      for (const person of people) {
        const device = slow.device();
        const saved = await app.inject({ method: 'POST', url: '/api/v1/me/push-subscriptions', cookies: person.cookies, payload: device.subscription });
        expect(saved.statusCode, saved.body).toBe(201);
        devices.push(device);
        await notify(person.userId, 'CLAIM_REDEEMED', redeemed(41));
      }
      const pusher = createPusher({
        batchSize: 2,
        queue: createPushQueueRepository(app.db),
        vapid: app.push.vapid,
        allowedHosts: [slow.host],
        isSending: true,
        retryBaseMs: 10,
        concurrency: 3,
        log: app.log,
        now: () => maltaAt(12),
      });
      await pusher.drain();
      for (const device of devices) expect(slow.accepted(device)).toHaveLength(1);
      // One batch is 2 pushes: a third answered at once means the next batch was sent while the first waited; never
      // more than the 3 allowed.
      expect(slow.mostAtOnce()).toBe(3);
    } finally {
      await slow.close();
    }
  });
});

describe('what the push services answer', () => {
  it('410 and 404 remove the subscription; 400 gives up and removes; 503 retries and then delivers', async () => {
    const shopper = await signUp(app);
    const gone = await withDevice(shopper);
    const refused = await withDevice(shopper);
    const busy = await withDevice(shopper);
    const lost = await withDevice(shopper);
    service.answer(gone, 410);
    service.answer(refused, 400);
    service.answer(busy, 503);
    service.answer(lost, 404);
    await notify(shopper.userId, 'CLAIM_REDEEMED', redeemed(41));
    const clock = { now: maltaAt(15) };
    await pusherAt(clock).drain();
    const endpoints = await selectRows<{ endpoint: string }>(app.db, sql`SELECT endpoint FROM push_subscriptions WHERE user_id = ${shopper.userId}`);
    expect(endpoints.map((row) => row.endpoint)).toEqual([busy.subscription.endpoint]);
    expect(await outbox(shopper.userId)).toEqual([{ kind: 'CLAIM_REDEEMED', status: 'QUEUED', outcome: 'retry', held: false }]);
    // The push service is back: the retry (after its wait) reaches the busy device, once.
    service.answer(busy, 201);
    clock.now = new Date(clock.now.getTime() + 60_000);
    await pusherAt(clock).drain();
    expect(service.accepted(busy)).toHaveLength(1);
    expect((await outbox(shopper.userId))[0]?.status).toBe('SENT');
  });
});

describe('nearby and ending tomorrow', () => {
  it('nearby: a new offer within the chosen distance of the chosen place, in the chosen categories, once', async () => {
    const shop = await buildShop(app, { business: { businessName: 'Nearby Bakery' } });
    const [place] = await selectRows<{ lat: number; lng: number }>(app.db, sql`SELECT location_latitude AS lat, location_longitude AS lng FROM vendors WHERE id = ${shop.vendorId}`);
    if (!place) throw new Error('no shop');
    const near = await signUp(app);
    const far = await signUp(app);
    const otherCategory = await signUp(app);
    const off = await signUp(app);
    const devices = await Promise.all([near, far, otherCategory, off].map(withDevice));
    // ~1.1 km north of the shop, within 2 km; the far one 0.2° (~22 km) away.
    expect((await putSettings(near, { nearby: true, nearbyPlace: { lat: place.lat + 0.01, lng: place.lng, label: 'Home' }, nearbyRadiusKm: 2, nearbyCategoryIds: [1] })).statusCode).toBe(200);
    expect((await putSettings(far, { nearby: true, nearbyPlace: { lat: place.lat + 0.2, lng: place.lng, label: 'Far' }, nearbyRadiusKm: 10 })).statusCode).toBe(200);
    expect((await putSettings(otherCategory, { nearby: true, nearbyPlace: { lat: place.lat, lng: place.lng, label: 'Here' }, nearbyCategoryIds: [2] })).statusCode).toBe(200);
    expect((await putSettings(off, { nearbyPlace: { lat: place.lat, lng: place.lng, label: 'Here' } })).statusCode).toBe(200);
    const offerId = await createOffer(app, shop, { categoryId: '1', title: 'Pastizzi' });
    await app.push.queueNearby(offerId);
    await app.push.queueNearby(offerId);
    await pusherAt({ now: maltaAt(11) }).drain();
    expect(devices.map((device) => service.accepted(device).length)).toEqual([1, 0, 0, 0]);
    // An offer whose owner chose to send no notifications rings no one nearby either.
    const silent = await createOffer(app, shop, { categoryId: '1', title: 'Quiet one', sendNotifications: 'false' });
    expect(await app.push.queueNearby(silent)).toBe(0);
    // The place is kept to about 100 m.
    const settings = await app.inject({ method: 'GET', url: '/api/v1/me/push-settings', cookies: near.cookies });
    expect(settings.json().data.nearbyPlace).toEqual({ lat: Math.round((place.lat + 0.01) * 1000) / 1000, lng: Math.round(place.lng * 1000) / 1000, label: 'Home' });
    expect(service.accepted(devices[0])[0]?.payload).toMatchObject({ body: formatMessage(catalogs.en.push.nearby, { place: 'Home', title: 'Pastizzi', business: 'Nearby Bakery' }) });
  });

  it('ending tomorrow: a saved offer, once a person and offer', async () => {
    const shop = await buildShop(app, { business: { businessName: 'Ending Bakery' } });
    const shopper = await signUp(app);
    const device = await withDevice(shopper);
    const saved = await createOffer(app, shop, { title: 'Saved', endDate: maltaDay(2) });
    const later = await createOffer(app, shop, { title: 'Later', endDate: maltaDay(6) });
    for (const offerId of [saved, later]) expect((await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${offerId}`, cookies: shopper.cookies })).statusCode).toBe(204);
    const pusher = pusherAt({ now: maltaAt(10) });
    expect(await pusher.queueEndingTomorrow(maltaAt(10))).toBe(1);
    expect(await pusher.queueEndingTomorrow(maltaAt(10))).toBe(0);
    await pusher.drain();
    expect(service.accepted(device).map((push) => push.payload)).toEqual([
      expect.objectContaining({ body: formatMessage(catalogs.en.push.endingTomorrow, { title: 'Saved', business: 'Ending Bakery' }), url: `/viewoffer/${saved}` }),
    ]);
  });
});

describe('GET and PUT /api/v1/me/push-settings, POST /api/v1/me/push-test', () => {
  it('answers the defaults, changes only what is sent, and counts the devices', async () => {
    const shopper = await signUp(app);
    const read = await app.inject({ method: 'GET', url: '/api/v1/me/push-settings', cookies: shopper.cookies });
    expect(read.json()).toEqual({ data: { ...DEFAULT_PUSH_SETTINGS, devices: 0 } });
    await withDevice(shopper);
    const changed = await putSettings(shopper, { soldOut: false, dailyCap: 5, quietFrom: 23, quietUntil: 7 });
    expect(changed.json()).toEqual({ data: { ...DEFAULT_PUSH_SETTINGS, soldOut: false, dailyCap: 5, quietFrom: 23, quietUntil: 7, devices: 1 } });
  });

  it('refuses bad input with what to fix and changes nothing', async () => {
    const shopper = await signUp(app);
    const cases: [unknown, string][] = [
      [{ nearby: true }, MESSAGES.pushNearbyPlaceRequired],
      [{ nearbyRadiusKm: 0 }, formatMessage(MESSAGES.pushRadiusInvalid, { min: 1, max: 10 })],
      [{ nearbyRadiusKm: 11 }, formatMessage(MESSAGES.pushRadiusInvalid, { min: 1, max: 10 })],
      [{ dailyCap: 0 }, formatMessage(MESSAGES.pushDailyCapInvalid, { min: 1, max: 10 })],
      [{ dailyCap: 2.5 }, formatMessage(MESSAGES.pushDailyCapInvalid, { min: 1, max: 10 })],
      [{ quietFrom: 24 }, MESSAGES.pushQuietHoursInvalid],
      [{ newOffer: 'yes' }, MESSAGES.pushSettingsInvalid],
      [{ nearbyCategoryIds: [999_999] }, formatMessage(MESSAGES.pushCategoriesInvalid, { max: 30 })],
      [{ nearbyCategoryIds: 'all' }, formatMessage(MESSAGES.pushCategoriesInvalid, { max: 30 })],
      [{ nearbyPlace: { lat: 95, lng: 14, label: 'x' } }, MESSAGES.pushNearbyPlaceRequired],
    ];
    for (const [payload, message] of cases) {
      const response = await putSettings(shopper, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toBe(message);
    }
    const read = await app.inject({ method: 'GET', url: '/api/v1/me/push-settings', cookies: shopper.cookies });
    expect(read.json().data).toEqual({ ...DEFAULT_PUSH_SETTINGS, devices: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/v1/me/push-settings' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: '/api/v1/me/push-settings', payload: {} })).statusCode).toBe(401);
  });

  it('a test push needs a device (409 pushNoDevice), then goes to every device', async () => {
    const shopper = await signUp(app);
    const none = await app.inject({ method: 'POST', url: '/api/v1/me/push-test', cookies: shopper.cookies });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ code: 'pushNoDevice', message: MESSAGES.pushNoDevice });
    const phone = await withDevice(shopper);
    const laptop = await withDevice(shopper);
    const sent = await app.inject({ method: 'POST', url: '/api/v1/me/push-test', cookies: shopper.cookies });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ data: { devices: 2 } });
    await pusherAt({ now: maltaAt(3) }).drain();
    expect([service.accepted(phone).length, service.accepted(laptop).length]).toEqual([1, 1]);
  });
});

/** The bell: GET /me/notifications, POST /me/notifications/read, and the notifications decisions and new offers create. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, notificationsResponseSchema, receiptResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { notifications, offers } from '../../src/db/schema.ts';
import { makePng, multipartBody } from '../fixtures.ts';
import { buildShop, createOffer } from '../factories.ts';
import { bodyOf, signUp, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({ uploadsPrefix: 'qrib-bell-uploads-' }, (made) => ({ testDb, app } = made));

type Account = Awaited<ReturnType<typeof signUp>>;

async function shop(businessName: string) {
  const owner = await buildShop(app, { business: { businessName } });
  return { owner, offerId: await createOffer(app, owner, { title: `${businessName} breakfast` }) };
}

const save = (account: Account, offerId: number) => app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${offerId}`, cookies: account.cookies });

async function bell(account: Account) {
  const response = await app.inject({ method: 'GET', url: '/api/v1/me/notifications', cookies: account.cookies });
  expect(response.statusCode).toBe(200);
  return bodyOf(response, notificationsResponseSchema);
}

const newOfferTitles = async (account: Account) =>
  (await bell(account)).data.filter((entry) => entry.kind === 'NEW_OFFER').map((entry) => entry.payload.title);

let photoCount = 0;
async function uploadReceipt(shopper: Account, vendorId: number) {
  photoCount += 1;
  const { payload, headers } = multipartBody({ vendorId }, [
    { field: 'files', filename: 'receipt.png', contentType: 'image/png', content: await makePng(60, 90, photoCount / 1000) },
  ]);
  const response = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies: shopper.cookies });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return bodyOf(response, receiptResponseSchema).data.receiptId;
}

function markRead(account: Account, payload?: unknown) {
  return app.inject({ method: 'POST', url: '/api/v1/me/notifications/read', cookies: account.cookies, ...(payload === undefined ? {} : { payload: payload as object }) });
}

describe('GET /api/v1/me/notifications', () => {
  it('is empty for a new account and needs a session', async () => {
    const account = await signUp(app);
    expect(await bell(account)).toEqual({ data: [], unreadCount: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/v1/me/notifications' })).statusCode).toBe(401);
  });
});

describe('RECEIPT_DECIDED', () => {
  it('tells the shopper (only) how the shop decided, with the shop’s name and the reason', async () => {
    const owner = await buildShop(app, { business: { businessName: 'Bell Bakery' } });
    const { vendorId } = owner;
    const shopper = await signUp(app);
    const verified = await uploadReceipt(shopper, vendorId);
    const rejected = await uploadReceipt(shopper, vendorId);
    await app.inject({ method: 'POST', url: `/api/v1/receipts/${verified}/decision`, cookies: owner.cookies, payload: { status: 'VERIFIED' } });
    await app.inject({ method: 'POST', url: `/api/v1/receipts/${rejected}/decision`, cookies: owner.cookies, payload: { status: 'REJECTED', reason: 'Not our till' } });

    const answer = await bell(shopper);
    expect(answer.unreadCount).toBe(2);
    // Newest first.
    expect(answer.data.map(({ kind, payload, readAt }) => ({ kind, payload, readAt }))).toEqual([
      { kind: 'RECEIPT_DECIDED', payload: { receiptId: rejected, status: 'REJECTED', businessName: 'Bell Bakery', reason: 'Not our till' }, readAt: null },
      { kind: 'RECEIPT_DECIDED', payload: { receiptId: verified, status: 'VERIFIED', businessName: 'Bell Bakery', reason: null }, readAt: null },
    ]);
    expect(await bell(owner)).toEqual({ data: [], unreadCount: 0 });
  });
});

describe('NEW_OFFER', () => {
  it('tells everyone who saved any offer of the shop, once each, when it publishes; not the owner, not other shops’ savers', async () => {
    const bakery = await shop('Saved Bakery');
    const secondOffer = await createOffer(app, bakery.owner, { title: 'Saved Bakery lunch' });
    const cafe = await shop('Other Cafe');
    const fan = await signUp(app);
    const bigFan = await signUp(app);
    const cafeFan = await signUp(app);
    const stranger = await signUp(app);
    expect((await save(fan, bakery.offerId)).statusCode).toBe(204);
    await save(bigFan, bakery.offerId);
    await save(bigFan, secondOffer);
    await save(cafeFan, cafe.offerId);
    // The owner saving their own offer does not make them a saver to notify.
    await save(bakery.owner, bakery.offerId);

    const offerId = await createOffer(app, bakery.owner, { title: 'Pastizzi at dawn' });
    await expect.poll(() => newOfferTitles(fan)).toEqual(['Pastizzi at dawn']);
    // One INSERT made them all: once the fan has theirs, everyone else's are there too.
    expect(await newOfferTitles(bigFan)).toEqual(['Pastizzi at dawn']);
    expect((await bell(fan)).data[0]?.payload).toEqual({ offerId, title: 'Pastizzi at dawn', businessName: 'Saved Bakery' });
    expect(await newOfferTitles(cafeFan)).toEqual([]);
    expect(await newOfferTitles(stranger)).toEqual([]);
    // Issue 28 §3: a happy-hour offer's bell (and mail) carries its schedule.
    const happy = await createOffer(app, bakery.owner, { title: 'Evening pastizzi', schedule: 'Mo-Fr 17:00-19:00' });
    await expect.poll(async () => (await bell(fan)).data.find((item) => (item.payload as { offerId?: number }).offerId === happy)?.payload).toEqual({
      offerId: happy,
      title: 'Evening pastizzi',
      businessName: 'Saved Bakery',
      schedule: 'Mo-Fr 17:00-19:00',
    });
    expect(await newOfferTitles(bakery.owner)).toEqual([]);
  });

  it('tells savers when a paused offer is resumed, not when it is paused or resumed while already active', async () => {
    const bakery = await shop('Resume Bakery');
    const fan = await signUp(app);
    await save(fan, bakery.offerId);
    const action = (name: 'pause' | 'resume') =>
      app.inject({ method: 'POST', url: `/api/v1/offers/${bakery.offerId}/${name}`, cookies: bakery.owner.cookies });
    expect((await action('resume')).statusCode).toBe(200);
    expect((await action('pause')).statusCode).toBe(200);
    expect((await action('resume')).statusCode).toBe(200);
    await expect.poll(() => newOfferTitles(fan)).toEqual(['Resume Bakery breakfast']);
    // Pausing and resuming the same offer again does not ring the bell again.
    expect((await action('pause')).statusCode).toBe(200);
    expect((await action('resume')).statusCode).toBe(200);
    await app.notifications.notifySaversOfOffer(bakery.offerId);
    expect(await newOfferTitles(fan)).toEqual(['Resume Bakery breakfast']);
  });

  it('sends nothing for an offer whose owner turned notifications off, or one that is not active', async () => {
    const bakery = await shop('Quiet Bakery');
    const fan = await signUp(app);
    await save(fan, bakery.offerId);
    const quiet = await createOffer(app, bakery.owner, { title: 'Quiet offer', sendNotifications: 'false' });
    // Awaited through the repository so nothing is left in flight when the count is read.
    await app.notifications.notifySaversOfOffer(quiet);
    await app.inject({ method: 'POST', url: `/api/v1/offers/${bakery.offerId}/pause`, cookies: bakery.owner.cookies });
    await app.notifications.notifySaversOfOffer(bakery.offerId);
    const loud = await createOffer(app, bakery.owner, { title: 'Loud offer' });
    await expect.poll(() => newOfferTitles(fan)).toEqual(['Loud offer']);
    // Once per offer and person.
    await app.notifications.notifySaversOfOffer(loud);
    expect(await newOfferTitles(fan)).toEqual(['Loud offer']);
  });
});

describe('POST /api/v1/me/notifications/read', () => {
  async function fanWithThree() {
    const bakery = await shop('Read Bakery');
    const fan = await signUp(app);
    await save(fan, bakery.offerId);
    for (const title of ['One', 'Two', 'Three']) await app.notifications.notifySaversOfOffer(await publishQuietly(bakery.owner, title));
    return { bakery, fan };
  }
  // Published without the route's own notification, so the count is exact.
  const publishQuietly = async (owner: Account, title: string) => {
    const offerId = await createOffer(app, owner, { title, sendNotifications: 'false' });
    await testDb.database.db.update(offers).set({ sendNotifications: true }).where(eq(offers.offerId, offerId));
    return offerId;
  };

  it('marks the given ones read and answers the unread count', async () => {
    const { fan } = await fanWithThree();
    const before = await bell(fan);
    expect(before.unreadCount).toBe(3);
    const [newest, middle] = before.data;
    const response = await markRead(fan, { ids: [newest?.id, middle?.id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unreadCount: 1 });
    const after = await bell(fan);
    expect(after.unreadCount).toBe(1);
    expect(after.data.map((entry) => entry.readAt !== null)).toEqual([true, true, false]);
  });

  it('marks all when no ids are sent (with or without a body)', async () => {
    const { fan } = await fanWithThree();
    expect((await markRead(fan, {})).json()).toEqual({ unreadCount: 0 });
    expect((await bell(fan)).data.every((entry) => entry.readAt !== null)).toBe(true);
    const second = await fanWithThree();
    expect((await markRead(second.fan)).json()).toEqual({ unreadCount: 0 });
  });

  it('never touches another user’s notifications', async () => {
    const { fan } = await fanWithThree();
    const other = await signUp(app);
    const theirIds = (await bell(fan)).data.map((entry) => entry.id);
    const response = await markRead(other, { ids: theirIds });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ unreadCount: 0 });
    await markRead(other);
    expect((await bell(fan)).unreadCount).toBe(3);
    const rows = await testDb.database.db.select().from(notifications).where(eq(notifications.userId, fan.userId));
    expect(rows.every((row) => row.readAt === null)).toBe(true);
  });

  it.each([
    ['an empty list', { ids: [] }],
    ['ids that are not numbers', { ids: ['1; DROP TABLE notifications'] }],
    ['a list that is not a list', { ids: 5 }],
    ['too many ids', { ids: Array.from({ length: 101 }, (_, index) => index + 1) }],
  ])('refuses %s with 400', async (_name, payload) => {
    const account = await signUp(app);
    const response = await markRead(account, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MESSAGES.notificationIdsInvalid);
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/v1/me/notifications/read', payload: {} })).statusCode).toBe(401);
  });
});

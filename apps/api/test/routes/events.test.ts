import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { offerEvents } from '../../src/db/schema.ts';
import { buildShop, createOffer } from '../factories.ts';
import { signUp, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({}, (made) => ({ testDb, app } = made));

async function publishedOffer() {
  const owner = await buildShop(app, { business: { businessName: 'Events Shop' } });
  return { owner, vendorId: owner.vendorId, offerId: await createOffer(app, owner, { title: 'Counted offer' }) };
}

async function eventsOf(offerId: number) {
  const rows = await testDb.database.db.select().from(offerEvents).where(eq(offerEvents.offerId, offerId));
  return rows.map((row) => ({ kind: row.kind, userId: row.userId, vendorId: row.vendorId })).sort((a, b) => a.kind.localeCompare(b.kind));
}

describe('offer events', () => {
  it('records a batch in one call, skipping offers that do not exist and answering how many were sent', async () => {
    const { offerId, vendorId } = await publishedOffer();
    const shopper = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/events',
      cookies: shopper.cookies,
      payload: { events: [{ offerId, kind: 'IMPRESSION' }, { offerId: 987654, kind: 'IMPRESSION' }, { offerId, kind: 'DIRECTIONS' }] },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ accepted: 3 });
    expect(await eventsOf(offerId)).toEqual([
      { kind: 'DIRECTIONS', userId: shopper.userId, vendorId },
      { kind: 'IMPRESSION', userId: shopper.userId, vendorId },
    ]);
  });

  it('counts one impression per shopper, offer and hour however many are sent', async () => {
    const { offerId } = await publishedOffer();
    const shopper = await signUp(app);
    const other = await signUp(app);
    const batch = { events: Array.from({ length: 100 }, () => ({ offerId, kind: 'IMPRESSION' })) };
    for (let call = 0; call < 3; call += 1) {
      const response = await app.inject({ method: 'POST', url: '/api/v1/events', cookies: shopper.cookies, payload: batch });
      expect(response.json()).toEqual({ accepted: 100 });
    }
    await app.inject({ method: 'POST', url: '/api/v1/events', cookies: other.cookies, payload: { events: [{ offerId, kind: 'IMPRESSION' }] } });
    expect((await eventsOf(offerId)).map((event) => event.userId).sort()).toEqual([shopper.userId, other.userId].sort());
  });

  it('counts one view when a shopper opens an offer 50 times in an hour', async () => {
    const { offerId } = await publishedOffer();
    const shopper = await signUp(app);
    for (let view = 0; view < 50; view += 1) {
      expect((await app.inject({ method: 'GET', url: `/api/v1/offers/${offerId}`, cookies: shopper.cookies })).statusCode).toBe(200);
    }
    await expect.poll(async () => (await eventsOf(offerId)).filter((event) => event.kind === 'VIEW').length).toBe(1);
  });

  it('skips events for offers a shopper cannot see, answering exactly as for an offer that does not exist', async () => {
    const { owner, offerId } = await publishedOffer();
    const shopper = await signUp(app);
    expect((await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/pause`, cookies: owner.cookies })).statusCode).toBe(200);
    const send = (id: number) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/events',
        cookies: shopper.cookies,
        payload: { events: [{ offerId: id, kind: 'VIEW' }, { offerId: id, kind: 'IMPRESSION' }, { offerId: id, kind: 'DIRECTIONS' }] },
      });
    const paused = await send(offerId);
    const unknown = await send(987654);
    expect(paused.statusCode).toBe(202);
    expect(paused.body).toBe(unknown.body);
    expect(paused.statusCode).toBe(unknown.statusCode);
    // The owner's own looks are not a shopper's interest either.
    await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/resume`, cookies: owner.cookies });
    await app.inject({ method: 'POST', url: '/api/v1/events', cookies: owner.cookies, payload: { events: [{ offerId, kind: 'IMPRESSION' }] } });
    expect(await eventsOf(offerId)).toEqual([]);
  });

  it('records a view when a shopper opens the offer (not the owner) and a save when they save it', async () => {
    const { owner, offerId } = await publishedOffer();
    const shopper = await signUp(app);
    await app.inject({ method: 'GET', url: `/api/v1/offers/${offerId}`, cookies: owner.cookies });
    await app.inject({ method: 'GET', url: `/api/v1/offers/${offerId}`, cookies: shopper.cookies });
    await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${offerId}`, cookies: shopper.cookies });
    await expect.poll(async () => (await eventsOf(offerId)).map((event) => `${event.kind}:${event.userId}`)).toEqual([
      `SAVE:${shopper.userId}`,
      `VIEW:${shopper.userId}`,
    ]);
  });

  it.each([
    ['an empty batch', { events: [] }, MESSAGES.eventsInvalid],
    ['more than 100 events', { events: Array.from({ length: 101 }, () => ({ offerId: 1, kind: 'VIEW' })) }, MESSAGES.eventsInvalid],
    ['an unknown kind', { events: [{ offerId: 1, kind: 'CLICK' }] }, MESSAGES.eventKindInvalid],
    ['an offer id that is not a number', { events: [{ offerId: '1; DROP TABLE offers', kind: 'VIEW' }] }, MESSAGES.offerNotFound],
  ])('refuses %s with 400', async (_case, payload, message) => {
    const shopper = await signUp(app);
    const response = await app.inject({ method: 'POST', url: '/api/v1/events', cookies: shopper.cookies, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/v1/events', payload: { events: [{ offerId: 1, kind: 'VIEW' }] } })).statusCode).toBe(401);
  });
});

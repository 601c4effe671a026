import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { offerEvents } from '../../src/db/schema.ts';
import { multipartBody } from '../fixtures.ts';
import { registerBusiness, signUp, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({}, (made) => ({ testDb, app } = made));

async function publishedOffer() {
  const owner = await signUp(app);
  const vendorId = await registerBusiness(app, owner, { businessName: 'Events Shop' });
  const body = multipartBody({ title: 'Counted offer', description: 'Events', categoryId: 1, discountValue: 5, startDate: '2026-11-01', endDate: '2027-01-31' });
  const offer = await app.inject({ method: 'POST', url: '/api/v1/offers/', ...body, cookies: owner.cookies });
  return { owner, vendorId, offerId: offer.json().data.offerId as number };
}

async function eventsOf(offerId: number) {
  const rows = await testDb.database.db.select().from(offerEvents).where(eq(offerEvents.offerId, offerId));
  return rows.map((row) => ({ kind: row.kind, userId: row.userId, vendorId: row.vendorId })).sort((a, b) => a.kind.localeCompare(b.kind));
}

describe('offer events', () => {
  it('records a batch in one call, skipping offers that do not exist', async () => {
    const { offerId, vendorId } = await publishedOffer();
    const shopper = await signUp(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/events',
      cookies: shopper.cookies,
      payload: { events: [{ offerId, kind: 'IMPRESSION' }, { offerId, kind: 'IMPRESSION' }, { offerId: 987654, kind: 'IMPRESSION' }, { offerId, kind: 'DIRECTIONS' }] },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ recorded: 3 });
    expect(await eventsOf(offerId)).toEqual([
      { kind: 'DIRECTIONS', userId: shopper.userId, vendorId },
      { kind: 'IMPRESSION', userId: shopper.userId, vendorId },
      { kind: 'IMPRESSION', userId: shopper.userId, vendorId },
    ]);
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

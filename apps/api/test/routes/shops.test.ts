import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, shopResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { offers, vendors } from '../../src/db/schema.ts';
import { buildShop, createOffer, insertShop, maltaDay } from '../factories.ts';
import { makeJpeg } from '../fixtures.ts';
import { bodyOf, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({ uploadsPrefix: 'qrib-shop-uploads-' }, (made) => ({ testDb, app } = made));

function getShop(vendorId: number | string, cookies?: Record<string, string>) {
  return app.inject({ method: 'GET', url: `/api/v1/vendors/${vendorId}`, ...(cookies ? { cookies } : {}) });
}

describe('GET /api/v1/vendors/:vendorId (a shop’s page)', () => {
  it('answers the shop’s public face and only its current offers, featured first then ending soonest', async () => {
    const shop = await buildShop(app, {
      business: { businessName: 'Ta’ Pawlu', businessType: 'GROCERY', businessAddress: 'Triq San Pawl 3, Rabat', contactPhone: '+356 2145 6789', locationLatitude: 35.8813, locationLongitude: 14.3989 },
    });
    const later = await createOffer(app, shop, { title: 'Ends later', endDate: maltaDay(20) });
    const withPhoto = await createOffer(app, shop, { title: 'Ends soon', endDate: maltaDay(3) }, [
      { field: 'offerImages', filename: 'bread.jpg', contentType: 'image/jpeg', content: await makeJpeg(400, 300) },
    ]);
    const featured = await createOffer(app, shop, { title: 'Featured', endDate: maltaDay(25), featuredOffer: 'true' });
    const paused = await createOffer(app, shop, { title: 'Paused' });
    await app.inject({ method: 'POST', url: `/api/v1/offers/${paused}/pause`, cookies: shop.cookies });
    const ended = await createOffer(app, shop, { title: 'Ended yesterday' });
    await testDb.database.db.update(offers).set({ endDate: maltaDay(-1) }).where(eq(offers.offerId, ended));
    const elsewhere = await buildShop(app, { business: { businessName: 'Elsewhere' } });
    await createOffer(app, elsewhere, { title: 'Another shop’s offer' });

    const shopper = await signUp(app);
    const response = await getShop(shop.vendorId, shopper.cookies);
    expect(response.statusCode).toBe(200);
    const { offers: cards, ...face } = bodyOf(response, shopResponseSchema).data;
    expect(face).toEqual({
      vendorId: shop.vendorId,
      businessName: 'Ta’ Pawlu',
      businessType: 'GROCERY',
      businessAddress: 'Triq San Pawl 3, Rabat',
      contactPhone: '+356 2145 6789',
      logoUrl: null,
      coverUrl: null,
      website: null,
      // Issue 28 §2: hours not given (never 'closed').
      openingHours: null,
      openNow: null,
      nextChange: null,
      latitude: 35.8813,
      longitude: 14.3989,
      // No reviews yet (issue 14; routes/reviews.test.ts rates shops).
      rating: { average: null, count: 0 },
    });
    expect(cards.map((card) => card.offerId)).toEqual([featured, withPhoto, later]);
    expect(cards.every((card) => card.status === 'ACTIVE')).toBe(true);
    expect(cards[1]?.imageUrl).toMatch(/^\/uploads\/.+/);
    expect(cards[0]?.imageUrl).toBeNull();
    // The owner's private fields never travel with the public face.
    expect(response.body).not.toContain('contactEmail');
    expect(response.body).not.toContain('primaryContactName');
  });

  it('gives the logo’s public URL when the shop has one, and an empty offers list when it has none running', async () => {
    const logoKey = `public/logos/${'b'.repeat(64)}-logo.webp`;
    const { vendorId } = await insertShop(testDb.database.db, { businessName: 'Logo shop', logoKey, status: 'ACTIVE' });
    const shopper = await signUp(app);
    const response = await getShop(vendorId, shopper.cookies);
    expect(response.statusCode, response.body).toBe(200);
    const data = bodyOf(response, shopResponseSchema).data;
    expect(data.logoUrl).toBe(`/uploads/${logoKey}`);
    expect(data.offers).toEqual([]);
  });

  it('is not found (404 shopNotFound) for an unknown shop and for one shoppers may not see; its owner still sees their own', async () => {
    const shopper = await signUp(app);
    const unknown = await getShop(987654, shopper.cookies);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'shopNotFound', message: MESSAGES.shopNotFound });

    const owner = await buildShop(app, { business: { businessName: 'Awaiting review' } });
    for (const status of ['PENDING', 'REJECTED'] as const) {
      await testDb.database.db.update(vendors).set({ status }).where(eq(vendors.id, owner.vendorId));
      const hidden = await getShop(owner.vendorId, shopper.cookies);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().code).toBe('shopNotFound');
      const own = await getShop(owner.vendorId, owner.cookies);
      expect(own.statusCode).toBe(200);
      expect(own.json().data.businessName).toBe('Awaiting review');
    }
  });

  it('refuses an id that cannot be a shop (400 with the usual error shape) and anyone signed out (401)', async () => {
    const shopper = await signUp(app);
    for (const bad of ['abc', '0', '-3', '1.5', '99999999999']) {
      const response = await getShop(bad, shopper.cookies);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ code: 'shopNotFound', message: MESSAGES.shopNotFound });
    }
    const shop = await buildShop(app);
    expect((await getShop(shop.vendorId)).statusCode).toBe(401);
  });
});

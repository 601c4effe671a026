/**
 * Issue 27: an offer's price before (`regularPrice`) and a Buy-X-get-Y offer's quantities: read on create (multipart)
 * and on the whole-offer PATCH (left out: cleared), refused with the field named, and answered with the computed
 * `offerPrice` wherever an offer is answered (its page, the owner's list, nearby businesses and a category, search,
 * favourites, the shop page), each answer checked against its shared schema; and the shop's logo URL on each list.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_BUY_GET_QUANTITY,
  MAX_DISCOUNT_VALUE,
  MESSAGES,
  favoritesResponseSchema,
  formatMessage,
  nearbyResponseSchema,
  offerResponseSchema,
  offersResponseSchema,
  searchResponseSchema,
  shopResponseSchema,
} from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { categories, offers, vendors } from '../../src/db/schema.ts';
import { multipartBody } from '../fixtures.ts';
import { buildOffer, buildShop } from '../factories.ts';
import { bodyOf, nearbyBusinessesResponseSchema, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
let categoryId: number;

useTestApp({}, (made) => ({ testDb, app } = made));
beforeAll(async () => {
  const [first] = await testDb.database.db.select().from(categories).limit(1);
  categoryId = first?.categoryId ?? 0;
});

/** Each test's shop stands alone on its own spot, far from the others'. */
let spots = 0;
async function owner() {
  spots += 1;
  const position = { latitude: 35.8 + spots * 0.01, longitude: 14.3 + spots * 0.01 };
  const shop = await buildShop(app, { business: { businessName: `Pricing shop ${spots}`, locationLatitude: position.latitude, locationLongitude: position.longitude } });
  return { ...shop, position };
}

function fields(overrides: Record<string, string | undefined> = {}) {
  return buildOffer({ categoryId: String(categoryId), discountType: 'PERCENTAGE', discountValue: '20', ...overrides });
}

function create(cookies: Record<string, string>, overrides: Record<string, string | undefined>) {
  return app.inject({ method: 'POST', url: '/api/v1/offers/', ...multipartBody(fields(overrides)), cookies });
}

async function offerCount() {
  const [row] = await testDb.database.db.select({ total: count() }).from(offers);
  return row?.total;
}

describe('creating and editing an offer with a price before and quantities', () => {
  it('creates with a price before (offerPrice computed) and without (both null)', async () => {
    const shop = await owner();
    const withPrice = await create(shop.cookies, { regularPrice: '4.00' });
    expect(withPrice.statusCode, withPrice.body).toBe(201);
    expect(bodyOf(withPrice, offerResponseSchema).data).toMatchObject({ regularPrice: 4, offerPrice: 3.2, buyQuantity: null, getQuantity: null });

    const fixed = await create(shop.cookies, { discountType: 'FIXED', discountValue: '1.25', regularPrice: '3,50' });
    expect(bodyOf(fixed, offerResponseSchema).data).toMatchObject({ regularPrice: 3.5, offerPrice: 2.25 });

    const without = await create(shop.cookies, {});
    expect(bodyOf(without, offerResponseSchema).data).toMatchObject({ regularPrice: null, offerPrice: null, buyQuantity: null, getQuantity: null });
  });

  it('creates a Buy-X-get-Y offer with both quantities, or neither (no price after either way)', async () => {
    const shop = await owner();
    const both = await create(shop.cookies, { discountType: 'BUYXGETY', discountValue: '1', buyQuantity: '2', getQuantity: '1', regularPrice: '2.80' });
    expect(both.statusCode, both.body).toBe(201);
    expect(bodyOf(both, offerResponseSchema).data).toMatchObject({ discountType: 'BUYXGETY', buyQuantity: 2, getQuantity: 1, regularPrice: 2.8, offerPrice: null });
    const neither = await create(shop.cookies, { discountType: 'BUYXGETY', discountValue: '1' });
    expect(bodyOf(neither, offerResponseSchema).data).toMatchObject({ buyQuantity: null, getQuantity: null });
  });

  it('ignores quantities sent with another discount type (the form hides them)', async () => {
    const shop = await owner();
    const response = await create(shop.cookies, { buyQuantity: '2', getQuantity: '1' });
    expect(response.statusCode, response.body).toBe(201);
    expect(bodyOf(response, offerResponseSchema).data).toMatchObject({ discountType: 'PERCENTAGE', buyQuantity: null, getQuantity: null });
  });

  const buyInvalid = formatMessage(MESSAGES.buyQuantityInvalid, { max: MAX_BUY_GET_QUANTITY });
  const getInvalid = formatMessage(MESSAGES.getQuantityInvalid, { max: MAX_BUY_GET_QUANTITY });
  it.each([
    ['a price of 0', { regularPrice: '0' }, 'regularPrice', MESSAGES.regularPriceInvalid],
    ['a negative price', { regularPrice: '-2' }, 'regularPrice', MESSAGES.regularPriceInvalid],
    ['a price with three decimals', { regularPrice: '4.505' }, 'regularPrice', MESSAGES.regularPriceInvalid],
    ['a price that is not a number', { regularPrice: 'four' }, 'regularPrice', MESSAGES.regularPriceInvalid],
    ['a price above the money maximum', { regularPrice: String(MAX_DISCOUNT_VALUE + 1) }, 'regularPrice', formatMessage(MESSAGES.regularPriceTooHigh, { max: MAX_DISCOUNT_VALUE })],
    ['Buy without Get free', { discountType: 'BUYXGETY', discountValue: '1', buyQuantity: '2' }, 'getQuantity', MESSAGES.getQuantityRequired],
    ['Get free without Buy', { discountType: 'BUYXGETY', discountValue: '1', getQuantity: '1' }, 'buyQuantity', MESSAGES.buyQuantityRequired],
    ['a Buy of 0', { discountType: 'BUYXGETY', discountValue: '1', buyQuantity: '0', getQuantity: '1' }, 'buyQuantity', buyInvalid],
    ['a fractional Get free', { discountType: 'BUYXGETY', discountValue: '1', buyQuantity: '2', getQuantity: '1.5' }, 'getQuantity', getInvalid],
    ['a Buy over the maximum', { discountType: 'BUYXGETY', discountValue: '1', buyQuantity: String(MAX_BUY_GET_QUANTITY + 1), getQuantity: '1' }, 'buyQuantity', buyInvalid],
  ])('refuses %s with 400, the field named and its message, storing nothing', async (_case, change, field, message) => {
    const shop = await owner();
    const before = await offerCount();
    const response = await create(shop.cookies, change);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await offerCount()).toBe(before);
  });

  it('PATCH sets, changes and (left out) clears them; a bad value is 400 and changes nothing', async () => {
    const shop = await owner();
    const created = bodyOf(await create(shop.cookies, { regularPrice: '10.00' }), offerResponseSchema).data;
    const url = `/api/v1/offers/${created.offerId}`;
    const patch = (payload: Record<string, string | undefined>) => app.inject({ method: 'PATCH', url, cookies: shop.cookies, payload: fields(payload) });

    const changed = await patch({ regularPrice: '12.50', discountValue: '10' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(bodyOf(changed, offerResponseSchema).data).toMatchObject({ regularPrice: 12.5, offerPrice: 11.25 });

    const buyGet = await patch({ regularPrice: '12.50', discountType: 'BUYXGETY', discountValue: '1', buyQuantity: '3', getQuantity: '2' });
    expect(bodyOf(buyGet, offerResponseSchema).data).toMatchObject({ regularPrice: 12.5, offerPrice: null, buyQuantity: 3, getQuantity: 2 });

    const refused = await patch({ discountType: 'BUYXGETY', discountValue: '1', buyQuantity: '3' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.getQuantity).toBe(MESSAGES.getQuantityRequired);
    const badPrice = await patch({ regularPrice: '0.001' });
    expect(badPrice.statusCode).toBe(400);
    expect(badPrice.json().fieldErrors.regularPrice).toBe(MESSAGES.regularPriceInvalid);

    const cleared = await patch({ discountType: 'BUYXGETY', discountValue: '1' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(bodyOf(cleared, offerResponseSchema).data).toMatchObject({ regularPrice: null, offerPrice: null, buyQuantity: null, getQuantity: null });
    // Changing the type away from Buy-X-get-Y drops the quantities.
    await patch({ discountType: 'BUYXGETY', discountValue: '1', buyQuantity: '3', getQuantity: '2' });
    const percentage = await patch({ discountValue: '50', regularPrice: '3.99', buyQuantity: '3', getQuantity: '2' });
    expect(bodyOf(percentage, offerResponseSchema).data).toMatchObject({ regularPrice: 3.99, offerPrice: 2, buyQuantity: null, getQuantity: null });
  });
});

describe('every answer of an offer carries them', () => {
  it('GET /offers/:id, the owner’s list, nearby (businesses and a category), search, favourites and the shop page', async () => {
    const shop = await owner();
    const priced = bodyOf(await create(shop.cookies, { title: 'Priced flat white', regularPrice: '4.00' }), offerResponseSchema).data;
    const buyGet = bodyOf(
      await create(shop.cookies, { title: 'Priced pastizzi deal', discountType: 'BUYXGETY', discountValue: '1', buyQuantity: '2', getQuantity: '1', regularPrice: '0.60' }),
      offerResponseSchema,
    ).data;
    const plain = bodyOf(await create(shop.cookies, { title: 'Priced nothing' }), offerResponseSchema).data;
    const expected = new Map([
      [priced.offerId, { regularPrice: 4, offerPrice: 3.2, buyQuantity: null, getQuantity: null }],
      [buyGet.offerId, { regularPrice: 0.6, offerPrice: null, buyQuantity: 2, getQuantity: 1 }],
      [plain.offerId, { regularPrice: null, offerPrice: null, buyQuantity: null, getQuantity: null }],
    ]);
    const pricing = (offer: { offerId: number; regularPrice: number | null; offerPrice: number | null; buyQuantity: number | null; getQuantity: number | null }) => ({
      regularPrice: offer.regularPrice,
      offerPrice: offer.offerPrice,
      buyQuantity: offer.buyQuantity,
      getQuantity: offer.getQuantity,
    });
    const expectAll = (where: string, list: Parameters<typeof pricing>[0][]) => {
      const ours = list.filter((offer) => expected.has(offer.offerId));
      expect(ours.map((offer) => offer.offerId).sort(), where).toEqual([...expected.keys()].sort());
      for (const offer of ours) expect(pricing(offer), `${where} ${offer.offerId}`).toEqual(expected.get(offer.offerId));
    };
    const shopper = await signUp(app);
    const get = (url: string) => app.inject({ method: 'GET', url, cookies: shopper.cookies });

    for (const offerId of expected.keys()) {
      expect(pricing(bodyOf(await get(`/api/v1/offers/${offerId}`), offerResponseSchema).data)).toEqual(expected.get(offerId));
    }
    expectAll('owner list', bodyOf(await app.inject({ method: 'GET', url: '/api/v1/vendors/me/offers', cookies: shop.cookies }), offersResponseSchema).data);

    const near = `latitude=${shop.position.latitude}&longitude=${shop.position.longitude}&radiusKm=0.5`;
    // Twice each: the database's answer, then the response cache's (byte for byte the same).
    for (let ask = 0; ask < 2; ask += 1) {
      const businesses = bodyOf(await get(`/api/v1/offers/nearby-offers?${near}`), nearbyBusinessesResponseSchema).data;
      expectAll(`nearby ${ask}`, businesses.flatMap((business) => business.offers));
      const inCategory = bodyOf(await get(`/api/v1/offers/nearby-offers?${near}&categoryId=${categoryId}`), nearbyResponseSchema).data;
      expectAll(`category ${ask}`, inCategory.flatMap((entry) => ('offers' in entry ? entry.offers : [entry])));
    }
    expectAll('search', bodyOf(await get('/api/v1/offers/search?q=Priced'), searchResponseSchema).data);

    for (const offerId of expected.keys()) {
      expect((await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${offerId}`, cookies: shopper.cookies })).statusCode).toBe(204);
    }
    expectAll('favourites', bodyOf(await get('/api/v1/me/favorites'), favoritesResponseSchema).data);
    expectAll('shop page', bodyOf(await get(`/api/v1/vendors/${shop.vendorId}`), shopResponseSchema).data.offers);
  });
});

describe('the shop’s logo on every list of offers', () => {
  it('offer page, nearby (businesses and a category), search and favourites answer the logo URL, null without one', async () => {
    const shop = await owner();
    const offer = bodyOf(await create(shop.cookies, { title: 'Logo latte' }), offerResponseSchema).data;
    expect(offer.vendor.logoUrl).toBeNull();
    await testDb.database.db.update(vendors).set({ logoKey: `public/logos/${'b'.repeat(64)}-logo.webp` }).where(eq(vendors.id, shop.vendorId));
    const logoUrl = `/uploads/public/logos/${'b'.repeat(64)}-logo.webp`;
    const shopper = await signUp(app);
    const get = (url: string) => app.inject({ method: 'GET', url, cookies: shopper.cookies });
    const near = `latitude=${shop.position.latitude}&longitude=${shop.position.longitude}&radiusKm=0.5`;

    expect(bodyOf(await get(`/api/v1/offers/${offer.offerId}`), offerResponseSchema).data.vendor.logoUrl).toBe(logoUrl);
    const [business] = bodyOf(await get(`/api/v1/offers/nearby-offers?${near}`), nearbyBusinessesResponseSchema).data;
    expect(business?.logoUrl).toBe(logoUrl);
    const inCategory = bodyOf(await get(`/api/v1/offers/nearby-offers?${near}&categoryId=${categoryId}`), nearbyResponseSchema).data;
    expect(inCategory.map((entry) => ('vendor' in entry ? entry.vendor.logoUrl : null))).toEqual([logoUrl]);
    const found = bodyOf(await get('/api/v1/offers/search?q=Logo latte'), searchResponseSchema).data;
    expect(found.map((result) => result.vendor.logoUrl)).toEqual([logoUrl]);
    expect((await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${offer.offerId}`, cookies: shopper.cookies })).statusCode).toBe(204);
    expect(bodyOf(await get('/api/v1/me/favorites'), favoritesResponseSchema).data.map((saved) => saved.vendor.logoUrl)).toEqual([logoUrl]);
  });
});

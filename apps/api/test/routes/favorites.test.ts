import { describe, expect, it } from 'vitest';
import { MESSAGES, favoritesResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { buildShop, createOffer } from '../factories.ts';
import { bodyOf, signUp, useTestApp } from '../helpers.ts';

let app: App;

useTestApp({}, (made) => ({ app } = made));

async function shopWithOffers(titles: string[]) {
  const owner = await buildShop(app, { business: { businessName: 'Favourite Bakery', locationLatitude: 35.9097, locationLongitude: 14.4256 } });
  const ids: number[] = [];
  for (const title of titles) ids.push(await createOffer(app, owner, { title }));
  return { owner, ids };
}

describe('favourites', () => {
  it('saves, lists newest first, keeps a second save idempotent, and removes', async () => {
    const { ids } = await shopWithOffers(['First saved', 'Second saved']);
    const shopper = await signUp(app);
    const put = (offerId: number | undefined) => app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${offerId}`, cookies: shopper.cookies });
    expect((await put(ids[0])).statusCode).toBe(204);
    expect((await put(ids[1])).statusCode).toBe(204);
    expect((await put(ids[1])).statusCode).toBe(204);

    const list = await app.inject({ method: 'GET', url: '/api/v1/me/favorites', cookies: shopper.cookies });
    expect(list.statusCode).toBe(200);
    const data = bodyOf(list, favoritesResponseSchema).data;
    expect(data.map((favorite) => favorite.title)).toEqual(['Second saved', 'First saved']);
    expect(data[0]?.vendor.businessName).toBe('Favourite Bakery');

    const removed = await app.inject({ method: 'DELETE', url: `/api/v1/me/favorites/${ids[1]}`, cookies: shopper.cookies });
    expect(removed.statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/me/favorites/${ids[1]}`, cookies: shopper.cookies })).statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/api/v1/me/favorites', cookies: shopper.cookies });
    expect(after.json().data.map((favorite: { offerId: number }) => favorite.offerId)).toEqual([ids[0]]);

    // Another shopper's list is their own.
    const other = await signUp(app);
    expect((await app.inject({ method: 'GET', url: '/api/v1/me/favorites', cookies: other.cookies })).json().data).toEqual([]);
  });

  it('refuses an offer that does not exist or that the shopper cannot see (404), and no session (401)', async () => {
    const { owner, ids } = await shopWithOffers(['Soon paused']);
    const shopper = await signUp(app);
    const missing = await app.inject({ method: 'PUT', url: '/api/v1/me/favorites/987654', cookies: shopper.cookies });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.offerNotFound);
    await app.inject({ method: 'POST', url: `/api/v1/offers/${ids[0]}/pause`, cookies: owner.cookies });
    expect((await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${ids[0]}`, cookies: shopper.cookies })).statusCode).toBe(404);
    expect((await app.inject({ method: 'PUT', url: '/api/v1/me/favorites/abc', cookies: shopper.cookies })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/v1/me/favorites' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${ids[0]}` })).statusCode).toBe(401);
  });

  it('drops an offer from the saved list while its shop has it paused', async () => {
    const { owner, ids } = await shopWithOffers(['Saved then paused']);
    const shopper = await signUp(app);
    await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${ids[0]}`, cookies: shopper.cookies });
    await app.inject({ method: 'POST', url: `/api/v1/offers/${ids[0]}/pause`, cookies: owner.cookies });
    expect((await app.inject({ method: 'GET', url: '/api/v1/me/favorites', cookies: shopper.cookies })).json().data).toEqual([]);
    await app.inject({ method: 'POST', url: `/api/v1/offers/${ids[0]}/resume`, cookies: owner.cookies });
    expect((await app.inject({ method: 'GET', url: '/api/v1/me/favorites', cookies: shopper.cookies })).json().data).toHaveLength(1);
  });
});

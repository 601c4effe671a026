/** What an offer tells people other than its owner (DESIGN.md §5): the shop's public face, never its staff, e-mail or documents. */
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { buildShop, createOffer } from '../factories.ts';
import { signUp, useTestApp } from '../helpers.ts';

let app: App;

useTestApp({}, (made) => ({ app } = made));

const privateContact = { primaryContactName: 'Rosaria Privata', contactEmail: 'rosaria.private@example.com' };

async function publishedOffer() {
  const owner = await buildShop(app, { business: { businessName: 'Privacy Bakery', businessAddress: 'Triq il-Kbira, Mosta', contactPhone: '+356 2141 0000', ...privateContact } });
  return { owner, vendorId: owner.vendorId, offerId: await createOffer(app, owner, { title: 'Fresh ftira' }) };
}

describe('offer detail privacy', () => {
  it('gives a shopper the shop’s name, type, address, phone and location, and no documents, e-mail or contact person', async () => {
    const { offerId, vendorId } = await publishedOffer();
    const shopper = await signUp(app);
    const response = await app.inject({ method: 'GET', url: `/api/v1/offers/${offerId}`, cookies: shopper.cookies });
    expect(response.statusCode).toBe(200);
    const offer = response.json().data;
    expect(offer.isOwner).toBe(false);
    expect(offer.vendor).toEqual({
      vendorId,
      businessName: 'Privacy Bakery',
      businessType: 'OTHER',
      businessAddress: 'Triq il-Kbira, Mosta',
      logoUrl: null,
      contactPhone: '+356 2141 0000',
      latitude: 35.8989,
      longitude: 14.5146,
      // Issue 28 §2: hours not given.
      openingHours: null,
      openNow: null,
      nextChange: null,
    });
    expect(offer.documents).toEqual([]);
    expect(response.body).not.toContain(privateContact.contactEmail);
    expect(response.body).not.toContain(privateContact.primaryContactName);
  });

  it('gives the owner the contact e-mail, contact person and documents as well', async () => {
    const { owner, offerId } = await publishedOffer();
    const response = await app.inject({ method: 'GET', url: `/api/v1/offers/${offerId}`, cookies: owner.cookies });
    const offer = response.json().data;
    expect(offer.isOwner).toBe(true);
    expect(offer.vendor).toMatchObject({ ...privateContact, latitude: 35.8989, longitude: 14.5146 });
    expect(offer.documents).toHaveLength(1);
    expect(offer.documents[0]).toMatchObject({ primaryContactName: privateContact.primaryContactName, locationLatitude: 35.8989 });
    const list = await app.inject({ method: 'GET', url: '/api/v1/vendors/me/offers', cookies: owner.cookies });
    expect(list.json().data[0].vendor.contactEmail).toBe(privateContact.contactEmail);
  });

  it('keeps the e-mail and contact person out of nearby, category, search and saved offers', async () => {
    const { offerId } = await publishedOffer();
    const shopper = await signUp(app);
    expect((await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${offerId}`, cookies: shopper.cookies })).statusCode).toBe(204);
    const here = 'latitude=35.8989&longitude=14.5146';
    for (const url of [
      `/api/v1/offers/nearby-offers?${here}&radiusKm=5`,
      `/api/v1/offers/nearby-offers?${here}&radiusKm=5&categoryId=1`,
      `/api/v1/offers/search?q=ftira&${here}`,
      '/api/v1/me/favorites',
    ]) {
      const response = await app.inject({ method: 'GET', url, cookies: shopper.cookies });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('Privacy Bakery');
      expect(response.body, url).not.toContain(privateContact.contactEmail);
      expect(response.body, url).not.toContain(privateContact.primaryContactName);
    }
  });
});

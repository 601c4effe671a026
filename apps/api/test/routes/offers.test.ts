import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, offerFieldsSchema, offerResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { categories, offerImages, offers } from '../../src/db/schema.ts';
import { DomainError } from '../../src/kernel/domain-error.ts';
import { editOffer } from '../../src/domains/offers/edit-offer.ts';
import { setOfferStatus } from '../../src/domains/offers/set-offer-status.ts';
import { listFiles, makeJpeg, makePng, makePngClaiming, multipartBody, type FilePart } from '../fixtures.ts';
import { buildOffer, buildShop, maltaDay } from '../factories.ts';
import { bodyOf, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
let uploads: string;
let categoryId: number;

useTestApp({ uploadsPrefix: 'qrib-offer-uploads-' }, (made) => ({ testDb, app, uploads } = made));
beforeAll(async () => {
  const [first] = await testDb.database.db.select().from(categories).limit(1);
  categoryId = first?.categoryId ?? 0;
});

/** A signed-up owner with a registered business (through the real endpoints). */
const owner = () => buildShop(app, { business: { businessType: 'GROCERY' } });

/** Every field of the form, as the web app sends them. */
function offerFields(overrides: Record<string, string | undefined> = {}) {
  return buildOffer({
    categoryId: String(categoryId),
    discountType: 'PERCENTAGE',
    discountValue: '25',
    termsAndConditions: 'One per customer',
    targetAudience: 'ALL_CUSTOMERS',
    redemptionLimit: 'UNLIMITED',
    sendNotifications: 'true',
    featuredOffer: 'false',
    status: 'ACTIVE',
    ...overrides,
  });
}

async function imagePart(content?: Buffer, filename = 'photo.jpg'): Promise<FilePart> {
  return { field: 'offerImages', filename, contentType: 'image/jpeg', content: content ?? (await makeJpeg(120, 90)) };
}

function createOffer(cookies: Record<string, string>, fields: Record<string, string | undefined>, files: FilePart[] = []) {
  const { payload, headers } = multipartBody(fields, files);
  return app.inject({ method: 'POST', url: '/api/v1/offers/', payload, headers, cookies });
}

async function counts() {
  const db = testDb.database.db;
  const [offerRows] = await db.select({ total: count() }).from(offers);
  const [imageRows] = await db.select({ total: count() }).from(offerImages);
  return { offers: offerRows?.total, images: imageRows?.total, files: listFiles(uploads).length };
}

describe('POST /api/v1/offers/', () => {
  it('publishes an ACTIVE offer with two photos stored as upright, metadata-free webp variants', async () => {
    const shop = await owner();
    const sideways = await makeJpeg(200, 100, { orientation: 6, gps: true });
    const fields = offerFields();
    const response = await createOffer(shop.cookies, fields, [await imagePart(sideways), await imagePart(await makePng(50, 40), 'b.png')]);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      title: 'Two pastizzi for one',
      vendorId: shop.vendorId,
      status: 'ACTIVE',
      discountType: 'PERCENTAGE',
      discountValue: 25,
      startDate: fields.startDate,
      endDate: fields.endDate,
      targetAudience: 'ALL_CUSTOMERS',
      redemptionLimit: 'UNLIMITED',
      maxRedemptions: null,
      sendNotifications: true,
      featuredOffer: false,
      termsAndConditions: 'One per customer',
      category: { categoryId },
      vendor: { vendorId: shop.vendorId, businessType: 'GROCERY', businessAddress: 'Triq San Pawl, Valletta' },
      isOwner: true,
    });
    expect(data.documents).toHaveLength(1);
    expect(data.images).toHaveLength(2);
    expect(data.imageUrl).toBe(data.images[0].cardUrl);
    // Orientation 6 means "rotate 90°": the stored picture is upright, 100 wide and 200 high.
    expect(data.images[0]).toMatchObject({ width: 100, height: 200 });

    const detail = await app.inject({ method: 'GET', url: data.images[0].detailUrl });
    expect(detail.statusCode).toBe(200);
    expect(detail.headers['content-type']).toBe('image/webp');
    expect(detail.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(detail.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: data.images[1].cardUrl })).statusCode).toBe(200);
    expect(listFiles(uploads).filter((file) => file.startsWith('public/offers/'))).toHaveLength(4);
  });

  it('saves Maximum Redemptions only for a LIMITED offer and accepts the spec’s lower-case type', async () => {
    const shop = await owner();
    const limited = await createOffer(shop.cookies, offerFields({ redemptionLimit: 'LIMITED', maxRedemptions: '50', discountType: 'fixed', discountValue: '3.50' }));
    expect(limited.json().data).toMatchObject({ redemptionLimit: 'LIMITED', maxRedemptions: 50, discountType: 'FIXED', discountValue: 3.5 });
    const unlimited = await createOffer(shop.cookies, offerFields({ maxRedemptions: '50' }));
    expect(unlimited.json().data.maxRedemptions).toBeNull();
  });

  it.each([
    ['no title', { title: '  ' }, 'title', MESSAGES.offerTitleRequired],
    ['no description', { description: undefined }, 'description', MESSAGES.offerDescriptionRequired],
    ['no category', { categoryId: '' }, 'categoryId', MESSAGES.categoryRequired],
    ['no discount value', { discountValue: '' }, 'discountValue', MESSAGES.discountValueRequired],
    ['a zero discount', { discountValue: '0' }, 'discountValue', MESSAGES.discountValueInvalid],
    ['a negative discount', { discountValue: '-5' }, 'discountValue', MESSAGES.discountValueInvalid],
    ['a discount that is not a number', { discountValue: 'ten' }, 'discountValue', MESSAGES.discountValueInvalid],
    ['a percentage over 100', { discountValue: '120' }, 'discountValue', MESSAGES.percentageTooHigh],
    ['no start date', { startDate: '' }, 'startDate', MESSAGES.startDateRequired],
    ['no end date', { endDate: undefined }, 'endDate', MESSAGES.endDateRequired],
    ['reversed dates', { startDate: maltaDay(30), endDate: maltaDay(0) }, 'endDate', MESSAGES.endBeforeStart],
    ['a date that does not exist', { startDate: '2026-02-30' }, 'startDate', MESSAGES.dateInvalid],
    ['LIMITED without a maximum', { redemptionLimit: 'LIMITED' }, 'maxRedemptions', MESSAGES.maxRedemptionsInvalid],
    ['a maximum of 0', { redemptionLimit: 'LIMITED', maxRedemptions: '0' }, 'maxRedemptions', MESSAGES.maxRedemptionsInvalid],
  ])('refuses %s with the spec message and stores nothing', async (_case, change, field, message) => {
    const shop = await owner();
    const before = await counts();
    const response = await createOffer(shop.cookies, offerFields(change), [await imagePart()]);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('refuses an unknown category, 7 images, fake and oversized images, storing nothing', async () => {
    const shop = await owner();
    const before = await counts();
    const unknownCategory = await createOffer(shop.cookies, offerFields({ categoryId: '999999' }), [await imagePart()]);
    expect(unknownCategory.statusCode).toBe(400);
    expect(unknownCategory.json().message).toBe(MESSAGES.categoryUnknown);

    const seven = await Promise.all(Array.from({ length: 7 }, () => imagePart()));
    const tooMany = await createOffer(shop.cookies, offerFields(), seven);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(MESSAGES.imagesTooMany);

    const fake = await createOffer(shop.cookies, offerFields(), [await imagePart(), await imagePart(Buffer.from('plain text, honest'), 'photo.png')]);
    expect(fake.statusCode).toBe(415);
    expect(fake.json().message).toBe(MESSAGES.filesWrongType);

    const huge = await createOffer(shop.cookies, offerFields(), [await imagePart(await makePngClaiming(20000, 20000), 'huge.png')]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(MESSAGES.imageTooManyPixels);

    const heavy = await createOffer(shop.cookies, offerFields(), [await imagePart(Buffer.alloc(11 * 1024 * 1024, 7))]);
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json().message).toBe(MESSAGES.imageTooLarge);
    expect(await counts()).toEqual(before);
  });

  it('refuses another business’s vendorId (403), an account without a business (403) and no session (401)', async () => {
    const shop = await owner();
    const other = await owner();
    const before = await counts();
    const foreign = await createOffer(shop.cookies, offerFields({ vendorId: String(other.vendorId) }), [await imagePart()]);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(MESSAGES.vendorNotYours);
    const own = await createOffer(shop.cookies, offerFields({ vendorId: String(shop.vendorId) }));
    expect(own.statusCode).toBe(201);

    const shopper = await signUp(app);
    const noBusiness = await createOffer(shopper.cookies, offerFields());
    expect(noBusiness.statusCode).toBe(403);
    expect(noBusiness.json().message).toBe(MESSAGES.registerBusinessFirst);
    const anonymous = await app.inject({ method: 'POST', url: '/api/v1/offers/', ...multipartBody(offerFields()) });
    expect(anonymous.statusCode).toBe(401);
    expect((await counts()).offers).toBe((before.offers ?? 0) + 1);
  });
});

describe('reading, editing, pausing and resuming offers', () => {
  async function publishedOffer() {
    const shop = await owner();
    const response = await createOffer(shop.cookies, offerFields(), [await imagePart()]);
    return { shop, offer: bodyOf(response, offerResponseSchema).data};
  }

  it('GET /offers/:offerId answers that offer, 404 for an unknown one and 400 for a bad id', async () => {
    const { shop, offer } = await publishedOffer();
    await createOffer(shop.cookies, offerFields({ title: 'A second offer' }));
    const shopper = await signUp(app);
    const response = await app.inject({ method: 'GET', url: `/api/v1/offers/${offer.offerId}`, cookies: shopper.cookies });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ offerId: offer.offerId, title: 'Two pastizzi for one', isOwner: false });
    const missing = await app.inject({ method: 'GET', url: '/api/v1/offers/987654', cookies: shopper.cookies });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.offerNotFound);
    expect((await app.inject({ method: 'GET', url: '/api/v1/offers/abc', cookies: shopper.cookies })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: `/api/v1/offers/${offer.offerId}` })).statusCode).toBe(401);
  });

  it('lists the owner’s offers newest first at GET /vendors/me/offers', async () => {
    const { shop } = await publishedOffer();
    await createOffer(shop.cookies, offerFields({ title: 'Newer offer' }));
    const list = await app.inject({ method: 'GET', url: '/api/v1/vendors/me/offers', cookies: shop.cookies });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((offer: { title: string }) => offer.title)).toEqual(['Newer offer', 'Two pastizzi for one']);
  });

  it('lets the owner edit with the same rules, and nobody else', async () => {
    const { shop, offer } = await publishedOffer();
    const url = `/api/v1/offers/${offer.offerId}`;
    const edited = await app.inject({ method: 'PATCH', url, cookies: shop.cookies, payload: offerFields({ title: 'Three pastizzi for one' }) });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Three pastizzi for one', images: [expect.any(Object)] });

    const invalid = await app.inject({ method: 'PATCH', url, cookies: shop.cookies, payload: offerFields({ startDate: maltaDay(42), endDate: maltaDay(38) }) });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe(MESSAGES.endBeforeStart);

    const other = await owner();
    const foreign = await app.inject({ method: 'PATCH', url, cookies: other.cookies, payload: offerFields({ title: 'Hijacked' }) });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(MESSAGES.offerNotYours);
    const missing = await app.inject({ method: 'PATCH', url: '/api/v1/offers/987654', cookies: shop.cookies, payload: offerFields() });
    expect(missing.statusCode).toBe(404);
    const after = await app.inject({ method: 'GET', url, cookies: shop.cookies });
    expect(after.json().data.title).toBe('Three pastizzi for one');
  });

  it('pauses (hidden from others) and resumes, owner only', async () => {
    const { shop, offer } = await publishedOffer();
    const other = await owner();
    const url = `/api/v1/offers/${offer.offerId}`;
    const foreign = await app.inject({ method: 'POST', url: `${url}/pause`, cookies: other.cookies });
    expect(foreign.statusCode).toBe(403);

    const paused = await app.inject({ method: 'POST', url: `${url}/pause`, cookies: shop.cookies });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data.status).toBe('PAUSED');
    expect((await app.inject({ method: 'GET', url, cookies: other.cookies })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url, cookies: shop.cookies })).json().data.status).toBe('PAUSED');

    const resumed = await app.inject({ method: 'POST', url: `${url}/resume`, cookies: shop.cookies });
    expect(resumed.json().data.status).toBe('ACTIVE');
    expect((await app.inject({ method: 'GET', url, cookies: other.cookies })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/v1/offers/987654/resume', cookies: shop.cookies })).statusCode).toBe(404);
  });

  it('never overwrites a removal or suspension Qrib committed after the owner’s command read the offer (409)', async () => {
    const { shop, offer } = await publishedOffer();
    const db = testDb.database.db;
    const statusOf = async () => (await db.select({ status: offers.status, title: offers.title }).from(offers).where(eq(offers.offerId, offer.offerId)))[0];
    const codeOf = async (command: Promise<unknown>) => {
      const error: unknown = await command.then(() => undefined, (thrown: unknown) => thrown);
      return error instanceof DomainError ? error.code : error;
    };
    const fields = offerFieldsSchema.parse(offerFields({ title: 'Back again' }));

    // Paused by the owner; the command reads the row; then Qrib removes it; then the command writes.
    await db.update(offers).set({ status: 'PAUSED' }).where(eq(offers.offerId, offer.offerId));
    const stale = await app.offers.findRow(offer.offerId);
    if (!stale) throw new Error('offer not found');
    await db.execute(sql`UPDATE offers SET status = 'REMOVED', status_reason = 'Misleading' WHERE offer_id = ${offer.offerId}`);
    expect(await app.offers.setStatus(offer.offerId, 'ACTIVE')).toBe(false);
    expect(await app.offers.setStatus(offer.offerId, 'PAUSED')).toBe(false);
    expect(await app.offers.update(offer.offerId, fields)).toBe(false);
    expect(await codeOf(setOfferStatus(app, stale, 'ACTIVE', app.log))).toBe('offerRemovedCannotChange');
    expect(await codeOf(editOffer(app, offer.offerId, fields))).toBe('offerRemovedCannotChange');
    expect(await statusOf()).toEqual({ status: 'REMOVED', title: 'Two pastizzi for one' });

    // A resume read before the business was suspended writes nothing either, and says why.
    await db.execute(sql`UPDATE offers SET status = 'PAUSED' WHERE offer_id = ${offer.offerId}`);
    const beforeSuspension = await app.offers.findRow(offer.offerId);
    if (!beforeSuspension) throw new Error('offer not found');
    await db.execute(sql`UPDATE vendors SET status = 'SUSPENDED', status_reason = 'Fake shop' WHERE id = ${shop.vendorId}`);
    expect(await app.offers.setStatus(offer.offerId, 'ACTIVE')).toBe(false);
    const error: unknown = await setOfferStatus(app, beforeSuspension, 'ACTIVE', app.log).then(() => undefined, (thrown: unknown) => thrown);
    expect(error).toMatchObject({ code: 'businessSuspended', params: { reason: 'Fake shop' } });
    expect((await statusOf())?.status).toBe('PAUSED');
    // Pausing stays allowed while suspended.
    expect(await app.offers.setStatus(offer.offerId, 'PAUSED')).toBe(true);
  });
});

/**
 * Issue 27: the public pages of shared links, /o/:offerId and /s/:vendorId, and the drawn card /o/:offerId/card.png:
 * HTML for anyone, Open Graph with absolute URLs, JSON-LD, 404 for what shoppers may not see, escaping, ETag and 304,
 * nothing private, the reader's language.
 */
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { offers, vendors } from '../../src/db/schema.ts';
import { buildShop, createOffer, insertShop, makeEstablished, maltaDay } from '../factories.ts';
import { makeJpeg } from '../fixtures.ts';
import { signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({ uploadsPrefix: 'qrib-share-uploads-' }, (made) => ({ testDb, app } = made));

const ORIGIN = 'http://localhost:3000';
const db = () => testDb.database.db;

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

/** A meta tag's content, by property or name (the page writes `property="…" content="…"`). */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html);
  return match?.[1]?.replace(/&#(\d+);/g, (_whole, code: string) => String.fromCharCode(Number(code)));
}

function jsonLd(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no JSON-LD');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

/** A shop with a distinctive owner e-mail and contact person (which must never show), in Valletta. */
async function shopWithOffer(offerFields: Record<string, string | number | undefined> = {}) {
  const shop = await buildShop(app, {
    account: { email: 'private.owner@example.com'.replace('private', `private${Date.now()}`) },
    business: { businessName: 'Joe’s Pastizzeria', businessType: 'RESTAURANT', primaryContactName: 'Carmela Privatecontact', businessAddress: 'Triq il-Merkanti 12, Valletta' },
  });
  const offerId = await createOffer(app, shop, { title: 'Two pastizzi for one', discountValue: '20', ...offerFields });
  return { shop, offerId };
}

describe('GET /o/:offerId', () => {
  it('answers the offer as HTML for anyone: photo-less offers get a drawn card, the price before and after, the way in', async () => {
    const { shop, offerId } = await shopWithOffer({ description: 'Fresh every morning', termsAndConditions: 'One per visit' });
    await db().update(offers).set({ regularPrice: '4.00' }).where(eq(offers.offerId, offerId));

    const response = await get(`/o/${offerId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    const html = response.body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<h1><bdi>Two pastizzi for one</bdi></h1>');
    expect(html).toContain('20% off');
    expect(html).toMatch(/<s>€4\.00<\/s>.*<strong>€3\.20<\/strong>/);
    expect(html).toContain('Joe’s Pastizzeria');
    expect(html).toContain('Valletta, Malta');
    expect(html).toMatch(/\d+ days Left/);
    // English dates the Maltese way: day, short month, year.
    expect(html).toMatch(/Valid until \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(html).toContain('One per visit');
    expect(html).toContain(`<a class="button" href="/viewoffer/${offerId}" data-testid="get-offer">Get this offer</a>`);
    expect(html).toContain(`href="/s/${shop.vendorId}"`);

    expect(meta(html, 'og:title')).toBe('Two pastizzi for one · 20% off · Joe’s Pastizzeria');
    expect(html).toMatch(/<title>Two pastizzi for one · 20% off · Joe’s Pastizzeria<\/title>/);
    expect(meta(html, 'og:description')).toBe('Fresh every morning');
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/o/${offerId}`);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    const image = meta(html, 'og:image') ?? '';
    expect(image.startsWith(`${ORIGIN}/o/${offerId}/card.png?`)).toBe(true);
    expect(meta(html, 'og:image:width')).toBe('1200');

    // The card answers as a 1200 × 630 PNG, cached, with its own ETag.
    const card = await get(image.slice(ORIGIN.length));
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
    expect(card.headers.etag).toMatch(/^"[\w-]+"$/);
    const size = await sharp(card.rawPayload).metadata();
    expect([size.format, size.width, size.height]).toEqual(['png', 1200, 630]);
    const again = await get(image.slice(ORIGIN.length), { 'if-none-match': String(card.headers.etag) });
    expect(again.statusCode).toBe(304);

    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Offer',
      name: 'Two pastizzi for one',
      price: '3.20',
      priceCurrency: 'EUR',
      url: `${ORIGIN}/o/${offerId}`,
      offeredBy: { '@type': 'LocalBusiness', name: 'Joe’s Pastizzeria', address: { '@type': 'PostalAddress', addressLocality: 'Valletta', addressCountry: 'MT' } },
    });
    // An offer ends at the end of its end date in Malta.
    expect(String(ld.validThrough)).toMatch(new RegExp(`^${maltaDay(30)}T2[23]:00:00\\.000Z$`));
  });

  it('uses a photo at least 600 px wide as og:image, and that URL answers the picture', async () => {
    const { offerId } = await shopWithOffer();
    const shop = await buildShop(app);
    const withPhoto = await createOffer(app, shop, { title: 'With a photo' }, [
      { field: 'offerImages', filename: 'bread.jpg', contentType: 'image/jpeg', content: await makeJpeg(1200, 900) },
    ]);
    const html = (await get(`/o/${withPhoto}`)).body;
    const image = meta(html, 'og:image') ?? '';
    expect(image).toMatch(new RegExp(`^${ORIGIN}/uploads/public/offers/.+\\.webp$`));
    expect(Number(meta(html, 'og:image:width'))).toBeGreaterThanOrEqual(600);
    const picture = await get(image.slice(ORIGIN.length));
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expect((await sharp(picture.rawPayload).metadata()).width).toBe(Number(meta(html, 'og:image:width')));
    expect(html).toContain('<img class="photo"');
    // Without a price before, no price is claimed.
    expect(jsonLd(html)).not.toHaveProperty('price');
    expect((await get(`/o/${offerId}`)).body).not.toContain('data-testid="share-price"');
  });

  it('answers a friendly 404 page for every offer shoppers may not see, and for unknown or garbage ids', async () => {
    const { shop, offerId: paused } = await shopWithOffer();
    await app.inject({ method: 'POST', url: `/api/v1/offers/${paused}/pause`, cookies: shop.cookies });
    const ended = await createOffer(app, shop, { title: 'Ended' });
    await db().update(offers).set({ endDate: maltaDay(-1) }).where(eq(offers.offerId, ended));
    const removed = await createOffer(app, shop, { title: 'Removed' });
    await db().update(offers).set({ status: 'REMOVED' }).where(eq(offers.offerId, removed));
    const soldOut = await createOffer(app, shop, { title: 'Sold out', redemptionLimit: 'LIMITED', maxRedemptions: '1' });
    await db().update(offers).set({ redeemedCount: 1 }).where(eq(offers.offerId, soldOut));
    const notStarted = await createOffer(app, shop, { title: 'Not started' });
    await db().update(offers).set({ startDate: maltaDay(1) }).where(eq(offers.offerId, notStarted));
    const other = await buildShop(app);
    const suspendedShopOffer = await createOffer(app, other, { title: 'Shop suspended' });
    await db().update(vendors).set({ status: 'SUSPENDED' }).where(eq(vendors.id, other.vendorId));

    const paths = [paused, ended, removed, soldOut, notStarted, suspendedShopOffer, 987654].map((id) => `/o/${id}`);
    paths.push('/o/abc', '/o/0', '/o/-1', '/o/1e3', '/o/99999999999', '/o/%3Cscript%3E');
    for (const path of paths) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(response.body, path).toContain('This offer or shop is not available');
      expect(response.body, path).toContain('<a class="button" href="/">');
      expect(response.body, path).toContain('<meta name="robots" content="noindex">');
      expect(response.body, path).not.toContain('<script>');
    }
    for (const id of [paused, soldOut, suspendedShopOffer]) expect((await get(`/o/${id}/card.png`)).statusCode).toBe(404);

    // Resumed, it is back at once.
    await app.inject({ method: 'POST', url: `/api/v1/offers/${paused}/resume`, cookies: shop.cookies });
    expect((await get(`/o/${paused}`)).statusCode).toBe(200);
  });

  it('escapes titles, descriptions, shop names and terms everywhere, JSON-LD included', async () => {
    const evil = '<script>alert("x")</script> & \'q\'';
    const shop = await buildShop(app, { business: { businessName: `Shop ${evil}` } });
    const offerId = await createOffer(app, shop, { title: `Deal ${evil}`, description: `About ${evil}`, termsAndConditions: `Terms ${evil}` });
    for (const path of [`/o/${offerId}`, `/s/${shop.vendorId}`]) {
      const html = (await get(path)).body;
      expect(html, path).not.toContain('<script>alert');
      expect(html, path).not.toContain('"x")</script>');
      expect(html, path).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; &#39;q&#39;');
      // One </script>: the JSON-LD's own end; the title inside it is written with \u003c.
      expect(html.match(/<\/script>/g), path).toHaveLength(1);
      expect(html, path).toContain('\\u003cscript\\u003ealert');
      expect(JSON.stringify(jsonLd(html)), path).toContain('Deal <script>alert(\\"x\\")</script>');
    }
    const card = await get(`/o/${offerId}/card.png`);
    expect(card.statusCode).toBe(200);
  });

  it('says when a happy-hour offer holds, escaped, and nothing for an offer that holds all day (issue 28 §3)', async () => {
    const shop = await buildShop(app, { business: { businessName: 'Happy Share Bar' } });
    const happy = await createOffer(app, shop, { title: 'Evening pints', schedule: 'Mo-Fr 17:00-19:00 "<after work>"' });
    const html = (await get(`/o/${happy}`)).body;
    expect(html).toContain('<p class="muted" data-testid="share-happy-hour">Happy hour: Mo-Fr 17:00-19:00 &#34;&#60;after work&#62;&#34;</p>');
    const plain = await createOffer(app, shop, { title: 'All-day pints' });
    expect((await get(`/o/${plain}`)).body).not.toContain('share-happy-hour');
  });

  it('answers 304 to a matching If-None-Match, and a new ETag once the offer changes', async () => {
    const { offerId } = await shopWithOffer();
    const first = await get(`/o/${offerId}`);
    const etag = String(first.headers.etag);
    const cached = await get(`/o/${offerId}`, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    expect(cached.headers.etag).toBe(etag);
    expect(cached.headers['cache-control']).toBe('public, max-age=60');
    expect((await get(`/o/${offerId}`, { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await get(`/o/${offerId}`, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);

    await db().update(offers).set({ title: 'Three pastizzi for two' }).where(eq(offers.offerId, offerId));
    const changed = await get(`/o/${offerId}`, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toContain('Three pastizzi for two');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('never shows what is private: the owner’s e-mail, contact person or owner-only counts', async () => {
    const { shop, offerId } = await shopWithOffer({ redemptionLimit: 'LIMITED', maxRedemptions: '50' });
    await db().update(offers).set({ redeemedCount: 7 }).where(eq(offers.offerId, offerId));
    for (const path of [`/o/${offerId}`, `/s/${shop.vendorId}`]) {
      const html = (await get(path)).body;
      expect(html, path).not.toContain(shop.email);
      expect(html, path).not.toContain('Carmela Privatecontact');
      expect(html, path).not.toContain('Privatecontact');
      expect(html, path).not.toMatch(/\b43\b|\b7\b left|redeemed/i);
    }
  });

  it('speaks the reader’s language: the app’s cookie first, else Accept-Language; Arabic right to left', async () => {
    const { offerId } = await shopWithOffer();
    const arabic = (await get(`/o/${offerId}`, { 'accept-language': 'ar-MT,ar;q=0.9,en;q=0.8' })).body;
    expect(arabic).toContain('<html lang="ar" dir="rtl">');
    expect(arabic).toContain('احصل على هذا العرض');
    expect((await get(`/o/${offerId}`, { 'accept-language': 'xx, fr;q=0.5, de;q=0.7' })).body).toContain('<html lang="de" dir="ltr">');
    const maltese = await get(`/o/${offerId}`, { 'accept-language': 'ar', cookie: 'googtrans=%2Fen%2Fmt' });
    expect(maltese.body).toContain('<html lang="mt" dir="ltr">');
    expect(maltese.body).toContain('Ħu din l-offerta');
    expect(maltese.headers.vary).toContain('Accept-Language');
    // The drawn card is in the page's language (its URL says so).
    expect(meta(arabic, 'og:image')).toContain('lang=ar');
    expect((await get(`/o/${offerId}`, { 'accept-language': 'ar' })).statusCode).toBe(200);
    expect((await get(`/o/${offerId}/card.png?lang=ar`)).statusCode).toBe(200);
    const notFound = await get('/o/987654', { 'accept-language': 'ar' });
    expect(notFound.body).toContain('<html lang="ar" dir="rtl">');
  });

  it('is a page, not API: not in the OpenAPI document', async () => {
    await app.ready();
    const document = app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => /^\/(o|s)\//.test(path))).toEqual([]);
  });
});

describe('GET /s/:vendorId', () => {
  it('answers the shop: name, type, town, initial, no rating yet, and its current offers as cards leading to /o/', async () => {
    const { shop, offerId } = await shopWithOffer();
    const paused = await createOffer(app, shop, { title: 'Paused one' });
    await app.inject({ method: 'POST', url: `/api/v1/offers/${paused}/pause`, cookies: shop.cookies });
    const response = await get(`/s/${shop.vendorId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const html = response.body;
    expect(html).toContain('<h1><bdi>Joe’s Pastizzeria</bdi></h1>');
    expect(html).toContain('Restaurant · <bdi>Valletta, Malta</bdi>');
    expect(html).toContain('<span class="initial" aria-hidden="true">J</span>');
    expect(html).toContain('No reviews yet');
    expect(html).toContain(`<a href="/o/${offerId}">`);
    expect(html).not.toContain('Paused one');
    expect(meta(html, 'og:url')).toBe(`${ORIGIN}/s/${shop.vendorId}`);
    expect(meta(html, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/o/${offerId}/card\\.png\\?`));
    const ld = jsonLd(html);
    expect(ld).toMatchObject({ '@type': 'LocalBusiness', name: 'Joe’s Pastizzeria', url: `${ORIGIN}/s/${shop.vendorId}`, address: { streetAddress: 'Triq il-Merkanti 12, Valletta' } });
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld.makesOffer).toEqual([expect.objectContaining({ '@type': 'Offer', url: `${ORIGIN}/o/${offerId}`, priceCurrency: 'EUR' })]);
  });

  it('shows the rating with its count, and aggregateRating, once the shop has live reviews', async () => {
    const { vendorId } = await insertShop(db(), { businessName: 'Rated shop', status: 'ACTIVE', logoKey: `public/logos/${'c'.repeat(64)}-logo.webp` });
    for (const stars of [5, 4]) {
      const shopper = await signUp(app);
      await makeEstablished(db(), shopper.userId);
      await db().execute(sql`INSERT INTO reviews (vendor_id, user_id, stars) VALUES (${vendorId}, ${shopper.userId}, ${stars})`);
    }
    const html = (await get(`/s/${vendorId}`)).body;
    expect(html).toContain('4.5 out of 5, 2 reviews');
    expect(html).toContain(`<img class="logo" src="/uploads/public/logos/${'c'.repeat(64)}-logo.webp"`);
    expect(html).toContain('This shop has no offers right now.');
    expect(jsonLd(html)).toMatchObject({ aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.5, reviewCount: 2, bestRating: 5 } });
  });

  it('shows the cover across the top and uses it as the preview; the offer page shows the logo by the shop’s name (issue 28)', async () => {
    const { shop, offerId } = await shopWithOffer();
    const logoKey = `public/logos/${'d'.repeat(64)}-logo.webp`;
    const coverKey = `public/covers/${'e'.repeat(64)}-cover.webp`;
    const without = (await get(`/s/${shop.vendorId}`)).body;
    expect(without).not.toContain('class="cover"');
    await db().update(vendors).set({ logoKey, coverKey }).where(eq(vendors.id, shop.vendorId));
    const html = (await get(`/s/${shop.vendorId}`)).body;
    expect(html).toContain(`<img class="cover" src="/uploads/${coverKey}" width="1600" height="600" alt=""`);
    expect(meta(html, 'og:image')).toBe(`${ORIGIN}/uploads/${coverKey}`);
    expect(meta(html, 'og:image:width')).toBe('1600');
    const offerHtml = (await get(`/o/${offerId}`)).body;
    expect(offerHtml).toContain(`<img class="logo" src="/uploads/${logoKey}" width="32" height="32" alt="">`);
  });

  it('is a 404 page for a shop shoppers may not see and for unknown ids', async () => {
    for (const status of ['PENDING', 'REJECTED', 'SUSPENDED', 'CLOSED'] as const) {
      const { vendorId } = await insertShop(db(), { status });
      const response = await get(`/s/${vendorId}`);
      expect(response.statusCode, status).toBe(404);
      expect(response.body).toContain('This offer or shop is not available');
    }
    for (const path of ['/s/987654', '/s/x', '/s/00']) expect((await get(path)).statusCode, path).toBe(404);
  });
});

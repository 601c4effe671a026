import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PERMISSIONS, addDays, catalogs, maltaDateOf, offersResponseSchema, vendorInsightsResponseSchema } from '@qrib/shared';
import { DEMO_ACCOUNTS, SEED_CATEGORIES, seedCategories, seedDemoData } from '../src/db/seed.ts';
import { DEMO_SUBJECTS, illustrationSvg, type DemoSubject } from '../src/db/demo-illustrations.ts';
import { categories, offerImages, offers, receipts, users, vendorDocuments, vendors } from '../src/db/schema.ts';
import { createLocalStorage } from '../src/storage/local-storage.ts';
import { bodyOf, createTestApp, createTestDatabase, type TestDatabase } from './helpers.ts';

let testDb: TestDatabase;
const uploads = mkdtempSync(path.join(tmpdir(), 'qrib-seed-uploads-'));
const storage = createLocalStorage(uploads);
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
  rmSync(uploads, { recursive: true, force: true });
});

describe('seeding', () => {
  it('seeds categories idempotently', async () => {
    await seedCategories(testDb.database.db);
    await seedCategories(testDb.database.db);
    const [row] = await testDb.database.db.select({ total: count() }).from(categories);
    expect(row?.total).toBe(SEED_CATEGORIES.length);
  });

  it('gives the categories the ids by which every catalog names them (the API keeps the English name)', async () => {
    await seedCategories(testDb.database.db);
    const rows = await testDb.database.db
      .select({ categoryId: categories.categoryId, name: categories.name, description: categories.description })
      .from(categories)
      .orderBy(categories.categoryId);
    expect(rows).toEqual(Object.entries(catalogs.en.categories).map(([id, text]) => ({ categoryId: Number(id), ...text })));
    for (const catalog of Object.values(catalogs)) expect(Object.keys(catalog.categories)).toEqual(rows.map((row) => String(row.categoryId)));
  });

  it('seeds Maltese demo shops with offers, a registration waiting for the admin, and three demo accounts that can log in, once', async () => {
    expect(await seedDemoData(testDb.database.db, storage)).toBe(true);
    expect(await seedDemoData(testDb.database.db, storage)).toBe(false);
    const db = testDb.database.db;
    // The demo shops are approved; one more registration waits for the admin's check, with its document.
    const [shops] = await db.select({ total: count() }).from(vendors).where(eq(vendors.status, 'ACTIVE'));
    const pending = await db.select().from(vendors).where(eq(vendors.status, 'PENDING'));
    expect(pending).toHaveLength(1);
    expect(await db.select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, pending[0]?.id ?? 0))).toHaveLength(1);
    const [offerCount] = await db.select({ total: count() }).from(offers);
    expect(shops?.total).toBeGreaterThanOrEqual(5);
    expect(offerCount?.total).toBeGreaterThan(shops?.total ?? 0);
    const inMalta = await db.select({ lat: vendors.locationLatitude, lng: vendors.locationLongitude }).from(vendors);
    for (const { lat, lng } of inMalta) {
      expect(lat).toBeGreaterThan(35.78);
      expect(lat).toBeLessThan(36.09);
      expect(lng).toBeGreaterThan(14.17);
      expect(lng).toBeLessThan(14.58);
    }

    const app = await createTestApp(testDb.database);
    try {
      for (const account of [DEMO_ACCOUNTS.shopper, DEMO_ACCOUNTS.owner, DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.cashier]) {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: account.username, password: account.password },
        });
        expect(response.statusCode, account.username).toBe(200);
      }
      const [rita] = await db.select().from(users).where(eq(users.username, DEMO_ACCOUNTS.admin.username));
      expect(rita?.isAdmin).toBe(true);
      const [owner] = await db.select().from(users).where(eq(users.username, DEMO_ACCOUNTS.owner.username));
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: DEMO_ACCOUNTS.owner.username, password: DEMO_ACCOUNTS.owner.password },
      });
      const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: { auth_token: login.json().token } });
      expect(me.json().user.vendor).toEqual({ vendorId: expect.any(Number), businessName: "Joseph's Pastizzeria", role: 'OWNER', permissions: [...PERMISSIONS] });
      // Issue 28 §4: the demo cashier works the same shop's till, and only that.
      const cashierLogin = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: DEMO_ACCOUNTS.cashier.username, password: DEMO_ACCOUNTS.cashier.password },
      });
      const cashierMe = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: { auth_token: cashierLogin.json().token } });
      expect(cashierMe.json().user.vendor).toEqual({ vendorId: me.json().user.vendor.vendorId, businessName: "Joseph's Pastizzeria", role: 'CASHIER', permissions: ['redeem'] });
      expect(me.json().user.id).toBe(owner?.id);
      // Issue 15: every demo account's address is seeded verified (no banner on a first run).
      expect(me.json().user).toMatchObject({ emailVerified: true, pendingEmail: null });
      expect(await db.select().from(users).where(isNull(users.emailVerifiedAt))).toEqual([]);
      // The demo owner's dashboard has figures on a first run (made-up activity of the last weeks).
      const today = maltaDateOf(new Date());
      const insights = await app.inject({
        method: 'GET',
        url: `/api/v1/vendors/me/insights?from=${addDays(today, -40)}&to=${today}`,
        cookies: { auth_token: login.json().token },
      });
      expect(insights.statusCode).toBe(200);
      expect(insights.json().data.trust.verifiedPurchases).toBeGreaterThan(0);
      expect(insights.json().data.trust.customerConfirmations).toBeGreaterThan(0);
      // Issue 24: the demo shoppers are established (verified, 30 days old), so nothing of theirs waits.
      expect(insights.json().data.trust.pendingPurchases).toBe(0);
      expect(me.json().user).toMatchObject({ established: true, establishedAt: expect.any(String) });
      expect(insights.json().data.overview.impressions).toBeGreaterThan(0);
      // Codes at the till (issue 13): some redeemed, one limited offer with units counted down.
      const { redemptions } = bodyOf(insights, vendorInsightsResponseSchema).data;
      expect(redemptions.redemptions).toBeGreaterThan(0);
      expect(redemptions.ratePercent).toBeGreaterThan(0);
      const owned = await app.inject({ method: 'GET', url: '/api/v1/vendors/me/offers', cookies: { auth_token: login.json().token } });
      const limited = bodyOf(owned, offersResponseSchema).data.find(
        (offer) => offer.title === 'Pastizzi breakfast deal',
      );
      expect(limited).toMatchObject({ maxRedemptions: 50 });
      expect(limited?.redeemedCount).toBeGreaterThan(0);
      expect(limited?.remaining).toBe(50 - (limited?.redeemedCount ?? 0));

      // The seeded receipts were decided by the owner: deciding one again is a conflict.
      const seeded = await db.select().from(receipts).where(inArray(receipts.status, ['VERIFIED', 'REJECTED']));
      expect(seeded.length).toBeGreaterThan(0);
      for (const receipt of seeded) expect(receipt).toMatchObject({ decidedAt: expect.any(Date), decidedByUserId: owner?.id });
      const again = await app.inject({
        method: 'POST',
        url: `/api/v1/receipts/${seeded[0]?.id ?? 0}/decision`,
        payload: { status: 'REJECTED', reason: 'Changed my mind' },
        cookies: { auth_token: login.json().token },
      });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json().message).toBe(MESSAGES.receiptAlreadyDecided);
    } finally {
      await app.close();
    }
  });

  it('gives every demo offer a picture of its own, stored like an uploaded photo and shown on the cards', async () => {
    const db = testDb.database.db;
    const allOffers = await db.select({ offerId: offers.offerId }).from(offers);
    const images = await db.select().from(offerImages);
    expect(allOffers.length).toBeGreaterThan(0);
    expect(images.map((image) => image.offerId).sort((a, b) => a - b)).toEqual(allOffers.map((offer) => offer.offerId).sort((a, b) => a - b));
    // One distinct picture per offer, under the keys of the offer photo pipeline, with both files stored.
    expect(new Set(images.map((image) => image.cardKey)).size).toBe(images.length);
    for (const image of images) {
      expect(image).toMatchObject({ position: 0, width: 1200, height: 900 });
      expect(image.cardKey).toMatch(/^public\/offers\/[a-f0-9]{64}-card\.webp$/);
      expect(image.detailKey).toBe(image.cardKey.replace('-card.webp', '-detail.webp'));
      for (const key of [image.cardKey, image.detailKey]) {
        const stored = await storage.get(key);
        expect(stored?.contentType, key).toBe('image/webp');
        expect(stored?.byteSize ?? 0).toBeGreaterThan(1000);
        stored?.body.destroy();
      }
    }

    // The shopper's offer answer carries the picture.
    const app = await createTestApp(testDb.database, { storage: { driver: 'local', rootDir: uploads } });
    try {
      const login = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username: DEMO_ACCOUNTS.shopper.username, password: DEMO_ACCOUNTS.shopper.password } });
      const offerId = allOffers[0]?.offerId ?? 0;
      const response = await app.inject({ method: 'GET', url: `/api/v1/offers/${offerId}`, cookies: { auth_token: login.json().token } });
      expect(response.statusCode, response.body).toBe(200);
      const image = images.find((row) => row.offerId === offerId);
      expect(response.json().data.images).toEqual([expect.objectContaining({ cardUrl: `/uploads/${image?.cardKey ?? ''}` })]);
      const picture = await app.inject({ method: 'GET', url: response.json().data.images[0].cardUrl });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
    } finally {
      await app.close();
    }
  });

  it('gives every demo offer a price before and each Buy-X-get-Y offer its quantities, drawn as what it sells (issue 27)', async () => {
    const db = testDb.database.db;
    const demoOffers = await db.select().from(offers);
    for (const offer of demoOffers) {
      expect(Number(offer.regularPrice), offer.title).toBeGreaterThan(0);
      if (offer.discountType === 'BUYXGETY') expect([offer.buyQuantity, offer.getQuantity], offer.title).toEqual([expect.any(Number), expect.any(Number)]);
      else expect([offer.buyQuantity, offer.getQuantity], offer.title).toEqual([null, null]);
    }
    expect(demoOffers.some((offer) => offer.discountType === 'BUYXGETY')).toBe(true);
    // Each subject is its own drawing (the same background, only the subject differs).
    const drawings = Object.keys(DEMO_SUBJECTS).map((subject) => illustrationSvg('Food & Dining', 0, subject as DemoSubject));
    expect(new Set(drawings).size).toBe(drawings.length);
  });

  it('marks receipts seeded before decisions were recorded as decided by the owner, and leaves automatic verdicts open (migration 0008)', async () => {
    const db = testDb.database.db;
    const [shop] = await db.select().from(vendors).limit(1);
    const [shopper] = await db.select().from(users).where(eq(users.username, DEMO_ACCOUNTS.shopper.username));
    if (!shop || !shopper) throw new Error('the demo data is missing');
    const createdAt = new Date(Date.now() - 86_400_000);
    const checkedAt = new Date(createdAt.getTime() + 60_000);
    const base = { consumerUserId: shopper.id, vendorId: shop.id, createdAt, checkedAt };
    const [oldSeed, automatic, pending] = await db
      .insert(receipts)
      .values([
        { ...base, status: 'VERIFIED', autoStatus: 'VERIFIED' },
        { ...base, status: 'REJECTED', autoStatus: 'REJECTED', ocrText: 'SLIEMA HARDWARE STORE' },
        { ...base, status: 'PENDING', checkedAt: null },
      ])
      .returning();
    const migration = readFileSync(new URL('../drizzle/0008_security_and_resilience.sql', import.meta.url), 'utf8');
    const lastStatement = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(lastStatement).toContain('UPDATE "receipts"');
    await db.execute(sql.raw(lastStatement));
    const rows = await db.select().from(receipts).where(inArray(receipts.id, [oldSeed?.id ?? 0, automatic?.id ?? 0, pending?.id ?? 0]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(oldSeed?.id ?? 0)).toMatchObject({ status: 'VERIFIED', decidedAt: checkedAt, decidedByUserId: shop.ownerUserId });
    expect(byId.get(automatic?.id ?? 0)).toMatchObject({ status: 'REJECTED', decidedAt: null, decidedByUserId: null });
    expect(byId.get(pending?.id ?? 0)).toMatchObject({ status: 'PENDING', decidedAt: null });
  });
});

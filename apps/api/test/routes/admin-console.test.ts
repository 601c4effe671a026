/**
 * The platform's console API (issue 14): the reports queue and the admin's decisions, receipt disputes and their
 * settlement, the headline figures and the action log. Admins only: everyone else 403.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ACTIONS_PAGE_SIZE,
  MESSAGES,
  adminActionsResponseSchema,
  formatMessage,
  maltaMidnight,
  maltaToday,
  notificationsResponseSchema,
  receiptDisputesResponseSchema,
  receiptResponseSchema,
  reportCreatedSchema,
  reportedItemsResponseSchema,
  reviewsPageSchema,
  searchResponseSchema,
  shopResponseSchema,
  weekOf,
} from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { adminActions, categories, favorites, notifications, offerClaims, offerEvents, offers, receiptFiles, receipts, reports, reviews, users, vendors } from '../../src/db/schema.ts';
import { makePng, multipartBody } from '../fixtures.ts';
import { buildShop, createOffer, insertShop, makeEstablished, maltaDay } from '../factories.ts';
import { bodyOf, nearbyBusinessesResponseSchema, signUp, type TestDatabase, useTestApp } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;

useTestApp({ uploadsPrefix: 'qrib-admin-console-' }, (made) => ({ testDb, app } = made));

type Account = Awaited<ReturnType<typeof signUp>>;

const db = () => testDb.database.db;

async function makeAdmin(account: { userId: number }) {
  await db().update(users).set({ isAdmin: true }).where(eq(users.id, account.userId));
}

async function signUpAdmin() {
  const admin = await signUp(app, { name: 'Rita Admin' });
  await makeAdmin(admin);
  return admin;
}

function call(account: { cookies: Record<string, string> } | undefined, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({ method, url, ...(payload ? { payload } : {}), cookies: account?.cookies });
}

function report(account: Account, kind: 'OFFER' | 'VENDOR' | 'REVIEW', id: number, reason = 'MISLEADING', text?: string) {
  return call(account, 'POST', '/api/v1/reports', { kind, id, reason, ...(text ? { text } : {}) });
}

function decide(account: { cookies: Record<string, string> }, kind: string, itemId: number | string, payload: object) {
  return call(account, 'POST', `/api/v1/admin/reports/${kind}/${itemId}/decision`, payload);
}

/** A review by `userId`, made established (issue 24) so the review is live: one shoppers see and may report. */
async function insertReview(vendorId: number, userId: number, text = 'Rude staff and stale bread') {
  await makeEstablished(db(), userId);
  const [row] = await db().insert(reviews).values({ vendorId, userId, stars: 1, text }).returning({ id: reviews.id });
  if (!row) throw new Error('review not inserted');
  return row.id;
}

async function notificationsOf(userId: number, kind: 'REPORT_DECIDED' | 'CONTENT_REMOVED' | 'RECEIPT_DECIDED' | 'BUSINESS_STATUS') {
  const rows = await db().select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
  return rows.map((row) => row.payload);
}

async function actionsOn(itemKind: 'OFFER' | 'VENDOR' | 'REVIEW' | 'RECEIPT', itemId: number) {
  return db().select().from(adminActions).where(and(eq(adminActions.itemKind, itemKind), eq(adminActions.itemId, itemId)));
}

const HERE = { latitude: 35.8989, longitude: 14.5146 };

/** What a shopper sees of an offer: on the nearby screen, in search, on its shop page and its own page. */
async function shopperSees(shopper: Account, vendorId: number, offerId: number, title: string) {
  const nearby = bodyOf(await call(shopper, 'GET', `/api/v1/offers/nearby-offers?latitude=${HERE.latitude}&longitude=${HERE.longitude}&radiusKm=5`), nearbyBusinessesResponseSchema);
  const search = bodyOf(await call(shopper, 'GET', `/api/v1/offers/search?q=${encodeURIComponent(title)}`), searchResponseSchema);
  const shop = await call(shopper, 'GET', `/api/v1/vendors/${vendorId}`);
  const page = await call(shopper, 'GET', `/api/v1/offers/${offerId}`);
  return {
    nearby: nearby.data.some((business) => business.offers.some((offer) => offer.offerId === offerId)),
    search: search.data.some((offer) => offer.offerId === offerId),
    shop: shop.statusCode === 200 && bodyOf(shop, shopResponseSchema).data.offers.some((offer) => offer.offerId === offerId),
    shopStatus: shop.statusCode,
    page: page.statusCode,
  };
}

describe('admin routes', () => {
  it('answer 403 adminOnly to a shopper and to an owner, and 401 without a session, on every route', async () => {
    const shopper = await signUp(app);
    const owner = await buildShop(app);
    const routes: [('GET' | 'POST'), string, object?][] = [
      ['GET', '/api/v1/admin/reports'],
      ['POST', '/api/v1/admin/reports/OFFER/1/decision', { outcome: 'KEPT' }],
      ['GET', '/api/v1/admin/receipt-disputes'],
      ['POST', '/api/v1/admin/receipts/1/settlement', { status: 'VERIFIED', reason: 'The receipt is real' }],
      ['GET', '/api/v1/admin/overview'],
      ['GET', '/api/v1/admin/actions'],
    ];
    for (const [method, url, payload] of routes) {
      for (const account of [shopper, owner]) {
        const response = await call(account, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json()).toMatchObject({ code: 'adminOnly', message: MESSAGES.adminOnly });
      }
      expect((await call(undefined, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answer 403 adminOnly, not 400, to a shopper and an owner sending an invalid body, params or query, on every route', async () => {
    const admin = await signUpAdmin();
    const shopper = await signUp(app);
    const owner = await buildShop(app);
    const malformedJson = { payload: '{"outcome": ', headers: { 'content-type': 'application/json' } };
    // Each is refused with 400 for an admin (so each is really invalid); everyone else learns only that it is not theirs.
    const requests: { method: 'GET' | 'POST'; url: string; payload?: object | string; headers?: Record<string, string> }[] = [
      { method: 'GET', url: '/api/v1/admin/vendors' },
      { method: 'GET', url: '/api/v1/admin/vendors?status=NONSENSE' },
      { method: 'GET', url: `/api/v1/admin/vendors?status=PENDING&cursor=${'x'.repeat(201)}` },
      { method: 'GET', url: '/api/v1/admin/vendors/abc/documents/xyz' },
      { method: 'GET', url: `/api/v1/admin/actions?cursor=${'x'.repeat(201)}` },
      { method: 'GET', url: '/api/v1/admin/actions?cursor=not-a-cursor' },
      { method: 'POST', url: '/api/v1/admin/vendors/abc/decision', payload: { status: 'ACTIVE' } },
      { method: 'POST', url: `/api/v1/admin/vendors/${owner.vendorId}/decision`, payload: { status: 'NONSENSE' } },
      { method: 'POST', url: `/api/v1/admin/vendors/${owner.vendorId}/decision`, payload: { status: 'SUSPENDED' } },
      { method: 'POST', url: `/api/v1/admin/vendors/${owner.vendorId}/decision`, ...malformedJson },
      { method: 'POST', url: '/api/v1/admin/reports/NONSENSE/abc/decision', payload: { outcome: 'KEPT' } },
      { method: 'POST', url: '/api/v1/admin/reports/OFFER/1/decision', payload: { outcome: 'MAYBE' } },
      { method: 'POST', url: '/api/v1/admin/reports/OFFER/1/decision', payload: { outcome: 'REMOVED' } },
      { method: 'POST', url: '/api/v1/admin/reports/OFFER/1/decision', ...malformedJson },
      { method: 'POST', url: '/api/v1/admin/receipts/abc/settlement', payload: { status: 'VERIFIED', reason: 'The receipt is real' } },
      { method: 'POST', url: '/api/v1/admin/receipts/1/settlement', payload: { status: 'MAYBE', reason: 'The receipt is real' } },
      { method: 'POST', url: '/api/v1/admin/receipts/1/settlement', payload: { status: 'VERIFIED' } },
      { method: 'POST', url: '/api/v1/admin/receipts/1/settlement', ...malformedJson },
    ];
    for (const { method, url, payload, headers } of requests) {
      const send = (account: Account) => app.inject({ method, url, ...(payload === undefined ? {} : { payload }), headers, cookies: account.cookies });
      const asAdmin = await send(admin);
      expect(asAdmin.statusCode, `admin: ${method} ${url} ${asAdmin.body}`).toBe(400);
      for (const account of [shopper, owner]) {
        const response = await send(account);
        expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(403);
        // No field messages: nothing about what was wrong with the request.
        expect(response.json()).toEqual({ statusCode: 403, error: 'Forbidden', code: 'adminOnly', message: MESSAGES.adminOnly, params: {} });
      }
    }
  });
});

describe('GET /api/v1/admin/reports', () => {
  it('groups OPEN reports per item, the item first reported first, with the item’s title, excerpt and state', async () => {
    const admin = await signUpAdmin();
    const owner = await buildShop(app, { business: { businessName: 'Grouped Bakery' } });
    const offerId = await createOffer(app, owner, { title: 'Grouped ftira', description: 'Fresh every morning' });
    const reviewer = await signUp(app);
    const reviewId = await insertReview(owner.vendorId, reviewer.userId, 'Terrible service');
    const first = await signUp(app, { name: 'Anna First' });
    const second = await signUp(app, { name: 'Ben Second' });

    const onReview = bodyOf(await report(first, 'REVIEW', reviewId, 'FAKE_REVIEW'), reportCreatedSchema).data.reportId;
    const onOffer1 = bodyOf(await report(first, 'OFFER', offerId, 'OTHER', 'Price is wrong'), reportCreatedSchema).data.reportId;
    const onOffer2 = bodyOf(await report(second, 'OFFER', offerId, 'MISLEADING'), reportCreatedSchema).data.reportId;
    const onVendor = bodyOf(await report(second, 'VENDOR', owner.vendorId, 'ILLEGAL'), reportCreatedSchema).data.reportId;
    // A decided report is not in the queue.
    await db().update(reports).set({ status: 'KEPT' }).where(eq(reports.id, onVendor));

    const response = await call(admin, 'GET', '/api/v1/admin/reports');
    expect(response.statusCode).toBe(200);
    const mine = bodyOf(response, reportedItemsResponseSchema).data.filter(
      (item) => (item.kind === 'OFFER' && item.itemId === offerId) || (item.kind === 'REVIEW' && item.itemId === reviewId) || (item.kind === 'VENDOR' && item.itemId === owner.vendorId),
    );
    expect(mine).toEqual([
      {
        kind: 'REVIEW',
        itemId: reviewId,
        vendorId: owner.vendorId,
        title: 'Grouped Bakery',
        excerpt: 'Terrible service',
        itemStatus: 'PUBLISHED',
        reportCount: 1,
        firstReportedAt: expect.any(String),
        reports: [{ reportId: onReview, reason: 'FAKE_REVIEW', text: null, createdAt: expect.any(String), reporter: { userId: first.userId, username: first.username, formerShopper: false } }],
      },
      {
        kind: 'OFFER',
        itemId: offerId,
        vendorId: owner.vendorId,
        title: 'Grouped ftira',
        excerpt: 'Fresh every morning',
        itemStatus: 'ACTIVE',
        reportCount: 2,
        firstReportedAt: expect.any(String),
        reports: [
          { reportId: onOffer1, reason: 'OTHER', text: 'Price is wrong', createdAt: expect.any(String), reporter: { userId: first.userId, username: first.username, formerShopper: false } },
          { reportId: onOffer2, reason: 'MISLEADING', text: null, createdAt: expect.any(String), reporter: { userId: second.userId, username: second.username, formerShopper: false } },
        ],
      },
    ]);
    const [reviewItem, offerItem] = mine as unknown as { firstReportedAt: string; reports: { createdAt: string }[] }[];
    expect(offerItem?.firstReportedAt).toBe(offerItem?.reports[0]?.createdAt);
    expect(Date.parse(reviewItem?.firstReportedAt ?? '')).toBeLessThanOrEqual(Date.parse(offerItem?.firstReportedAt ?? ''));
  });
});

describe('POST /api/v1/admin/reports/:kind/:itemId/decision', () => {
  it('KEPT closes every open report of the item, tells each reporter, logs KEEP_ITEM and leaves the item as it was; a second decision is 404', async () => {
    const admin = await signUpAdmin();
    const owner = await buildShop(app);
    const offerId = await createOffer(app, owner, { title: 'Kept kinnie' });
    const first = await signUp(app);
    const second = await signUp(app);
    const firstReport = bodyOf(await report(first, 'OFFER', offerId), reportCreatedSchema).data.reportId;
    const secondReport = bodyOf(await report(second, 'OFFER', offerId), reportCreatedSchema).data.reportId;

    const response = await decide(admin, 'OFFER', offerId, { outcome: 'KEPT' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { kind: 'OFFER', itemId: offerId, outcome: 'KEPT', decidedReports: 2 } });

    const rows = await db().select().from(reports).where(inArray(reports.id, [firstReport, secondReport]));
    for (const row of rows) expect(row).toMatchObject({ status: 'KEPT', decidedByUserId: admin.userId, outcomeReason: null, decidedAt: expect.any(Date) });
    const [offer] = await db().select().from(offers).where(eq(offers.offerId, offerId));
    expect(offer?.status).toBe('ACTIVE');
    expect(await notificationsOf(first.userId, 'REPORT_DECIDED')).toEqual([
      { reportId: firstReport, kind: 'OFFER', itemId: offerId, title: 'Kept kinnie', outcome: 'KEPT', reason: null },
    ]);
    expect(await notificationsOf(second.userId, 'REPORT_DECIDED')).toEqual([
      { reportId: secondReport, kind: 'OFFER', itemId: offerId, title: 'Kept kinnie', outcome: 'KEPT', reason: null },
    ]);
    expect(await notificationsOf(owner.userId, 'CONTENT_REMOVED')).toEqual([]);
    expect(await actionsOn('OFFER', offerId)).toEqual([
      expect.objectContaining({ adminUserId: admin.userId, action: 'KEEP_ITEM', itemKind: 'OFFER', itemId: offerId, reason: null }),
    ]);

    const again = await decide(admin, 'OFFER', offerId, { outcome: 'REMOVED', reason: 'Misleading price' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'reportNotOpen', message: MESSAGES.reportNotOpen });
    expect((await decide(admin, 'VENDOR', 999_999, { outcome: 'KEPT' })).json()).toMatchObject({ statusCode: 404, code: 'reportNotOpen' });
  });

  it('decides an item once when two admins decide at the same moment (200 and 404, one action, one notification per reporter)', async () => {
    const [first, second] = [await signUpAdmin(), await signUpAdmin()];
    const owner = await buildShop(app);
    const offerId = await createOffer(app, owner, { title: 'Contested cisk' });
    const reporter = await signUp(app);
    await report(reporter, 'OFFER', offerId);

    const answers = await Promise.all([
      decide(first, 'OFFER', offerId, { outcome: 'KEPT' }),
      decide(second, 'OFFER', offerId, { outcome: 'REMOVED', reason: 'Misleading' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    expect(await actionsOn('OFFER', offerId)).toHaveLength(1);
    expect(await notificationsOf(reporter.userId, 'REPORT_DECIDED')).toHaveLength(1);
  });

  it('REMOVED takes an offer off every shopper screen with the reason, tells its owner and the reporter, logs REMOVE_ITEM', async () => {
    const admin = await signUpAdmin();
    const owner = await buildShop(app);
    const title = 'Removable qassatat';
    const offerId = await createOffer(app, owner, { title });
    const reporter = await signUp(app);
    const shopper = await signUp(app);
    expect(await shopperSees(shopper, owner.vendorId, offerId, title)).toEqual({ nearby: true, search: true, shop: true, shopStatus: 200, page: 200 });
    const reportId = bodyOf(await report(reporter, 'OFFER', offerId, 'ILLEGAL'), reportCreatedSchema).data.reportId;

    const noReason = await decide(admin, 'OFFER', offerId, { outcome: 'REMOVED' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toBe(MESSAGES.decisionReasonRequired);
    expect((await decide(admin, 'OFFER', offerId, { outcome: 'DELETED', reason: 'x' })).json().fieldErrors.outcome).toBe(MESSAGES.reportOutcomeInvalid);
    expect((await decide(admin, 'USER', offerId, { outcome: 'KEPT' })).statusCode).toBe(400);
    expect((await decide(admin, 'OFFER', 'abc', { outcome: 'KEPT' })).statusCode).toBe(400);

    const reason = 'Selling alcohol to minors is illegal';
    const response = await decide(admin, 'OFFER', offerId, { outcome: 'REMOVED', reason: `  ${reason} ` });
    expect(response.json()).toEqual({ data: { kind: 'OFFER', itemId: offerId, outcome: 'REMOVED', decidedReports: 1 } });

    const [offer] = await db().select().from(offers).where(eq(offers.offerId, offerId));
    expect(offer).toMatchObject({ status: 'REMOVED', statusReason: reason });
    expect(await shopperSees(shopper, owner.vendorId, offerId, title)).toEqual({ nearby: false, search: false, shop: false, shopStatus: 200, page: 404 });
    const [row] = await db().select().from(reports).where(eq(reports.id, reportId));
    expect(row).toMatchObject({ status: 'REMOVED', outcomeReason: reason, decidedByUserId: admin.userId });
    expect(await notificationsOf(reporter.userId, 'REPORT_DECIDED')).toEqual([{ reportId, kind: 'OFFER', itemId: offerId, title, outcome: 'REMOVED', reason }]);
    expect(await notificationsOf(owner.userId, 'CONTENT_REMOVED')).toEqual([{ kind: 'OFFER', itemId: offerId, title, reason }]);
    expect(await actionsOn('OFFER', offerId)).toEqual([expect.objectContaining({ adminUserId: admin.userId, action: 'REMOVE_ITEM', reason })]);
    // Both reach the bell.
    const bell = async (account: { cookies: Record<string, string> }) =>
      bodyOf(await call(account, 'GET', '/api/v1/me/notifications'), notificationsResponseSchema).data;
    expect(await bell(reporter)).toContainEqual(expect.objectContaining({ kind: 'REPORT_DECIDED', payload: { reportId, kind: 'OFFER', itemId: offerId, title, outcome: 'REMOVED', reason } }));
    expect(await bell(owner)).toContainEqual(expect.objectContaining({ kind: 'CONTENT_REMOVED', payload: { kind: 'OFFER', itemId: offerId, title, reason } }));
  });

  it('REMOVED takes a review down and tells the reviewer (not the shop’s owner)', async () => {
    const admin = await signUpAdmin();
    const owner = await buildShop(app, { business: { businessName: 'Reviewed Cafe' } });
    const reviewer = await signUp(app);
    const reviewId = await insertReview(owner.vendorId, reviewer.userId, 'Offensive words here');
    await report(owner, 'REVIEW', reviewId, 'OFFENSIVE');
    const shopper = await signUp(app);
    const listed = async () => bodyOf(await call(shopper, 'GET', `/api/v1/vendors/${owner.vendorId}/reviews`), reviewsPageSchema).data.map((item) => item.reviewId);
    expect(await listed()).toContain(reviewId);

    const reason = 'Insults the staff by name';
    expect((await decide(admin, 'REVIEW', reviewId, { outcome: 'REMOVED', reason })).statusCode).toBe(200);
    const [review] = await db().select().from(reviews).where(eq(reviews.id, reviewId));
    expect(review).toMatchObject({ status: 'REMOVED', statusReason: reason });
    expect(await listed()).not.toContain(reviewId);
    expect(await notificationsOf(reviewer.userId, 'CONTENT_REMOVED')).toEqual([{ kind: 'REVIEW', itemId: reviewId, title: 'Reviewed Cafe', reason }]);
    expect(await notificationsOf(owner.userId, 'CONTENT_REMOVED')).toEqual([]);
    expect(await notificationsOf(owner.userId, 'REPORT_DECIDED')).toEqual([expect.objectContaining({ kind: 'REVIEW', itemId: reviewId, outcome: 'REMOVED', reason })]);
  });

  it('REMOVED suspends a business: its offers leave every shopper screen and its owner reads why', async () => {
    const admin = await signUpAdmin();
    const owner = await buildShop(app, { business: { businessName: 'Suspended Kiosk' } });
    const title = 'Suspended imqaret';
    const offerId = await createOffer(app, owner, { title });
    const reporter = await signUp(app);
    const shopper = await signUp(app);
    await report(reporter, 'VENDOR', owner.vendorId, 'ILLEGAL');

    const reason = 'Sells counterfeit goods';
    expect((await decide(admin, 'VENDOR', owner.vendorId, { outcome: 'REMOVED', reason })).statusCode).toBe(200);
    const [vendor] = await db().select().from(vendors).where(eq(vendors.id, owner.vendorId));
    expect(vendor).toMatchObject({ status: 'SUSPENDED', statusReason: reason, statusChangedAt: expect.any(Date) });
    const seen = await shopperSees(shopper, owner.vendorId, offerId, title);
    expect(seen).toMatchObject({ nearby: false, search: false, shop: false, shopStatus: 404 });
    // The same suspension as the admin's vendor decision: BUSINESS_STATUS to the owner, SUSPEND_VENDOR logged too.
    expect(await notificationsOf(owner.userId, 'BUSINESS_STATUS')).toEqual([{ vendorId: owner.vendorId, businessName: 'Suspended Kiosk', status: 'SUSPENDED', reason }]);
    expect(await notificationsOf(owner.userId, 'CONTENT_REMOVED')).toEqual([]);
    const actions = (await actionsOn('VENDOR', owner.vendorId)).map((row) => ({ action: row.action, reason: row.reason, adminUserId: row.adminUserId }));
    expect(actions.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { action: 'REMOVE_ITEM', reason, adminUserId: admin.userId },
      { action: 'SUSPEND_VENDOR', reason, adminUserId: admin.userId },
    ]);
    expect(await notificationsOf(reporter.userId, 'REPORT_DECIDED')).toEqual([expect.objectContaining({ kind: 'VENDOR', itemId: owner.vendorId, outcome: 'REMOVED', reason })]);
  });

  it('REMOVED on a business that is not ACTIVE answers 409 decisionNotAllowed and changes nothing: the reports stay open', async () => {
    const admin = await signUpAdmin();
    const owner = await buildShop(app, { business: { businessName: 'Pending Kiosk' } });
    const reporter = await signUp(app);
    await report(reporter, 'VENDOR', owner.vendorId, 'ILLEGAL');
    // Suspended (or pending again) after the report was made.
    await db().update(vendors).set({ status: 'SUSPENDED', statusReason: 'Earlier decision' }).where(eq(vendors.id, owner.vendorId));

    const refused = await decide(admin, 'VENDOR', owner.vendorId, { outcome: 'REMOVED', reason: 'Sells counterfeit goods' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'decisionNotAllowed',
      params: { from: 'SUSPENDED', to: 'SUSPENDED' },
      message: formatMessage(MESSAGES.decisionNotAllowed, { from: 'SUSPENDED', to: 'SUSPENDED' }),
    });
    const [vendor] = await db().select().from(vendors).where(eq(vendors.id, owner.vendorId));
    expect(vendor).toMatchObject({ status: 'SUSPENDED', statusReason: 'Earlier decision' });
    expect(await actionsOn('VENDOR', owner.vendorId)).toEqual([]);
    expect(await notificationsOf(reporter.userId, 'REPORT_DECIDED')).toEqual([]);
    expect(await db().select().from(notifications).where(eq(notifications.userId, owner.userId))).toEqual([]);
    const [open] = await db().select().from(reports).where(and(eq(reports.itemKind, 'VENDOR'), eq(reports.itemId, owner.vendorId)));
    expect(open?.status).toBe('OPEN');
    // Keeping it is still possible.
    expect((await decide(admin, 'VENDOR', owner.vendorId, { outcome: 'KEPT' })).statusCode).toBe(200);
  });

  it('answers 403 adminOwnBusiness to an admin deciding on an item of their own business, and changes nothing', async () => {
    const owningAdmin = await buildShop(app);
    await makeAdmin(owningAdmin);
    const offerId = await createOffer(app, owningAdmin, { title: 'The admin’s own pastizzi' });
    const reviewer = await signUp(app);
    const reviewId = await insertReview(owningAdmin.vendorId, reviewer.userId);
    const reporter = await signUp(app);
    await report(reporter, 'OFFER', offerId);
    await report(reporter, 'REVIEW', reviewId, 'FAKE_REVIEW');
    await report(reporter, 'VENDOR', owningAdmin.vendorId);

    for (const [kind, itemId] of [['OFFER', offerId], ['REVIEW', reviewId], ['VENDOR', owningAdmin.vendorId]] as const) {
      const response = await decide(owningAdmin, kind, itemId, { outcome: 'KEPT' });
      expect(response.statusCode, kind).toBe(403);
      expect(response.json()).toMatchObject({ code: 'adminOwnBusiness', message: MESSAGES.adminOwnBusiness });
    }
    expect(await db().select().from(reports).where(and(eq(reports.reporterUserId, reporter.userId), eq(reports.status, 'OPEN')))).toHaveLength(3);
    // Another admin may decide them.
    const other = await signUpAdmin();
    expect((await decide(other, 'OFFER', offerId, { outcome: 'KEPT' })).statusCode).toBe(200);
  });
});

let photoCount = 0;
async function uploadReceipt(shopper: Account, vendorId: number, offerId?: number): Promise<number> {
  photoCount += 1;
  const { payload, headers } = multipartBody({ vendorId, offerId }, [
    { field: 'files', filename: 'receipt.png', contentType: 'image/png', content: await makePng(60, 90, photoCount / 1000 + 0.5) },
  ]);
  const response = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies: shopper.cookies });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
  return bodyOf(response, receiptResponseSchema).data.receiptId;
}

/** A receipt the automatic check VERIFIED (written as OCR would) and the shop's owner then REJECTED through the API. */
async function disputedReceipt(owner: Account, shopper: Account, vendorId: number, offerId?: number) {
  const receiptId = await uploadReceipt(shopper, vendorId, offerId);
  await db().update(receipts).set({ status: 'VERIFIED', autoStatus: 'VERIFIED', checkedAt: new Date() }).where(eq(receipts.id, receiptId));
  const rejected = await call(owner, 'POST', `/api/v1/receipts/${receiptId}/decision`, { status: 'REJECTED', reason: 'Not from our till' });
  if (rejected.statusCode !== 200) throw new Error(`owner decision failed: ${rejected.body}`);
  return receiptId;
}

describe('receipt disputes', () => {
  it('lists receipts the shop rejected after the automatic check verified them, oldest first, with files an admin may open', async () => {
    const admin = await signUpAdmin();
    const owner = await buildShop(app, { business: { businessName: 'Disputed Deli' } });
    const offerId = await createOffer(app, owner, { title: 'Deli platter' });
    const shopper = await signUp(app);
    const stranger = await signUp(app);
    const older = await disputedReceipt(owner, shopper, owner.vendorId, offerId);
    const newer = await disputedReceipt(owner, shopper, owner.vendorId);
    // Not disputes: one the owner confirmed, one the check did not verify that the owner rejected.
    const confirmed = await uploadReceipt(shopper, owner.vendorId);
    await db().update(receipts).set({ status: 'VERIFIED', autoStatus: 'VERIFIED' }).where(eq(receipts.id, confirmed));
    const unverified = await uploadReceipt(shopper, owner.vendorId);
    await db().update(receipts).set({ status: 'REJECTED', autoStatus: 'NEEDS_REVIEW' }).where(eq(receipts.id, unverified));

    const response = await call(admin, 'GET', '/api/v1/admin/receipt-disputes');
    expect(response.statusCode).toBe(200);
    const data = bodyOf(response, receiptDisputesResponseSchema).data.filter((dispute) => [older, newer, confirmed, unverified].includes(dispute.receiptId));
    expect(data.map((dispute) => dispute.receiptId)).toEqual([older, newer]);
    expect(data[0]).toEqual({
      receiptId: older,
      vendorId: owner.vendorId,
      businessName: 'Disputed Deli',
      offerId,
      offerTitle: 'Deli platter',
      shopper: { userId: shopper.userId, username: shopper.username, formerShopper: false },
      autoStatus: 'VERIFIED',
      status: 'REJECTED',
      ownerReason: 'Not from our till',
      createdAt: expect.any(String),
      decidedAt: expect.any(String),
      files: [{ fileId: expect.any(Number), contentType: 'image/png', url: expect.stringMatching(new RegExp(`^/api/v1/receipts/${older}/files/\\d+$`)) }],
    });
    const url = data[0]?.files[0]?.url ?? '';
    const file = await call(admin, 'GET', url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');
    expect((await call(stranger, 'GET', url)).statusCode).toBe(403);
    // A receipt that is no dispute stays between its shopper and its shop, admins included.
    const [confirmedFile] = await db().select({ id: receiptFiles.id }).from(receiptFiles).where(eq(receiptFiles.receiptId, confirmed));
    const notDisputed = await call(admin, 'GET', `/api/v1/receipts/${confirmed}/files/${confirmedFile?.id ?? 0}`);
    expect(notDisputed.statusCode).toBe(403);
    expect(notDisputed.json()).toMatchObject({ code: 'receiptNotYours' });
    expect((await call(owner, 'GET', `/api/v1/receipts/${confirmed}/files/${confirmedFile?.id ?? 0}`)).statusCode).toBe(200);
  });

  it('settles a dispute: the verdict becomes the receipt’s status, the shopper is told, the action logged; settling again is 409', async () => {
    const admin = await signUpAdmin();
    const owner = await buildShop(app, { business: { businessName: 'Settled Shop' } });
    const shopper = await signUp(app);
    const receiptId = await disputedReceipt(owner, shopper, owner.vendorId);
    const settle = (payload: object, account: { cookies: Record<string, string> } = admin) => call(account, 'POST', `/api/v1/admin/receipts/${receiptId}/settlement`, payload);

    // Rejected by the shop, the receipt is no purchase yet: it grants no review.
    const review = () => call(shopper, 'POST', '/api/v1/reviews', { receiptId, stars: 5, text: 'Lovely' });
    expect((await review()).statusCode).toBe(403);
    expect((await settle({ status: 'VERIFIED' })).json().fieldErrors.reason).toBe(MESSAGES.decisionReasonRequired);
    expect((await settle({ status: 'PENDING', reason: 'x' })).json().fieldErrors.status).toBe(MESSAGES.settlementStatusInvalid);

    const reason = 'The till roll matches the receipt';
    const response = await settle({ status: 'VERIFIED', reason });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { receiptId, status: 'VERIFIED', settledAt: expect.any(String) } });
    const [row] = await db().select().from(receipts).where(eq(receipts.id, receiptId));
    expect(row).toMatchObject({ status: 'VERIFIED', autoStatus: 'VERIFIED', settledByUserId: admin.userId, settledReason: reason });
    expect(row?.settledAt?.toISOString()).toBe(response.json().data.settledAt);
    const told = await notificationsOf(shopper.userId, 'RECEIPT_DECIDED');
    expect(told).toContainEqual({ receiptId, status: 'VERIFIED', businessName: 'Settled Shop', reason });
    expect(await actionsOn('RECEIPT', receiptId)).toEqual([expect.objectContaining({ adminUserId: admin.userId, action: 'SETTLE_RECEIPT', reason })]);
    // Settled VERIFIED, it counts as a purchase: the shopper may review it.
    expect((await review()).statusCode).toBe(201);

    // Settled: no longer a dispute.
    const again = await settle({ status: 'REJECTED', reason: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'receiptNotDisputed', message: MESSAGES.receiptNotDisputed });
    const listed = bodyOf(await call(admin, 'GET', '/api/v1/admin/receipt-disputes'), receiptDisputesResponseSchema).data;
    expect(listed.map((dispute) => dispute.receiptId)).not.toContain(receiptId);
  });

  it('answers 409 for a receipt that is no dispute, 404 for none, 403 for one of the admin’s own shop', async () => {
    const admin = await signUpAdmin();
    const owner = await buildShop(app);
    const shopper = await signUp(app);
    const plain = await uploadReceipt(shopper, owner.vendorId);
    const settle = (receiptId: number, account: { cookies: Record<string, string> } = admin) =>
      call(account, 'POST', `/api/v1/admin/receipts/${receiptId}/settlement`, { status: 'REJECTED', reason: 'Fake receipt' });
    expect((await settle(plain)).json()).toMatchObject({ statusCode: 409, code: 'receiptNotDisputed' });
    expect((await settle(999_999)).json()).toMatchObject({ statusCode: 404, code: 'receiptNotFound' });

    await makeAdmin(owner);
    const own = await disputedReceipt(owner, shopper, owner.vendorId);
    expect((await settle(own, owner)).json()).toMatchObject({ statusCode: 403, code: 'adminOwnBusiness' });
    const [row] = await db().select().from(receipts).where(eq(receipts.id, own));
    expect(row?.settledAt).toBeNull();
  });
});

describe('GET /api/v1/admin/actions', () => {
  it('lists every admin action newest first, 50 a page, with an opaque cursor; a bad cursor is 400', async () => {
    const admin = await signUpAdmin();
    const [before] = await db().select({ newest: sql<number>`coalesce(max(${adminActions.id}), 0)::integer` }).from(adminActions);
    const base = Number(before?.newest ?? 0);
    const total = ADMIN_ACTIONS_PAGE_SIZE + 5;
    await db().insert(adminActions).values(
      Array.from({ length: total }, (_, index) => ({ adminUserId: admin.userId, action: 'KEEP_ITEM' as const, itemKind: 'OFFER' as const, itemId: 900_000 + index, reason: `reason ${index}` })),
    );

    const first = await call(admin, 'GET', '/api/v1/admin/actions');
    expect(first.statusCode).toBe(200);
    const page = bodyOf(first, adminActionsResponseSchema);
    expect(page.data).toHaveLength(ADMIN_ACTIONS_PAGE_SIZE);
    expect(page.data[0]).toEqual({
      actionId: base + total,
      admin: { userId: admin.userId, username: admin.username, formerShopper: false },
      action: 'KEEP_ITEM',
      itemKind: 'OFFER',
      itemId: 900_000 + total - 1,
      reason: `reason ${total - 1}`,
      createdAt: expect.any(String),
    });
    const ids = page.data.map((action) => action.actionId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.nextCursor).toEqual(expect.any(String));

    const second = bodyOf(await call(admin, 'GET', `/api/v1/admin/actions?cursor=${page.nextCursor ?? ''}`), adminActionsResponseSchema);
    expect(second.data[0]?.actionId).toBe((ids.at(-1) ?? 0) - 1);
    expect(second.data.filter((action) => action.itemId >= 900_000)).toHaveLength(5);

    // An action whose admin's account is gone names no admin.
    const gone = await signUpAdmin();
    await db().insert(adminActions).values({ adminUserId: gone.userId, action: 'SETTLE_RECEIPT', itemKind: 'RECEIPT', itemId: 1, reason: 'r' });
    await db().delete(users).where(eq(users.id, gone.userId));
    const newest = (await call(admin, 'GET', '/api/v1/admin/actions')).json().data[0];
    expect(newest).toMatchObject({ admin: null, action: 'SETTLE_RECEIPT' });

    for (const cursor of ['nonsense', Buffer.from('{"b":-1}').toString('base64url'), Buffer.from('[]').toString('base64url')]) {
      const response = await call(admin, 'GET', `/api/v1/admin/actions?cursor=${cursor}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'cursorInvalid' });
    }
  });
});

describe('GET /api/v1/admin/overview', () => {
  it('counts businesses by state, live offers, this week’s active shoppers, receipts by verdict, open reports and disputes (worked out by hand)', async () => {
    // A database of only the rows below.
    await db().execute(sql`TRUNCATE users, admin_actions, rate_limit_counters RESTART IDENTITY CASCADE`);
    const admin = await signUpAdmin();
    const [category] = await db().select().from(categories).limit(1);
    if (!category) throw new Error('no category');

    const active = await insertShop(db(), { businessName: 'Live Shop' });
    const activeToo = await insertShop(db(), { businessName: 'Other Live Shop' });
    const suspended = await insertShop(db(), { businessName: 'Suspended', status: 'SUSPENDED' });
    await insertShop(db(), { businessName: 'Pending', status: 'PENDING' });
    await insertShop(db(), { businessName: 'Rejected', status: 'REJECTED' });
    await insertShop(db(), { businessName: 'Closed', status: 'CLOSED' });

    const offer = (vendorId: number, values: Partial<typeof offers.$inferInsert> = {}) => ({
      vendorId,
      categoryId: category.categoryId,
      title: 'Offer',
      description: 'An offer',
      discountType: 'PERCENTAGE' as const,
      discountValue: '10',
      startDate: maltaDay(-3),
      endDate: maltaDay(3),
      locationLatitude: HERE.latitude,
      locationLongitude: HERE.longitude,
      ...values,
    });
    const inserted = await db()
      .insert(offers)
      .values([
        offer(active.vendorId), // live
        offer(active.vendorId, { endDate: maltaDay(0) }), // live: ends today
        offer(active.vendorId, { redemptionLimit: 'LIMITED', maxRedemptions: 3, redeemedCount: 2 }), // live: a unit left
        offer(active.vendorId, { endDate: maltaDay(-1) }), // ended yesterday
        offer(active.vendorId, { status: 'PAUSED' }),
        offer(active.vendorId, { redemptionLimit: 'LIMITED', maxRedemptions: 2, redeemedCount: 2 }), // sold out
        offer(activeToo.vendorId, { status: 'REMOVED' }),
        offer(suspended.vendorId), // its business is suspended
      ])
      .returning({ offerId: offers.offerId });
    const liveOfferId = inserted[0]?.offerId ?? 0;

    // This week began on Monday 00:00 in Malta.
    const weekStart = maltaMidnight(weekOf(maltaToday()).from);
    const lastWeek = new Date(weekStart.getTime() - 60_000);
    const viewer = await signUp(app);
    const saver = await signUp(app);
    const buyer = await signUp(app);
    const lapsed = await signUp(app);
    await db().insert(offerEvents).values([
      { offerId: liveOfferId, vendorId: active.vendorId, userId: viewer.userId, kind: 'VIEW' },
      { offerId: liveOfferId, vendorId: active.vendorId, userId: viewer.userId, kind: 'DIRECTIONS' },
      { offerId: liveOfferId, vendorId: active.vendorId, userId: lapsed.userId, kind: 'VIEW', createdAt: lastWeek },
      { offerId: liveOfferId, vendorId: active.vendorId, userId: null, kind: 'IMPRESSION' },
    ]);
    await db().insert(favorites).values([
      { userId: saver.userId, offerId: liveOfferId },
      { userId: viewer.userId, offerId: inserted[1]?.offerId ?? 0 },
      { userId: lapsed.userId, offerId: inserted[2]?.offerId ?? 0, createdAt: lastWeek },
    ]);
    await db().insert(offerClaims).values({ offerId: liveOfferId, vendorId: active.vendorId, userId: buyer.userId, code: 'ABCDEFGH' });
    await db().insert(receipts).values([
      { consumerUserId: buyer.userId, vendorId: active.vendorId, status: 'PENDING' },
      { consumerUserId: buyer.userId, vendorId: active.vendorId, status: 'VERIFIED', autoStatus: 'VERIFIED' },
      { consumerUserId: buyer.userId, vendorId: active.vendorId, status: 'VERIFIED', autoStatus: 'VERIFIED', settledAt: new Date(), settledReason: 'ok' },
      { consumerUserId: buyer.userId, vendorId: active.vendorId, status: 'REJECTED', autoStatus: 'VERIFIED' }, // an open dispute
      { consumerUserId: buyer.userId, vendorId: active.vendorId, status: 'REJECTED', autoStatus: 'VERIFIED', settledAt: new Date(), settledReason: 'fake' },
      { consumerUserId: buyer.userId, vendorId: active.vendorId, status: 'REJECTED', autoStatus: 'REJECTED' },
      { consumerUserId: buyer.userId, vendorId: active.vendorId, status: 'NEEDS_REVIEW', autoStatus: 'NEEDS_REVIEW' },
    ]);
    await db().insert(reports).values([
      { reporterUserId: viewer.userId, itemKind: 'OFFER', itemId: liveOfferId, reason: 'MISLEADING' },
      { reporterUserId: saver.userId, itemKind: 'OFFER', itemId: liveOfferId, reason: 'ILLEGAL' },
      { reporterUserId: saver.userId, itemKind: 'VENDOR', itemId: activeToo.vendorId, reason: 'ILLEGAL' },
      { reporterUserId: viewer.userId, itemKind: 'VENDOR', itemId: activeToo.vendorId, reason: 'ILLEGAL', status: 'KEPT' },
      { reporterUserId: buyer.userId, itemKind: 'VENDOR', itemId: active.vendorId, reason: 'ILLEGAL', status: 'REMOVED' },
    ]);

    const response = await call(admin, 'GET', '/api/v1/admin/overview');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        // Six businesses: two ACTIVE and one in each other state.
        vendors: { PENDING: 1, ACTIVE: 2, REJECTED: 1, SUSPENDED: 1, CLOSED: 1 },
        // Running, ending today, and a LIMITED one with a unit left; not the ended, paused, sold-out, removed one or the suspended shop's.
        offersLive: 3,
        // viewer (events, a saved offer), saver (a saved offer), buyer (a claim, receipts); not lapsed (last week only) nor the admin.
        shoppersActiveThisWeek: 3,
        receipts: { PENDING: 1, VERIFIED: 2, REJECTED: 3, NEEDS_REVIEW: 1 },
        // Two items with an OPEN report: the live offer (two reports) and the other shop.
        openReports: 2,
        // Auto-verified, rejected by the shop, not settled: one.
        openDisputes: 1,
        // Issue 24: no burst of new accounts anywhere.
        suspiciousOpen: 0,
      },
    });
  });
});

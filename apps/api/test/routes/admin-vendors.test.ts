/**
 * Businesses are checked before shoppers see them (issue 14): the admin's list, documents and decisions, the owner's
 * resubmission, what shoppers see of a PENDING or SUSPENDED shop, ADMIN_USERNAMES at boot and `npm run admin`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, formatMessage, offersResponseSchema } from '@qrib/shared';
import { adminVendorsResponseSchema } from '@qrib/shared/admin-vendor-schemas';
import type { App } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { selectRows } from '../../src/db/client.ts';
import { adminActions, notifications, offers, users } from '../../src/db/schema.ts';
import { grantAdmin, insertAdminAction } from '../../src/domains/businesses/repository/admin-vendors.ts';
import { grantAdminsAtBoot } from '../../src/domains/accounts/admin-role.ts';
import { runAdminCli } from '../../scripts/admin-cli.ts';
import { dataDirHolder, holdDataDir } from '../../src/kernel/data-dir-lock.ts';
import { buildOffer, buildPendingShop, buildShop, createOffer } from '../factories.ts';
import { makePng, multipartBody } from '../fixtures.ts';
import { bodyOf, signUp, testConfig, useTestApp, type TestDatabase } from '../helpers.ts';

let testDb: TestDatabase;
let app: App;
useTestApp({ uploadsPrefix: 'qrib-admin-vendors-' }, (made) => ({ testDb, app } = made));

type Account = Awaited<ReturnType<typeof signUp>>;

async function buildAdmin(): Promise<Account> {
  const admin = await signUp(app);
  await app.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.userId));
  return admin;
}

function decide(admin: { cookies: Record<string, string> }, vendorId: number, status: string, reason?: string | null) {
  return app.inject({ method: 'POST', url: `/api/v1/admin/vendors/${vendorId}/decision`, cookies: admin.cookies, payload: { status, reason } });
}

function list(account: { cookies: Record<string, string> }, query: string) {
  return app.inject({ method: 'GET', url: `/api/v1/admin/vendors${query}`, cookies: account.cookies });
}

let words = 0;
/** A word no other offer of the test database has, for search. */
function uniqueWord(): string {
  words += 1;
  return `zq${String.fromCharCode(97 + (words % 26))}${String.fromCharCode(97 + Math.floor(words / 26))}olive`;
}

/** Where a shopper finds the offer: nearby, its category, search, the shop page and the offer page. */
async function whatShopperSees(shopper: Account, vendorId: number, offerId: number, word: string) {
  const get = (url: string) => app.inject({ method: 'GET', url, cookies: shopper.cookies });
  const here = 'latitude=35.8989&longitude=14.5146&radiusKm=5';
  const nearby = await get(`/api/v1/offers/nearby-offers?${here}`);
  const category = await get(`/api/v1/offers/nearby-offers?${here}&categoryId=1`);
  const search = await get(`/api/v1/offers/search?q=${word}`);
  const shop = await get(`/api/v1/vendors/${vendorId}`);
  const offer = await get(`/api/v1/offers/${offerId}`);
  return {
    nearby: nearby.body.includes(word),
    category: category.body.includes(word),
    search: search.body.includes(word),
    shop: shop.statusCode,
    offer: offer.statusCode,
  };
}

const hidden = { nearby: false, category: false, search: false, shop: 404, offer: 404 };
const shown = { nearby: true, category: true, search: true, shop: 200, offer: 200 };

describe('GET /api/v1/admin/vendors', () => {
  it('answers 400 without a status, and lists each state oldest first with the owner and the documents', async () => {
    const admin = await buildAdmin();
    const missing = await list(admin, '');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('adminStatusRequired');
    expect((await list(admin, '?status=CLOSED')).statusCode).toBe(400);

    const first = await buildPendingShop(app);
    const second = await buildPendingShop(app);
    const approved = await buildPendingShop(app);
    const refused = await buildPendingShop(app);
    const suspended = await buildPendingShop(app);
    expect((await decide(admin, approved.vendorId, 'ACTIVE')).statusCode).toBe(200);
    expect((await decide(admin, refused.vendorId, 'REJECTED', 'The licence is unreadable.')).statusCode).toBe(200);
    expect((await decide(admin, suspended.vendorId, 'ACTIVE')).statusCode).toBe(200);
    expect((await decide(admin, suspended.vendorId, 'SUSPENDED', 'Misleading offers.')).statusCode).toBe(200);

    const pending = await list(admin, '?status=PENDING');
    expect(pending.statusCode, pending.body).toBe(200);
    const pendingIds = bodyOf(pending, adminVendorsResponseSchema).data.map((vendor) => vendor.vendorId);
    expect(pendingIds.indexOf(first.vendorId)).toBeGreaterThanOrEqual(0);
    expect(pendingIds.indexOf(first.vendorId)).toBeLessThan(pendingIds.indexOf(second.vendorId));
    expect(pendingIds).not.toContain(approved.vendorId);
    const entry = bodyOf(pending, adminVendorsResponseSchema).data.find((vendor) => vendor.vendorId === first.vendorId);
    expect(entry).toEqual({
      vendorId: first.vendorId,
      businessName: `Shop of ${first.username}`,
      businessType: 'OTHER',
      businessAddress: 'Triq San Pawl, Valletta',
      status: 'PENDING',
      statusReason: null,
      statusChangedAt: expect.any(String),
      owner: { userId: first.userId, username: first.username, formerShopper: false },
      documents: [{ documentId: expect.any(Number), contentType: 'image/png', url: expect.stringMatching(`^/api/v1/admin/vendors/${first.vendorId}/documents/\\d+$`) }],
      // Issue 24: no receipt verified automatically, none disputed.
      disputeRate: { disputes: 0, autoVerified: 0 },
    });
    expect(pending.json().nextCursor).toBeNull();

    const ids = async (status: string) => bodyOf(await list(admin, `?status=${status}`), adminVendorsResponseSchema).data.map((vendor) => vendor.vendorId);
    expect(await ids('ACTIVE')).toContain(approved.vendorId);
    expect(await ids('REJECTED')).toEqual([refused.vendorId]);
    expect(await ids('SUSPENDED')).toEqual([suspended.vendorId]);
    const refusedEntry = (await list(admin, '?status=REJECTED')).json().data[0];
    expect(refusedEntry.statusReason).toBe('The licence is unreadable.');

    // The document: the admin gets the file; the shopper and the owner (through this route) get 403.
    const url = entry?.documents[0]?.url ?? '';
    const file = await app.inject({ method: 'GET', url, cookies: admin.cookies });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const shopper = await signUp(app);
    for (const other of [shopper, first]) {
      const refusedFile = await app.inject({ method: 'GET', url, cookies: other.cookies });
      expect(refusedFile.statusCode).toBe(403);
      expect(refusedFile.json().code).toBe('adminOnly');
    }
    // Another business's document id under this business: 404.
    const otherDocument = bodyOf(pending, adminVendorsResponseSchema).data.find((vendor) => vendor.vendorId === second.vendorId)
      ?.documents[0]?.documentId;
    expect(otherDocument).toBeDefined();
    expect((await app.inject({ method: 'GET', url: `/api/v1/admin/vendors/${first.vendorId}/documents/${otherDocument}`, cookies: admin.cookies })).statusCode).toBe(404);
  });

  it('pages with a cursor, oldest first', async () => {
    const admin = await buildAdmin();
    const made = [];
    for (let index = 0; index < 51; index += 1) made.push(await buildPendingShop(app));
    const firstPage = await list(admin, '?status=PENDING');
    const { data, nextCursor } = bodyOf(firstPage, adminVendorsResponseSchema);
    expect(data).toHaveLength(50);
    expect(nextCursor).not.toBeNull();
    const secondPage = await list(admin, `?status=PENDING&cursor=${nextCursor}`);
    const rest = bodyOf(secondPage, adminVendorsResponseSchema).data.map((vendor) => vendor.vendorId);
    const all = [...data.map((vendor) => vendor.vendorId), ...rest];
    expect(new Set(all).size).toBe(all.length);
    for (const shop of made) expect(all).toContain(shop.vendorId);
    expect(secondPage.json().nextCursor).toBeNull();
    // A cursor that is not one of ours is refused, never answered with the first page again.
    for (const cursor of ['not-a-cursor', Buffer.from('{"at":"soon","id":1}').toString('base64url')]) {
      const refused = await list(admin, `?status=PENDING&cursor=${cursor}`);
      expect(refused.statusCode, refused.body.slice(0, 300)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'cursorInvalid', fieldErrors: { cursor: MESSAGES.cursorInvalid } });
    }
  });
});

describe('admin routes for everyone else', () => {
  it('answers 403 adminOnly to a shopper and an owner on every admin route, whatever they send', async () => {
    const shopper = await signUp(app);
    const owner = await buildShop(app);
    const target = await buildPendingShop(app);
    for (const account of [shopper, owner]) {
      const answers = [
        await list(account, '?status=PENDING'),
        await list(account, ''),
        await app.inject({ method: 'GET', url: `/api/v1/admin/vendors/${target.vendorId}/documents/1`, cookies: account.cookies }),
        await decide(account, target.vendorId, 'ACTIVE'),
        await decide(account, owner.vendorId, 'SUSPENDED'),
        await decide(account, target.vendorId, 'NONSENSE'),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(403);
        expect(answer.json().code).toBe('adminOnly');
      }
    }
    expect((await app.inject({ method: 'GET', url: '/api/v1/admin/vendors?status=PENDING' })).statusCode).toBe(401);
    expect((await testDb.database.db.select().from(adminActions).where(eq(adminActions.itemId, target.vendorId))).length).toBe(0);
  });
});

describe('POST /api/v1/admin/vendors/:vendorId/decision', () => {
  it('allows exactly PENDING → ACTIVE or REJECTED, ACTIVE → SUSPENDED, SUSPENDED → ACTIVE; anything else 409', async () => {
    const admin = await buildAdmin();
    const expectRefused = async (vendorId: number, from: string, to: string) => {
      const response = await decide(admin, vendorId, to, 'Because.');
      expect(response.statusCode, `${from} → ${to}`).toBe(409);
      expect(response.json()).toMatchObject({ code: 'decisionNotAllowed', params: { from, to }, message: formatMessage(MESSAGES.decisionNotAllowed, { from, to }) });
    };
    const shop = await buildPendingShop(app);
    await expectRefused(shop.vendorId, 'PENDING', 'SUSPENDED');
    const approved = await decide(admin, shop.vendorId, 'ACTIVE');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ vendorId: shop.vendorId, status: 'ACTIVE', statusReason: null, owner: { userId: shop.userId } });
    await expectRefused(shop.vendorId, 'ACTIVE', 'ACTIVE');
    await expectRefused(shop.vendorId, 'ACTIVE', 'REJECTED');
    const suspended = await decide(admin, shop.vendorId, 'SUSPENDED', 'Offers that were never honoured.');
    expect(suspended.json().data).toMatchObject({ status: 'SUSPENDED', statusReason: 'Offers that were never honoured.' });
    await expectRefused(shop.vendorId, 'SUSPENDED', 'SUSPENDED');
    await expectRefused(shop.vendorId, 'SUSPENDED', 'REJECTED');
    const reinstated = await decide(admin, shop.vendorId, 'ACTIVE');
    expect(reinstated.json().data).toMatchObject({ status: 'ACTIVE', statusReason: null });

    const refused = await buildPendingShop(app);
    expect((await decide(admin, refused.vendorId, 'REJECTED', 'No licence.')).json().data).toMatchObject({ status: 'REJECTED', statusReason: 'No licence.' });
    // Approving a refused registration needs a resubmission first.
    await expectRefused(refused.vendorId, 'REJECTED', 'ACTIVE');
    await expectRefused(refused.vendorId, 'REJECTED', 'SUSPENDED');
    await expectRefused(refused.vendorId, 'REJECTED', 'REJECTED');
  });

  it('requires a reason to refuse or suspend (400 on the field), at most 1000 characters', async () => {
    const admin = await buildAdmin();
    const shop = await buildPendingShop(app);
    for (const reason of [undefined, null, '', '   ']) {
      const response = await decide(admin, shop.vendorId, 'REJECTED', reason);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors?.reason).toBe(MESSAGES.decisionReasonRequired);
    }
    expect((await decide(admin, shop.vendorId, 'REJECTED', 'x'.repeat(1001))).statusCode).toBe(400);
    expect((await decide(admin, shop.vendorId, 'CLOSED', 'Why')).json().code).toBe('decisionStatusInvalid');
    expect((await decide(admin, shop.vendorId, 'ACTIVE')).statusCode).toBe(200);
    const noReason = await decide(admin, shop.vendorId, 'SUSPENDED');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors?.reason).toBe(MESSAGES.decisionReasonRequired);
    expect((await list(admin, '?status=ACTIVE')).json().data.some((vendor: { vendorId: number }) => vendor.vendorId === shop.vendorId)).toBe(true);
  });

  it('refuses an admin deciding on their own business (403) and an unknown business (404)', async () => {
    const admin = await buildAdmin();
    const own = await app.inject({
      method: 'POST',
      url: '/api/v1/vendors/',
      ...multipartBody(
        {
          businessName: 'Admin’s own shop',
          businessType: 'OTHER',
          businessAddress: 'Triq il-Merkanti, Valletta',
          locationLatitude: 35.8989,
          locationLongitude: 14.5146,
          primaryContactName: 'Admin',
          contactEmail: admin.email,
          contactPhone: admin.phone,
        },
        [{ field: 'documents', filename: 'licence.png', contentType: 'image/png', content: await makePng(8, 8) }],
      ),
      cookies: admin.cookies,
    });
    expect(own.statusCode, own.body).toBe(201);
    const refused = await decide(admin, own.json().data.vendorId, 'ACTIVE');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('adminOwnBusiness');
    const unknown = await decide(admin, 999_999, 'ACTIVE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('vendorNotFoundAdmin');
  });

  it('records the decision in admin_actions and rings the owner’s bell with the reason', async () => {
    const admin = await buildAdmin();
    const shop = await buildPendingShop(app);
    await decide(admin, shop.vendorId, 'ACTIVE', 'All in order.');
    await decide(admin, shop.vendorId, 'SUSPENDED', 'Misleading prices.');
    await decide(admin, shop.vendorId, 'ACTIVE');
    const refused = await buildPendingShop(app);
    await decide(admin, refused.vendorId, 'REJECTED', 'Blurry licence.');
    const db = testDb.database.db;
    const actions = await db.select().from(adminActions).where(eq(adminActions.itemKind, 'VENDOR'));
    const about = (vendorId: number) =>
      actions.filter((row) => row.itemId === vendorId).map((row) => ({ action: row.action, reason: row.reason, adminUserId: row.adminUserId }));
    expect(about(shop.vendorId)).toEqual([
      { action: 'APPROVE_VENDOR', reason: 'All in order.', adminUserId: admin.userId },
      { action: 'SUSPEND_VENDOR', reason: 'Misleading prices.', adminUserId: admin.userId },
      { action: 'REINSTATE_VENDOR', reason: null, adminUserId: admin.userId },
    ]);
    expect(about(refused.vendorId)).toEqual([{ action: 'REJECT_VENDOR', reason: 'Blurry licence.', adminUserId: admin.userId }]);
    const bell = await db.select().from(notifications).where(and(eq(notifications.userId, shop.userId), eq(notifications.kind, 'BUSINESS_STATUS')));
    expect(bell.map((row) => row.payload)).toEqual([
      { vendorId: shop.vendorId, businessName: `Shop of ${shop.username}`, status: 'ACTIVE', reason: 'All in order.' },
      { vendorId: shop.vendorId, businessName: `Shop of ${shop.username}`, status: 'SUSPENDED', reason: 'Misleading prices.' },
      { vendorId: shop.vendorId, businessName: `Shop of ${shop.username}`, status: 'ACTIVE', reason: null },
    ]);
    // A refused decision writes nothing.
    await decide(admin, refused.vendorId, 'ACTIVE');
    expect((await db.select().from(adminActions).where(eq(adminActions.itemId, refused.vendorId))).length).toBe(1);
    // The owner sees the state and the reason on GET /vendors/me.
    const me = await app.inject({ method: 'GET', url: '/api/v1/vendors/me', cookies: refused.cookies });
    expect(me.json().data).toMatchObject({ status: 'REJECTED', statusReason: 'Blurry licence.', statusChangedAt: expect.any(String) });
  });

  it('lets only one of two admins deciding at once win', async () => {
    const first = await buildAdmin();
    const second = await buildAdmin();
    const shop = await buildPendingShop(app);
    const answers = await Promise.all([decide(first, shop.vendorId, 'ACTIVE'), decide(second, shop.vendorId, 'REJECTED', 'No.')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const actions = await testDb.database.db.select().from(adminActions).where(eq(adminActions.itemId, shop.vendorId));
    expect(actions).toHaveLength(1);
  });
});

describe('POST /api/v1/vendors/me/resubmission', () => {
  const fields = (account: Account, businessName: string) => ({
    businessName,
    businessType: 'GROCERY',
    businessAddress: 'Triq il-Kbira, Żebbuġ',
    locationLatitude: 35.8722,
    locationLongitude: 14.4411,
    primaryContactName: 'Owner',
    contactEmail: account.email,
    contactPhone: account.phone,
  });

  it('sends a refused business again, corrected, as PENDING with the reason cleared and new documents added', async () => {
    const admin = await buildAdmin();
    const shop = await buildPendingShop(app);
    const early = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/resubmission', ...multipartBody(fields(shop, 'Too early')), cookies: shop.cookies });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('businessNotRejected');

    await decide(admin, shop.vendorId, 'REJECTED', 'The licence is for another address.');
    const again = await app.inject({
      method: 'POST',
      url: '/api/v1/vendors/me/resubmission',
      ...multipartBody(fields(shop, 'Ġanni’s Grocer'), [{ field: 'documents', filename: 'licence-2.png', contentType: 'image/png', content: await makePng(9, 9) }]),
      cookies: shop.cookies,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ vendorId: shop.vendorId, businessName: 'Ġanni’s Grocer', businessType: 'GROCERY', status: 'PENDING', statusReason: null });
    expect(again.json().data.documents).toHaveLength(2);
    // Pending again: the admin may approve it now; sending it again meanwhile is a conflict.
    const twice = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/resubmission', ...multipartBody(fields(shop, 'Twice')), cookies: shop.cookies });
    expect(twice.statusCode).toBe(409);
    expect((await decide(admin, shop.vendorId, 'ACTIVE')).statusCode).toBe(200);
    const active = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/resubmission', ...multipartBody(fields(shop, 'Active')), cookies: shop.cookies });
    expect(active.statusCode).toBe(409);
    // A bad field is refused like registration's (400), and an account with no business gets 403.
    await decide(admin, shop.vendorId, 'SUSPENDED', 'x');
    const shopper = await signUp(app);
    expect((await app.inject({ method: 'POST', url: '/api/v1/vendors/me/resubmission', ...multipartBody(fields(shopper, 'None')), cookies: shopper.cookies })).statusCode).toBe(403);
  });

  it('refuses invalid fields with 400 and keeps the business REJECTED', async () => {
    const admin = await buildAdmin();
    const shop = await buildPendingShop(app);
    await decide(admin, shop.vendorId, 'REJECTED', 'Wrong name.');
    const bad = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/resubmission', ...multipartBody({ ...fields(shop, ''), businessName: '' }), cookies: shop.cookies });
    expect(bad.statusCode).toBe(400);
    const me = await app.inject({ method: 'GET', url: '/api/v1/vendors/me', cookies: shop.cookies });
    expect(me.json().data).toMatchObject({ status: 'REJECTED', statusReason: 'Wrong name.' });
  });
});

describe('what shoppers see of a business Qrib has not approved', () => {
  it('hides a PENDING shop’s ACTIVE offer everywhere until it is approved; its owner sees and prepares it', async () => {
    const admin = await buildAdmin();
    const shopper = await signUp(app);
    const shop = await buildPendingShop(app);
    const word = uniqueWord();
    const offerId = await createOffer(app, shop, { title: `Olives ${word}` });
    expect(await whatShopperSees(shopper, shop.vendorId, offerId, word)).toEqual(hidden);
    // Shoppers cannot save it or claim a code for it.
    expect((await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/claims`, cookies: shopper.cookies })).statusCode).toBe(404);
    // The owner sees their own shop, offer and list.
    expect((await app.inject({ method: 'GET', url: `/api/v1/vendors/${shop.vendorId}`, cookies: shop.cookies })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/v1/offers/${offerId}`, cookies: shop.cookies })).statusCode).toBe(200);
    const own = await app.inject({ method: 'GET', url: '/api/v1/vendors/me/offers', cookies: shop.cookies });
    expect(bodyOf(own, offersResponseSchema).data.map((offer) => offer.offerId)).toEqual([offerId]);

    await decide(admin, shop.vendorId, 'ACTIVE');
    expect(await whatShopperSees(shopper, shop.vendorId, offerId, word)).toEqual(shown);
  });

  it('takes a SUSPENDED shop’s offers off every shopper screen from the next fetch; the owner cannot resume them until reinstated', async () => {
    const admin = await buildAdmin();
    const shopper = await signUp(app);
    const shop = await buildShop(app);
    const word = uniqueWord();
    const offerId = await createOffer(app, shop, { title: `Olives ${word}` });
    const paused = await createOffer(app, shop, { title: `Paused ${word}` });
    await app.inject({ method: 'POST', url: `/api/v1/offers/${paused}/pause`, cookies: shop.cookies });
    expect(await whatShopperSees(shopper, shop.vendorId, offerId, word)).toEqual(shown);
    expect((await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${offerId}`, cookies: shopper.cookies })).statusCode).toBeLessThan(300);
    const saved = async () => (await app.inject({ method: 'GET', url: '/api/v1/me/favorites', cookies: shopper.cookies })).body.includes(word);
    expect(await saved()).toBe(true);

    await decide(admin, shop.vendorId, 'SUSPENDED', 'Prices that were never real.');
    expect(await whatShopperSees(shopper, shop.vendorId, offerId, word)).toEqual(hidden);
    expect(await saved()).toBe(false);
    expect((await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/claims`, cookies: shopper.cookies })).statusCode).toBe(404);

    const resume = await app.inject({ method: 'POST', url: `/api/v1/offers/${paused}/resume`, cookies: shop.cookies });
    expect(resume.statusCode).toBe(409);
    expect(resume.json()).toMatchObject({ code: 'businessSuspended', params: { reason: 'Prices that were never real.' } });
    // Pausing is still allowed; the owner's own list still shows everything.
    expect((await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/pause`, cookies: shop.cookies })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/v1/vendors/me/offers', cookies: shop.cookies })).json().data).toHaveLength(2);

    await decide(admin, shop.vendorId, 'ACTIVE');
    expect((await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/resume`, cookies: shop.cookies })).statusCode).toBe(200);
    expect(await whatShopperSees(shopper, shop.vendorId, offerId, word)).toEqual(shown);
  });

  it('rings no saver’s bell for an offer a SUSPENDED shop publishes', async () => {
    const admin = await buildAdmin();
    const shopper = await signUp(app);
    const shop = await buildShop(app);
    const first = await createOffer(app, shop, { title: 'Saved before' });
    await app.inject({ method: 'PUT', url: `/api/v1/me/favorites/${first}`, cookies: shopper.cookies });
    const newOffers = async () =>
      (await app.db.select().from(notifications).where(and(eq(notifications.userId, shopper.userId), eq(notifications.kind, 'NEW_OFFER')))).length;
    await createOffer(app, shop, { title: 'While active' });
    await expect.poll(newOffers).toBe(1);
    await decide(admin, shop.vendorId, 'SUSPENDED', 'Under review.');
    const hiddenOffer = await createOffer(app, shop, { title: 'While suspended' });
    await decide(admin, shop.vendorId, 'ACTIVE');
    // A later offer still rings it: had the suspended one been announced, it would be counted before this one.
    await createOffer(app, shop, { title: 'After reinstatement' });
    await expect.poll(newOffers).toBe(2);
    const payloads = await app.db.select().from(notifications).where(and(eq(notifications.userId, shopper.userId), eq(notifications.kind, 'NEW_OFFER')));
    expect(payloads.map((row) => row.payload.offerId)).not.toContain(hiddenOffer);
  });

  it('never lets an owner change, pause or resume an offer Qrib removed (409)', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop, { title: 'Removed after a report' });
    await app.db.update(offers).set({ status: 'REMOVED', statusReason: 'Misleading.' }).where(eq(offers.offerId, offerId));
    const answers = [
      await app.inject({ method: 'PATCH', url: `/api/v1/offers/${offerId}`, payload: buildOffer({ title: 'Back again' }), cookies: shop.cookies }),
      await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/pause`, cookies: shop.cookies }),
      await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/resume`, cookies: shop.cookies }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().code).toBe('offerRemovedCannotChange');
    }
    const [row] = await app.db.select().from(offers).where(eq(offers.offerId, offerId));
    expect(row).toMatchObject({ status: 'REMOVED', title: 'Removed after a report' });
  });

  it('never streams an offer of a PENDING shop; an approved shop’s offer is streamed', async () => {
    const admin = await buildAdmin();
    const shopper = await signUp(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const controller = new AbortController();
    const response = await fetch(`${base}/api/v1/offers/stream?latitude=35.8989&longitude=14.5146&radiusKm=10`, {
      headers: { authorization: `Bearer ${shopper.token}` },
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    const seen: number[] = [];
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffer += decoder.decode(chunk.value, { stream: true });
        for (let match = /event: offer\ndata: (.+)\n\n/.exec(buffer); match; match = /event: offer\ndata: (.+)\n\n/.exec(buffer)) {
          seen.push((JSON.parse(match[1] ?? '') as { offerId: number }).offerId);
          buffer = buffer.slice(match.index + match[0].length);
        }
      }
    })().catch(() => undefined);
    try {
      const pending = await buildPendingShop(app);
      const hiddenOffer = await createOffer(app, pending, { title: 'Not yet approved' });
      const approved = await buildPendingShop(app);
      await decide(admin, approved.vendorId, 'ACTIVE');
      const shownOffer = await createOffer(app, approved, { title: 'Approved' });
      // Delivered in commit order: the pending shop's offer, published first, would have come before.
      await expect.poll(() => seen, { timeout: 8_000 }).toEqual([shownOffer]);
      expect(seen).not.toContain(hiddenOffer);
    } finally {
      controller.abort();
    }
  });
});

describe('the ADMIN role', () => {
  it('shows isAdmin on /auth/me and /auth/session', async () => {
    const admin = await buildAdmin();
    const shopper = await signUp(app);
    for (const url of ['/api/v1/auth/me', '/api/v1/auth/session']) {
      expect((await app.inject({ method: 'GET', url, cookies: admin.cookies })).json().user.isAdmin).toBe(true);
      expect((await app.inject({ method: 'GET', url, cookies: shopper.cookies })).json().user.isAdmin).toBe(false);
    }
  });

  it('is granted from ADMIN_USERNAMES at boot, recorded once, naming usernames with no account', async () => {
    expect(loadConfig({ ADMIN_USERNAMES: ' rita , joe.b,rita', DATA_DIR: tmpdir() }).adminUsernames).toEqual(['rita', 'joe.b']);
    expect(loadConfig({ DATA_DIR: tmpdir() }).adminUsernames).toEqual([]);
    expect(() => loadConfig({ ADMIN_USERNAMES: 'rita,,x y', DATA_DIR: tmpdir() })).toThrow(/ADMIN_USERNAMES/);

    const account = await signUp(app);
    const lines: string[] = [];
    const log = { info: (_details: object, line: string) => lines.push(`info ${line}`), warn: (_details: object, line: string) => lines.push(`warn ${line}`) };
    await grantAdminsAtBoot(app.db, [account.username.toUpperCase(), 'nobody-here'], log);
    await grantAdminsAtBoot(app.db, [account.username], log);
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: account.cookies });
    expect(me.json().user.isAdmin).toBe(true);
    expect(lines).toContain(`info ADMIN_USERNAMES: admin role for ${account.username}`);
    expect(lines).toContain('warn ADMIN_USERNAMES: no account has the username nobody-here');
    const grants = await testDb.database.db.select().from(adminActions).where(and(eq(adminActions.action, 'GRANT_ADMIN'), eq(adminActions.itemId, account.userId)));
    expect(grants).toEqual([expect.objectContaining({ adminUserId: null, itemKind: 'USER' })]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('is recorded once when two replicas boot together: the second waits for the first, then writes nothing (PostgreSQL)', async () => {
    const account = await signUp(app);
    const first = await testDb.openReplica();
    const second = await testDb.openReplica();
    try {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      let granted: () => void = () => undefined;
      const grantedNotCommitted = new Promise<void>((resolve) => (granted = resolve));
      // The first replica has granted and recorded, and not yet committed; the second grants meanwhile.
      const firstBoot = first.database.db.transaction(async (tx) => {
        await tx.update(users).set({ isAdmin: true }).where(eq(users.id, account.userId));
        await insertAdminAction(tx, { adminUserId: null, action: 'GRANT_ADMIN', itemKind: 'USER', itemId: account.userId, reason: null });
        granted();
        await released;
      });
      await grantedNotCommitted;
      const secondBoot = grantAdmin(second.database.db, [account.username], null);
      await expect
        .poll(async () => {
          const [row] = await selectRows<{ waiting: number }>(
            testDb.database.db,
            sql`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          return Number(row?.waiting ?? 0);
        })
        .toBe(1);
      release();
      await firstBoot;
      expect(await secondBoot).toEqual({ granted: [account.username], unknown: [] });
      const grants = await testDb.database.db.select().from(adminActions).where(and(eq(adminActions.action, 'GRANT_ADMIN'), eq(adminActions.itemId, account.userId)));
      expect(grants).toHaveLength(1);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('is granted by `npm run admin -- grant <username>`, which names an unknown username and refuses while a server holds DATA_DIR', async () => {
    const account = await signUp(app);
    const out: string[] = [];
    const io = { log: (line: string) => out.push(line), error: (line: string) => out.push(`error: ${line}`) };
    const config = testConfig();
    expect(await runAdminCli(['grant', account.username], config, io, testDb.database)).toBe(0);
    expect(out.pop()).toBe(`${account.username} is an admin now.`);
    expect((await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: account.cookies })).json().user.isAdmin).toBe(true);
    expect((await testDb.database.db.select().from(adminActions).where(eq(adminActions.itemId, account.userId))).map((row) => row.action)).toEqual(['GRANT_ADMIN']);
    expect(await runAdminCli(['grant', 'nobody-here'], config, io, testDb.database)).toBe(1);
    expect(out.pop()).toBe('error: No account has the username nobody-here.');
    expect(await runAdminCli(['promote', account.username], config, io, testDb.database)).toBe(2);

    // The real script, against a data directory a server holds: it refuses before opening anything.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'qrib-admin-cli-'));
    const release = holdDataDir(dataDir);
    try {
      expect(dataDirHolder(dataDir)).toBe(process.pid);
      const script = path.resolve(import.meta.dirname, '../../scripts/admin.ts');
      const run = spawnSync(process.execPath, ['--import', 'tsx', script, 'grant', 'rita'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      });
      expect(run.status).toBe(3);
      expect(run.stderr).toContain(`A Qrib server (process ${process.pid}) is using the embedded database in ${dataDir}`);
    } finally {
      release();
      rmSync(dataDir, { recursive: true, force: true });
    }
    expect(dataDirHolder(dataDir)).toBeUndefined();
  });
});

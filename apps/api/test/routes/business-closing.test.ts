import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOGIN_ATTEMPTS_PER_USERNAME, MESSAGES, vendorResponseSchema } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { buildPendingShop, buildShop, createOffer } from '../factories.ts';
import { multipartBody } from '../fixtures.ts';
import { api, bodyOf, signUp, useTestApp, type TestDatabase } from '../helpers.ts';

let app: App;
let testDb: TestDatabase;

useTestApp({}, (made) => ({ app, testDb } = made));

type Account = { cookies: Record<string, string>; password: string };
const db = () => testDb.database.db;
/** Closes with the account's own password unless `payload` says otherwise (`null`: no body at all). */
const close = (account: Account, payload: object | null = { password: account.password }) =>
  app.inject({ method: 'POST', url: '/api/v1/vendors/me/close', cookies: account.cookies, ...(payload ? { payload } : {}) });
const vendorStatus = async (vendorId: number) =>
  (await selectRows<{ status: string }>(db(), sql`SELECT status FROM vendors WHERE id = ${vendorId}`))[0]?.status;
const offerStatuses = async (vendorId: number) =>
  (await selectRows<{ offer_id: number; status: string }>(db(), sql`SELECT offer_id, status FROM offers WHERE vendor_id = ${vendorId} ORDER BY offer_id`)).map(
    (row) => row.status,
  );

describe('POST /api/v1/vendors/me/close', () => {
  it('closes an ACTIVE business: CLOSED as GET /vendors/me answers it, every offer not removed ENDED, shoppers no longer see it', async () => {
    const shop = await buildShop(app, { business: { businessName: 'Closing Bakery' } });
    const active = await createOffer(app, shop, { title: 'Ftira' });
    const paused = await createOffer(app, shop, { title: 'Qassatat' });
    const removed = await createOffer(app, shop, { title: 'Pastizzi' });
    await app.inject({ method: 'POST', url: `/api/v1/offers/${paused}/pause`, cookies: shop.cookies });
    await db().execute(sql`UPDATE offers SET status = 'REMOVED' WHERE offer_id = ${removed}`);
    const shopper = await signUp(app);
    expect((await app.inject({ method: 'GET', url: `/api/v1/vendors/${shop.vendorId}`, cookies: shopper.cookies })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/v1/offers/${active}`, cookies: shopper.cookies })).statusCode).toBe(200);

    const before = Date.now();
    // What the body says besides the password is ignored.
    const response = await close(shop, { password: shop.password, reason: 'retiring' });
    expect(response.statusCode).toBe(200);
    const closed = bodyOf(response, vendorResponseSchema).data;
    expect(closed).toMatchObject({ vendorId: shop.vendorId, businessName: 'Closing Bakery', status: 'CLOSED' });
    const asOwnerReadsIt = (await api(app).get('/api/v1/vendors/me', { cookies: shop.cookies, expect: vendorResponseSchema })).body;
    expect(closed).toEqual(asOwnerReadsIt.data);
    const [row] = await selectRows<{ changed: string }>(db(), sql`SELECT status_changed_at AS changed FROM vendors WHERE id = ${shop.vendorId}`);
    expect(new Date(row?.changed ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await offerStatuses(shop.vendorId)).toEqual(['ENDED', 'ENDED', 'REMOVED']);

    // Shoppers: the shop page and its offers are gone.
    expect((await app.inject({ method: 'GET', url: `/api/v1/vendors/${shop.vendorId}`, cookies: shopper.cookies })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/v1/offers/${active}`, cookies: shopper.cookies })).statusCode).toBe(404);

    // Closing again: 409, nothing changes.
    const again = await close(shop);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'businessAlreadyClosed', message: MESSAGES.businessAlreadyClosed });
  });

  it('releases the staff of a closed business and withdraws its open invitations (issue 28 §4); a manager cannot close it', async () => {
    const shop = await buildShop(app, { business: { businessName: 'Staffed Bakery' } });
    const manager = await signUp(app);
    const cashier = await signUp(app);
    await db().execute(sql`INSERT INTO vendor_members (vendor_id, user_id, role) VALUES (${shop.vendorId}, ${manager.userId}, 'MANAGER'), (${shop.vendorId}, ${cashier.userId}, 'CASHIER')`);
    const invited = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/staff/invitations', cookies: shop.cookies, payload: { email: 'later@example.com', role: 'CASHIER' } });
    expect(invited.statusCode).toBe(201);

    const byManager = await close(manager, { password: manager.password });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toMatchObject({ code: 'staffNotAllowed' });
    expect(await vendorStatus(shop.vendorId)).toBe('ACTIVE');

    expect((await close(shop)).statusCode).toBe(200);
    const members = await selectRows<{ user_id: number; role: string }>(db(), sql`SELECT user_id, role FROM vendor_members WHERE vendor_id = ${shop.vendorId}`);
    expect(members).toEqual([{ user_id: shop.userId, role: 'OWNER' }]);
    const open = await selectRows<{ id: number }>(db(), sql`SELECT id FROM staff_invitations WHERE vendor_id = ${shop.vendorId} AND revoked_at IS NULL`);
    expect(open).toEqual([]);
    // The former cashier belongs to no business any more.
    const me = await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: cashier.cookies });
    expect(me.json().user.vendor).toBeNull();
  });

  it('asks for the owner’s password as DELETE /me does: 400 fieldErrors.password when it is missing or wrong, and nothing changes', async () => {
    const shop = await buildShop(app);
    await createOffer(app, shop);
    const asDeletionAnswers = await app.inject({ method: 'DELETE', url: '/api/v1/me', cookies: shop.cookies, payload: { password: 'not-my-password1' } });
    // No body at all is refused before the password is read, as DELETE /me refuses it.
    const noBody = await close(shop, null);
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual((await app.inject({ method: 'DELETE', url: '/api/v1/me', cookies: shop.cookies })).json());
    for (const payload of [{}, { password: '' }, { password: 'not-my-password1' }]) {
      const response = await close(shop, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ fieldErrors: { password: MESSAGES.passwordIncorrect } });
    }
    const wrong = await close(shop, { password: 'not-my-password1' });
    expect(wrong.json()).toEqual(asDeletionAnswers.json());
    expect(await vendorStatus(shop.vendorId)).toBe('ACTIVE');
    expect(await offerStatuses(shop.vendorId)).toEqual(['ACTIVE']);
    expect((await close(shop)).statusCode).toBe(200);
  });

  it('counts each attempt with the account’s other password checks: past the limit, 429 here and at DELETE /me, the right password too', async () => {
    const shop = await buildShop(app);
    for (let attempt = 0; attempt < LOGIN_ATTEMPTS_PER_USERNAME; attempt += 1) {
      expect((await close(shop, { password: `wrong-${attempt}x` })).statusCode).toBe(400);
    }
    const limited = await close(shop);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'tooManyLoginAttempts' });
    expect((await app.inject({ method: 'DELETE', url: '/api/v1/me', cookies: shop.cookies, payload: { password: shop.password } })).statusCode).toBe(429);
    expect(await vendorStatus(shop.vendorId)).toBe('ACTIVE');
  });

  it.each(['PENDING', 'REJECTED', 'SUSPENDED'] as const)('closes a %s business too', async (status) => {
    const shop = await buildPendingShop(app);
    await createOffer(app, shop);
    await db().execute(sql`UPDATE vendors SET status = ${status}, status_reason = ${status === 'PENDING' ? null : 'Because'} WHERE id = ${shop.vendorId}`);
    const response = await close(shop);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { status: 'CLOSED', statusReason: null } });
    expect(await offerStatuses(shop.vendorId)).toEqual(['ENDED']);
  });

  it('answers an account without a business as GET /vendors/me does (403 registerBusinessFirst)', async () => {
    const shopper = await signUp(app);
    const mine = await app.inject({ method: 'GET', url: '/api/v1/vendors/me', cookies: shopper.cookies });
    const response = await close(shopper);
    expect(response.statusCode).toBe(mine.statusCode);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'registerBusinessFirst' });
    expect((await app.inject({ method: 'POST', url: '/api/v1/vendors/me/close' })).statusCode).toBe(401);
  });

  it('a closed business cannot be sent again, publish or resume offers; its owner’s screens still read', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    expect((await close(shop)).statusCode).toBe(200);

    const resume = await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/resume`, cookies: shop.cookies });
    expect(resume.statusCode).toBe(409);
    expect(resume.json()).toMatchObject({ code: 'businessClosed', message: MESSAGES.businessClosed });
    expect(await offerStatuses(shop.vendorId)).toEqual(['ENDED']);

    const publish = await app.inject({ method: 'POST', url: '/api/v1/offers/', ...multipartBody({ title: 'New', description: 'x', categoryId: '1', discountValue: '5', startDate: '2026-01-01', endDate: '2099-01-01' }), cookies: shop.cookies });
    expect(publish.statusCode).toBe(409);
    expect(publish.json()).toMatchObject({ code: 'businessClosed' });
    expect(await offerStatuses(shop.vendorId)).toEqual(['ENDED']);

    const resubmit = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/resubmission', ...multipartBody({ businessName: 'Again' }), cookies: shop.cookies });
    expect(resubmit.statusCode).toBe(409);
    expect(resubmit.json()).toMatchObject({ code: 'businessNotRejected' });
    const [vendor] = await selectRows<{ status: string }>(db(), sql`SELECT status FROM vendors WHERE id = ${shop.vendorId}`);
    expect(vendor?.status).toBe('CLOSED');

    for (const url of ['/api/v1/vendors/me', '/api/v1/vendors/me/offers', '/api/v1/vendors/me/insights', '/api/v1/vendors/me/receipts', `/api/v1/vendors/${shop.vendorId}/reviews`]) {
      const read = await app.inject({ method: 'GET', url, cookies: shop.cookies });
      expect(read.statusCode, url).toBe(200);
    }
  });
});

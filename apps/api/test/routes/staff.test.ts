/**
 * Staff at the till (issue 28 §4, ADR 025): the owner invites by mail, the invitee accepts with the account of that
 * address, redeems at the till and can do nothing else; the owner changes a role or removes them, and the removed
 * member's very next request is refused. Every bad input of the issue: answered with its status and code, nothing
 * half-written. (Every route × every role: staff-permissions.test.ts.)
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, addDays, maltaToday } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { selectRows } from '../../src/db/client.ts';
import { buildShop, createOffer, makeEstablished, type Shop } from '../factories.ts';
import { multipartBody } from '../fixtures.ts';
import { signUp, useTestApp, type TestDatabase } from '../helpers.ts';
import { makeScannedPdf } from '../receipt-images.ts';

let app: App;
let testDb: TestDatabase;
useTestApp({}, (made) => ({ app, testDb } = made));

type Account = Awaited<ReturnType<typeof signUp>>;
const db = () => testDb.database.db;
let addresses = 0;
const freshAddress = () => `staff-${process.pid}-${(addresses += 1)}@example.com`;

const invite = (owner: { cookies: Record<string, string> }, email: string, role: string = 'CASHIER') =>
  app.inject({ method: 'POST', url: '/api/v1/vendors/me/staff/invitations', payload: { email, role }, cookies: owner.cookies });
const accept = (account: { cookies: Record<string, string> }, token: string) =>
  app.inject({ method: 'POST', url: '/api/v1/staff-invitations/accept', payload: { token }, cookies: account.cookies });
const me = async (account: { cookies: Record<string, string> }) =>
  (await app.inject({ method: 'GET', url: '/api/v1/auth/me', cookies: account.cookies })).json().user;

interface Call {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}
const send = ({ method, url, payload, headers }: Call, account: { cookies: Record<string, string> }) =>
  app.inject({ method: method as 'GET', url, ...(payload === undefined ? {} : { payload: payload as string }), ...(headers ? { headers } : {}), cookies: account.cookies });

/** The raw token of the newest invitation mailed to `address` (kept in the outbox until the mail is sent). */
async function mailedToken(address: string): Promise<string> {
  const rows = await selectRows<{ secret: string | null; payload: Record<string, unknown> }>(
    db(),
    sql`SELECT secret, payload FROM mail_outbox WHERE lower(to_address) = lower(${address}) AND kind = 'STAFF_INVITATION' ORDER BY id DESC LIMIT 1`,
  );
  const token = rows[0]?.secret;
  if (!token) throw new Error(`no invitation mailed to ${address}`);
  return token;
}

/** A shop with a cashier who joined through the mailed link: answers both and the cashier's account. */
async function shopWithCashier(role = 'CASHIER'): Promise<{ shop: Shop; cashier: Account }> {
  const shop = await buildShop(app);
  const email = freshAddress();
  expect((await invite(shop, email, role)).statusCode).toBe(201);
  const cashier = await signUp(app, { email, name: 'Karl Grech' });
  const joined = await accept(cashier, await mailedToken(email));
  expect(joined.statusCode, joined.body).toBe(200);
  return { shop, cashier };
}

async function shopperCode(offerId: number): Promise<string> {
  const shopper = await signUp(app);
  const response = await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/claims`, cookies: shopper.cookies });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.code as string;
}

describe('staff at the till: the walk', () => {
  it('invites a cashier by mail, who joins, redeems at the till and nothing else, until the owner removes them', async () => {
    const shop = await buildShop(app, { business: { businessName: 'Ta’ Karmnu' } });
    const offerId = await createOffer(app, shop);
    const email = freshAddress();

    const invited = await invite(shop, email);
    expect(invited.statusCode).toBe(201);
    expect(invited.json().data).toMatchObject({ email, role: 'CASHIER' });
    const [mail] = await selectRows<{ kind: string; payload: Record<string, unknown>; user_id: number | null }>(
      db(),
      sql`SELECT kind, payload, user_id FROM mail_outbox WHERE to_address = ${email}`,
    );
    expect(mail).toMatchObject({ kind: 'STAFF_INVITATION', user_id: null, payload: { businessName: 'Ta’ Karmnu', role: 'CASHIER' } });
    const token = await mailedToken(email);
    // Only the token's hash is kept with the invitation.
    const stored = await selectRows<{ token_hash: string }>(db(), sql`SELECT token_hash FROM staff_invitations WHERE email = ${email}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);

    const cashier = await signUp(app, { email: email.toUpperCase(), name: 'Karl Grech' });
    const joined = await accept(cashier, token);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data).toEqual({ vendorId: shop.vendorId, businessName: 'Ta’ Karmnu', role: 'CASHIER', permissions: ['redeem'] });
    expect((await me(cashier)).vendor).toEqual({ vendorId: shop.vendorId, businessName: 'Ta’ Karmnu', role: 'CASHIER', permissions: ['redeem'] });

    // The owner's list: owner first, then the cashier; the invitation is no longer open.
    const staff = (await app.inject({ method: 'GET', url: '/api/v1/vendors/me/staff', cookies: shop.cookies })).json().data;
    expect(staff.members.map((member: { role: string }) => member.role)).toEqual(['OWNER', 'CASHIER']);
    expect(staff.invitations).toEqual([]);

    // The till: redeemed by the cashier, named in the owner's list.
    const code = await shopperCode(offerId);
    const redeemed = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/redemptions', payload: { code }, cookies: cashier.cookies });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    expect(redeemed.json().data).toMatchObject({ redeemedByUserId: cashier.userId, redeemedByName: 'Karl Grech' });
    const list = (await app.inject({ method: 'GET', url: '/api/v1/vendors/me/redemptions', cookies: shop.cookies })).json().data;
    expect(list).toEqual([expect.objectContaining({ code, redeemedByUserId: cashier.userId, redeemedByName: 'Karl Grech' })]);

    // Nothing else: the shop's page, offers, receipts, staff, closing, insights.
    const refusals = [
      { method: 'PATCH', url: '/api/v1/vendors/me', payload: { businessName: 'Karl’s now' } },
      { method: 'GET', url: '/api/v1/vendors/me' },
      { method: 'POST', url: '/api/v1/offers/', ...multipartBody({ title: 'x' }) },
      { method: 'PATCH', url: `/api/v1/offers/${offerId}`, payload: { description: 'Changed by the cashier' } },
      { method: 'POST', url: `/api/v1/offers/${offerId}/pause` },
      { method: 'GET', url: '/api/v1/vendors/me/receipts' },
      { method: 'GET', url: '/api/v1/vendors/me/staff' },
      { method: 'POST', url: '/api/v1/vendors/me/staff/invitations', payload: { email: freshAddress(), role: 'CASHIER' } },
      { method: 'POST', url: '/api/v1/vendors/me/close', payload: { password: cashier.password } },
      { method: 'GET', url: `/api/v1/vendors/me/insights?from=${maltaToday()}&to=${maltaToday()}` },
    ] as const;
    for (const request of refusals) {
      const response = await send(request, cashier);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'staffNotAllowed', message: MESSAGES.staffNotAllowed });
    }
    const [business] = await selectRows<{ business_name: string; status: string }>(db(), sql`SELECT business_name, status FROM vendors WHERE id = ${shop.vendorId}`);
    expect(business).toEqual({ business_name: 'Ta’ Karmnu', status: 'ACTIVE' });

    // Removed: the very next request of the same session is refused, and the person is a shopper again.
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/staff/${cashier.userId}`, cookies: shop.cookies })).statusCode).toBe(204);
    const after = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/redemptions', payload: { code: await shopperCode(offerId) }, cookies: cashier.cookies });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({ code: 'registerBusinessFirst' });
    expect((await me(cashier)).vendor).toBeNull();
  });

  it('lets a manager run the shop but not its staff or its closing; the owner changes roles', async () => {
    const { shop, cashier: manager } = await shopWithCashier('MANAGER');
    const offerId = await createOffer(app, shop);
    const patch = await app.inject({ method: 'PATCH', url: '/api/v1/vendors/me', payload: { offeringsDescription: 'Pastizzi all day' }, cookies: manager.cookies });
    expect(patch.statusCode, patch.body).toBe(200);
    expect((await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/pause`, cookies: manager.cookies })).statusCode).toBe(200);
    for (const request of [
      { method: 'GET', url: '/api/v1/vendors/me/staff' },
      { method: 'POST', url: '/api/v1/vendors/me/close', payload: { password: manager.password } },
    ] as const) {
      const response = await send(request, manager);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('staffNotAllowed');
    }
    // The owner makes them a cashier: their next request reads the new role.
    const changed = await app.inject({ method: 'PATCH', url: `/api/v1/vendors/me/staff/${manager.userId}`, payload: { role: 'CASHIER' }, cookies: shop.cookies });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ userId: manager.userId, role: 'CASHIER' });
    const now = await app.inject({ method: 'PATCH', url: '/api/v1/vendors/me', payload: { offeringsDescription: 'Again' }, cookies: manager.cookies });
    expect(now.statusCode).toBe(403);
  });

  it('gives a cashier today’s list only, and Undo on their own redemptions only', async () => {
    const { shop, cashier } = await shopWithCashier();
    const offerId = await createOffer(app, shop);
    const yesterday = await app.inject({ method: 'GET', url: `/api/v1/vendors/me/redemptions?date=${addDays(maltaToday(), -1)}`, cookies: cashier.cookies });
    expect(yesterday.statusCode).toBe(403);
    expect(yesterday.json()).toMatchObject({ code: 'redemptionsTodayOnly', message: MESSAGES.redemptionsTodayOnly });
    expect((await app.inject({ method: 'GET', url: `/api/v1/vendors/me/redemptions?date=${maltaToday()}`, cookies: cashier.cookies })).statusCode).toBe(200);

    const byOwner = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/redemptions', payload: { code: await shopperCode(offerId) }, cookies: shop.cookies });
    const ownersClaim = byOwner.json().data.claimId as number;
    const refused = await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/redemptions/${ownersClaim}`, cookies: cashier.cookies });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'redemptionNotYours', message: MESSAGES.redemptionNotYours });
    const [still] = await selectRows<{ status: string }>(db(), sql`SELECT status FROM offer_claims WHERE id = ${ownersClaim}`);
    expect(still?.status).toBe('REDEEMED');

    const byCashier = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/redemptions', payload: { code: await shopperCode(offerId) }, cookies: cashier.cookies });
    const ownClaim = byCashier.json().data.claimId as number;
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/redemptions/${ownClaim}`, cookies: cashier.cookies })).statusCode).toBe(204);
    // The owner undoes anyone's.
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/redemptions/${ownersClaim}`, cookies: shop.cookies })).statusCode).toBe(204);
  });

  it('treats staff as the shop’s own people: no codes for its offers, no receipts to it', async () => {
    const { shop, cashier } = await shopWithCashier();
    const offerId = await createOffer(app, shop);
    const claim = await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/claims`, cookies: cashier.cookies });
    expect(claim.statusCode).toBe(403);
    expect(claim.json().code).toBe('claimOwnOffer');
    const { payload, headers } = multipartBody({ vendorId: shop.vendorId }, [
      { field: 'files', filename: 'receipt.pdf', contentType: 'application/pdf', content: makeScannedPdf(`staff-${Date.now()}`) },
    ]);
    const receipt = await app.inject({ method: 'POST', url: '/api/v1/file/upload-bills', payload, headers, cookies: cashier.cookies });
    expect(receipt.statusCode).toBe(403);
    expect(receipt.json().code).toBe('receiptOwnShop');
    expect(await selectRows(db(), sql`SELECT id FROM receipts WHERE consumer_user_id = ${cashier.userId}`)).toEqual([]);
  });
});

describe('staff at the till: the shop’s own people (review of the diff)', () => {
  it('takes no review from a member, even for a purchase made before they joined, and leaves their old review out of the rating', async () => {
    const shop = await buildShop(app);
    const offerId = await createOffer(app, shop);
    const shopper = await signUp(app);
    const claimed = await app.inject({ method: 'POST', url: `/api/v1/offers/${offerId}/claims`, cookies: shopper.cookies });
    const redeemed = await app.inject({ method: 'POST', url: '/api/v1/vendors/me/redemptions', payload: { code: claimed.json().data.code }, cookies: shop.cookies });
    expect(redeemed.statusCode).toBe(200);
    const claimId = claimed.json().data.claimId as number;
    await db().execute(sql`INSERT INTO vendor_members (vendor_id, user_id, role) VALUES (${shop.vendorId}, ${shopper.userId}, 'CASHIER')`);
    const review = await app.inject({ method: 'POST', url: '/api/v1/reviews', payload: { claimId, stars: 5, text: 'Best shop ever' }, cookies: shopper.cookies });
    expect(review.statusCode).toBe(403);
    expect(review.json().code).toBe('reviewNotAllowed');
    // Written before they joined: it stays theirs, but it is not the shop's rating while they belong to it.
    await db().execute(sql`DELETE FROM vendor_members WHERE user_id = ${shopper.userId}`);
    expect((await app.inject({ method: 'POST', url: '/api/v1/reviews', payload: { claimId, stars: 5, text: 'Best shop ever' }, cookies: shopper.cookies })).statusCode).toBe(201);
    await makeEstablished(db(), shopper.userId);
    const rated = async () => (await app.inject({ method: 'GET', url: `/api/v1/vendors/${shop.vendorId}`, cookies: shopper.cookies })).json().data.rating.count as number;
    expect(await rated()).toBe(1);
    await db().execute(sql`INSERT INTO vendor_members (vendor_id, user_id, role) VALUES (${shop.vendorId}, ${shopper.userId}, 'CASHIER')`);
    expect(await rated()).toBe(0);
  });

  it('forgets a deleted account’s address in the invitations sent to it', async () => {
    const { shop, cashier } = await shopWithCashier();
    const open = freshAddress();
    await invite(shop, open);
    const leaver = await signUp(app, { email: open });
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/staff/${cashier.userId}`, cookies: shop.cookies })).statusCode).toBe(204);
    for (const account of [cashier, leaver]) {
      const deleted = await app.inject({ method: 'DELETE', url: '/api/v1/me', payload: { password: account.password }, cookies: account.cookies });
      expect(deleted.statusCode, deleted.body).toBe(204);
    }
    const left = await selectRows<{ email: string; revoked: boolean }>(
      db(),
      sql`SELECT email, (revoked_at IS NOT NULL OR accepted_at IS NOT NULL) AS revoked FROM staff_invitations WHERE vendor_id = ${shop.vendorId}`,
    );
    expect(left).toHaveLength(2);
    for (const row of left) expect(row.email).toMatch(/@deleted\.invalid$/);
    expect(left.find((row) => !row.revoked)).toBeUndefined();
  });

  it('lets no admin on a shop’s staff decide on that shop', async () => {
    const { shop, cashier } = await shopWithCashier();
    await db().execute(sql`UPDATE users SET is_admin = true WHERE id = ${cashier.userId}`);
    const decided = await app.inject({ method: 'POST', url: `/api/v1/admin/vendors/${shop.vendorId}/decision`, payload: { status: 'SUSPENDED', reason: 'Testing my own shop' }, cookies: cashier.cookies });
    expect(decided.statusCode).toBe(403);
    expect(decided.json().code).toBe('adminOwnBusiness');
    const [row] = await selectRows<{ status: string }>(db(), sql`SELECT status FROM vendors WHERE id = ${shop.vendorId}`);
    expect(row?.status).toBe('ACTIVE');
  });
});

describe('staff at the till: bad input', () => {
  it('refuses an invitation to an address already in a business (ours or another’s), a bad role or address', async () => {
    const shop = await buildShop(app);
    const other = await buildShop(app);
    for (const email of [shop.email, other.email]) {
      const response = await invite(shop, email);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'staffAlreadyMember', fieldErrors: { email: MESSAGES.staffAlreadyMember } });
    }
    for (const role of ['OWNER', 'BOSS']) {
      const response = await invite(shop, freshAddress(), role);
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors.role).toBe(MESSAGES.staffRoleInvalid);
    }
    const badEmail = await invite(shop, 'not-an-address');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().fieldErrors.email).toBe(MESSAGES.invalidEmail);
    expect(await selectRows(db(), sql`SELECT id FROM staff_invitations WHERE vendor_id = ${shop.vendorId}`)).toEqual([]);
    expect(await selectRows(db(), sql`SELECT id FROM mail_outbox WHERE kind = 'STAFF_INVITATION' AND to_address IN (${shop.email}, ${other.email})`)).toEqual([]);
  });

  it('binds a link to its address: another account is refused (403) and the link still works for the invitee', async () => {
    const shop = await buildShop(app);
    const email = freshAddress();
    await invite(shop, email);
    const token = await mailedToken(email);
    const stranger = await signUp(app);
    const refused = await accept(stranger, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'staffInvitationOtherAddress', message: MESSAGES.staffInvitationOtherAddress });
    expect((await me(stranger)).vendor).toBeNull();
    const invitee = await signUp(app, { email });
    expect((await accept(invitee, token)).statusCode).toBe(200);
    // Used: a second accept is 400.
    const again = await accept(invitee, token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'staffInvitationInvalid', message: MESSAGES.staffInvitationInvalid });
  });

  it('refuses a withdrawn, an expired, an unknown and a replaced link (400), and a person already in a business (409)', async () => {
    const shop = await buildShop(app);
    const withdrawnAddress = freshAddress();
    const withdrawn = (await invite(shop, withdrawnAddress)).json().data.id as number;
    const withdrawnToken = await mailedToken(withdrawnAddress);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/staff/invitations/${withdrawn}`, cookies: shop.cookies })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/staff/invitations/${withdrawn}`, cookies: shop.cookies })).statusCode).toBe(404);
    expect((await accept(await signUp(app, { email: withdrawnAddress }), withdrawnToken)).json().code).toBe('staffInvitationInvalid');

    const expiredAddress = freshAddress();
    await invite(shop, expiredAddress);
    const expiredToken = await mailedToken(expiredAddress);
    await db().execute(sql`UPDATE staff_invitations SET expires_at = now() - interval '1 minute' WHERE email = ${expiredAddress}`);
    const expired = await accept(await signUp(app, { email: expiredAddress }), expiredToken);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('staffInvitationInvalid');

    const unknown = await accept(await signUp(app), 'x'.repeat(43));
    expect(unknown.statusCode).toBe(400);

    // Inviting the same address again withdraws the first link.
    const replacedAddress = freshAddress();
    await invite(shop, replacedAddress);
    const first = await mailedToken(replacedAddress);
    await invite(shop, replacedAddress, 'MANAGER');
    const second = await mailedToken(replacedAddress);
    expect(second).not.toBe(first);
    const invitee = await signUp(app, { email: replacedAddress });
    expect((await accept(invitee, first)).statusCode).toBe(400);
    const joined = await accept(invitee, second);
    expect(joined.json().data.role).toBe('MANAGER');

    // Already a member: an invitation from another shop to them cannot be sent, nor accepted if sent before they joined.
    const otherShop = await buildShop(app);
    const lateAddress = freshAddress();
    await invite(otherShop, lateAddress);
    await invite(shop, lateAddress);
    const toOther = await mailedToken(lateAddress);
    const late = await signUp(app, { email: lateAddress });
    const fromShop = (await selectRows<{ secret: string }>(db(), sql`SELECT secret FROM mail_outbox WHERE to_address = ${lateAddress} ORDER BY id`))[0]?.secret ?? '';
    expect((await accept(late, fromShop)).statusCode).toBe(200);
    const twice = await accept(late, toOther);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'staffYouAlreadyMember', message: MESSAGES.staffYouAlreadyMember });
    // And cannot register a business of their own.
    const registered = await app.inject({
      method: 'POST',
      url: '/api/v1/vendors',
      ...multipartBody({ businessName: 'Mine now', businessType: 'CAFE', businessAddress: 'Triq il-Kbira', locationLatitude: 35.9, locationLongitude: 14.5, contactPhone: '+356 2100 0000', contactEmail: lateAddress, primaryContactName: 'Late' }),
      cookies: late.cookies,
    });
    expect(registered.statusCode).toBe(409);
    expect(registered.json().code).toBe('staffYouAlreadyMember');
  });

  it('keeps one owner, and keeps another shop’s owner, shoppers and strangers out of our staff', async () => {
    const { shop, cashier } = await shopWithCashier();
    const asOwner = await app.inject({ method: 'PATCH', url: `/api/v1/vendors/me/staff/${cashier.userId}`, payload: { role: 'OWNER' }, cookies: shop.cookies });
    expect(asOwner.statusCode).toBe(400);
    expect(asOwner.json().fieldErrors.role).toBe(MESSAGES.staffRoleInvalid);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await app.inject({ method, url: `/api/v1/vendors/me/staff/${shop.userId}`, ...(method === 'PATCH' ? { payload: { role: 'CASHIER' } } : {}), cookies: shop.cookies });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'staffOwnerFixed', message: MESSAGES.staffOwnerFixed });
    }
    const other = await buildShop(app);
    const fromOther = await app.inject({ method: 'DELETE', url: `/api/v1/vendors/me/staff/${cashier.userId}`, cookies: other.cookies });
    expect(fromOther.statusCode).toBe(404);
    expect(fromOther.json().code).toBe('staffMemberNotFound');
    const shopper = await signUp(app);
    const byShopper = await app.inject({ method: 'GET', url: '/api/v1/vendors/me/staff', cookies: shopper.cookies });
    expect(byShopper.statusCode).toBe(403);
    expect(byShopper.json().code).toBe('registerBusinessFirst');
    expect((await app.inject({ method: 'GET', url: '/api/v1/vendors/me/staff' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/v1/staff-invitations/accept', payload: { token: 'x' } })).statusCode).toBe(401);
    // Still there, still a cashier; the owner is still the one owner.
    const roles = await selectRows<{ user_id: number; role: string }>(db(), sql`SELECT user_id, role FROM vendor_members WHERE vendor_id = ${shop.vendorId} ORDER BY role`);
    expect(roles).toEqual([
      { user_id: cashier.userId, role: 'CASHIER' },
      { user_id: shop.userId, role: 'OWNER' },
    ]);
  });
});

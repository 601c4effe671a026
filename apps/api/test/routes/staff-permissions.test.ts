/**
 * Issue 28 §4 (ADR 025): every route that acts for a business, walked by every kind of caller. The routes come from the
 * app's own OpenAPI document: every operation under /api/v1/vendors/me, and the offer routes a business uses. Each
 * must have a permission in PERMISSION_OF_ROUTE (a new /vendors/me route without one fails here), and each is called by
 * the owner, a manager and a cashier of shop A, the owner of shop B, a shopper and an anonymous caller, with requests
 * that pass validation: a caller whose role the shared map does not grant must get 401 (anonymous) or 403, and a caller
 * it grants must get past the check (anything but 401 and 403).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maltaToday, MESSAGES, roleCan, type Permission, type StaffRole } from '@qrib/shared';
import type { App } from '../../src/app.ts';
import { buildOffer, buildShop, createOffer, type Shop } from '../factories.ts';
import { multipartBody } from '../fixtures.ts';
import { signUp, useTestApp } from '../helpers.ts';

let app: App;
useTestApp({}, (made) => ({ app } = made));

/** The permission each business route needs: the policies check exactly this (a route missing here fails the walk). */
const PERMISSION_OF_ROUTE: Record<string, Permission> = {
  'GET /api/v1/vendors/me': 'shop.edit',
  'PATCH /api/v1/vendors/me': 'shop.edit',
  'POST /api/v1/vendors/me/resubmission': 'shop.edit',
  'GET /api/v1/vendors/me/documents/{documentId}': 'shop.edit',
  'PUT /api/v1/vendors/me/logo': 'shop.edit',
  'DELETE /api/v1/vendors/me/logo': 'shop.edit',
  'PUT /api/v1/vendors/me/cover': 'shop.edit',
  'DELETE /api/v1/vendors/me/cover': 'shop.edit',
  'GET /api/v1/vendors/me/offers': 'offers.manage',
  'GET /api/v1/vendors/me/receipts': 'receipts.review',
  'GET /api/v1/vendors/me/insights': 'insights.view',
  'GET /api/v1/vendors/me/insights/offers': 'insights.view',
  'GET /api/v1/vendors/me/insights/export.csv': 'insights.view',
  'POST /api/v1/vendors/me/redemptions': 'redeem',
  'GET /api/v1/vendors/me/redemptions': 'redeem',
  'DELETE /api/v1/vendors/me/redemptions/{claimId}': 'redeem',
  // Issue 29 §2: the till stamp and a reward's undo are the till's, cashiers included.
  'POST /api/v1/vendors/me/stamps': 'redeem',
  'DELETE /api/v1/vendors/me/reward-redemptions/{rewardId}': 'redeem',
  'GET /api/v1/vendors/me/staff': 'staff.manage',
  'POST /api/v1/vendors/me/staff/invitations': 'staff.manage',
  'PATCH /api/v1/vendors/me/staff/{userId}': 'staff.manage',
  'DELETE /api/v1/vendors/me/staff/{userId}': 'staff.manage',
  'DELETE /api/v1/vendors/me/staff/invitations/{invitationId}': 'staff.manage',
  'POST /api/v1/vendors/me/close': 'business.close',
  'GET /api/v1/vendors/me/stamp-card': 'stampCard.manage',
  'PUT /api/v1/vendors/me/stamp-card': 'stampCard.manage',
  'DELETE /api/v1/vendors/me/stamp-card': 'stampCard.manage',
  'POST /api/v1/offers': 'offers.manage',
  'PATCH /api/v1/offers/{offerId}': 'offers.manage',
  'POST /api/v1/offers/{offerId}/pause': 'offers.manage',
  'POST /api/v1/offers/{offerId}/resume': 'offers.manage',
};
/** Offer routes act on shop A's offer, so shop B's owner is refused there (403 offerNotYours) like anyone outside A. */
const ACTS_ON_SHOP_A = new Set(['PATCH /api/v1/offers/{offerId}', 'POST /api/v1/offers/{offerId}/pause', 'POST /api/v1/offers/{offerId}/resume']);

type Caller = 'owner' | 'manager' | 'cashier' | 'otherOwner' | 'shopper' | 'anonymous';
const CALLERS: Caller[] = ['owner', 'manager', 'cashier', 'otherOwner', 'shopper', 'anonymous'];
const ROLE_OF: Partial<Record<Caller, StaffRole>> = { owner: 'OWNER', manager: 'MANAGER', cashier: 'CASHIER', otherOwner: 'OWNER' };

let shopA: Shop;
let shopB: Shop;
let offerId: number;
const cookiesOf: Partial<Record<Caller, Record<string, string>>> = {};

let invitations = 0;
/** A request for an operation that passes validation, so only the policy can refuse it. */
function requestFor(key: string): { url: string; payload?: unknown; headers?: Record<string, string> } {
  const [method, path] = key.split(' ') as [string, string];
  const url = path.replace('{offerId}', String(offerId)).replace(/\{(documentId|claimId|userId|invitationId|rewardId)\}/, '999999');
  const today = maltaToday();
  if (key === 'GET /api/v1/vendors/me/insights/export.csv') return { url: `${url}?from=${today}&to=${today}` };
  if (key === 'PATCH /api/v1/vendors/me') return { url, payload: { offeringsDescription: 'Ftira and pastizzi' } };
  if (key === 'POST /api/v1/vendors/me/redemptions') return { url, payload: { code: 'ZZZZ9999' } };
  if (key === 'POST /api/v1/vendors/me/staff/invitations') return { url, payload: { email: `walk-${(invitations += 1)}@example.com`, role: 'CASHIER' } };
  if (key === 'PATCH /api/v1/vendors/me/staff/{userId}') return { url, payload: { role: 'MANAGER' } };
  if (key === 'POST /api/v1/vendors/me/close') return { url, payload: { password: 'not-the-password-1' } };
  if (key === 'PATCH /api/v1/offers/{offerId}') return { url, payload: { description: 'Two pastizzi for the price of one' } };
  if (key === 'POST /api/v1/offers') return { url, ...multipartBody(buildOffer()) };
  if (key === 'POST /api/v1/vendors/me/stamps') return { url, payload: { pass: `QRIB-STAMP-${'A'.repeat(22)}` } };
  if (key === 'PUT /api/v1/vendors/me/stamp-card') return { url, payload: { stampsRequired: 10, rewardText: 'A free coffee' } };
  if (method === 'PUT' || key === 'POST /api/v1/vendors/me/resubmission') return { url, ...multipartBody({ note: 'x' }) };
  return { url };
}

const operationPaths = z.record(z.string(), z.record(z.string(), z.unknown()));

async function businessOperations(): Promise<string[]> {
  await app.ready();
  const paths = operationPaths.parse((app.swagger() as { paths?: unknown }).paths);
  const keys: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of Object.keys(item)) {
      const key = `${method.toUpperCase()} ${path}`;
      if (path === '/api/v1/vendors/me' || path.startsWith('/api/v1/vendors/me/') || key in PERMISSION_OF_ROUTE) keys.push(key);
    }
  }
  return keys.sort();
}

/** The two shops and their people, made once for the file (the database outlives each test's app). */
let made = false;
async function ensurePeople(): Promise<void> {
  if (made) return;
  made = true;
    shopA = await buildShop(app, { business: { businessName: 'Ta’ Marija' } });
    shopB = await buildShop(app, { business: { businessName: 'Il-Forn ta’ Pawlu' } });
    offerId = await createOffer(app, shopA);
    const manager = await signUp(app);
    const cashier = await signUp(app);
    const shopper = await signUp(app);
    // Membership written directly: the invitation walk is staff.test.ts's; here only the map is under test.
    await app.db.execute(sql`INSERT INTO vendor_members (vendor_id, user_id, role, added_by_user_id) VALUES
      (${shopA.vendorId}, ${manager.userId}, 'MANAGER', ${shopA.userId}), (${shopA.vendorId}, ${cashier.userId}, 'CASHIER', ${shopA.userId})`);
    Object.assign(cookiesOf, { owner: shopA.cookies, manager: manager.cookies, cashier: cashier.cookies, otherOwner: shopB.cookies, shopper: shopper.cookies });
}

describe('every business route × every caller (issue 28 §4)', () => {

  it('knows the permission of every /vendors/me route the app serves, and of no route it does not serve', async () => {
    const served = await businessOperations();
    expect(served.filter((key) => !(key in PERMISSION_OF_ROUTE))).toEqual([]);
    expect(Object.keys(PERMISSION_OF_ROUTE).filter((key) => !served.includes(key))).toEqual([]);
  });

  it('answers each caller as the shared permission map says', async () => {
    await ensurePeople();
    const wrong: string[] = [];
    for (const key of await businessOperations()) {
      const permission = PERMISSION_OF_ROUTE[key];
      if (!permission) continue;
      for (const caller of CALLERS) {
        const role = ROLE_OF[caller];
        const outsideShopA = caller === 'otherOwner' && ACTS_ON_SHOP_A.has(key);
        const granted = role !== undefined && roleCan(role, permission) && !outsideShopA;
        const { url, payload, headers } = requestFor(key);
        const response = await app.inject({
          method: key.split(' ')[0] as 'GET',
          url,
          ...(payload === undefined ? {} : { payload: payload as string }),
          headers: { ...headers, origin: app.config.publicOrigin },
          cookies: cookiesOf[caller] ?? {},
        });
        const refused = response.statusCode === 401 || response.statusCode === 403;
        if (granted && refused) wrong.push(`${key} refused ${caller}: ${response.statusCode} ${response.body}`);
        if (!granted) {
          const expected = caller === 'anonymous' ? 401 : 403;
          if (response.statusCode !== expected) wrong.push(`${key} answered ${caller} ${response.statusCode} (expected ${expected}): ${response.body.slice(0, 200)}`);
        }
        // A staff member refused by their role is told so, not asked to register a business.
        if (!granted && (caller === 'manager' || caller === 'cashier') && !response.body.includes(MESSAGES.staffNotAllowed)) {
          wrong.push(`${key} refused ${caller} without staffNotAllowed: ${response.body.slice(0, 200)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a cashier with staffNotAllowed and a shopper with registerBusinessFirst, and leaves the business as it was', async () => {
    await ensurePeople();
    const before = (await app.inject({ method: 'GET', url: '/api/v1/vendors/me', cookies: shopA.cookies })).json().data.businessName;
    const response = await app.inject({ method: 'PATCH', url: '/api/v1/vendors/me', payload: { businessName: 'Taken over' }, cookies: cookiesOf.cashier ?? {} });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(MESSAGES.staffNotAllowed);
    expect((await app.inject({ method: 'GET', url: '/api/v1/vendors/me', cookies: shopA.cookies })).json().data.businessName).toBe(before);
    const shopper = await app.inject({ method: 'GET', url: '/api/v1/vendors/me/redemptions', cookies: cookiesOf.shopper ?? {} });
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().message).toBe(MESSAGES.registerBusinessFirst);
  });
});

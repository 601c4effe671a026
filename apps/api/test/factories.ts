/**
 * Test factories (Outline's `buildX(overrides)`): a shop registered through the real endpoints, a shop written
 * straight into the database, an offer's form fields, and an offer published through the real endpoint. Offer dates are counted from today in Malta, so a
 * test means the same whenever it runs; write a calendar date only where the date itself is the point.
 */
import { sql } from 'drizzle-orm';
import { ESTABLISHED_ACCOUNT_DAYS, addDays, maltaToday, offerResponseSchema } from '@qrib/shared';
import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { users, vendors } from '../src/db/schema.ts';
import { bodyOf } from './client.ts';
import { multipartBody, type FilePart } from './fixtures.ts';
import { registerBusiness, registerPendingBusiness, signUp } from './helpers.ts';
import { intervalRows, readHours, replaceOpenIntervals } from '../src/domains/businesses/index.ts';

/** The Malta calendar date `days` from today (negative: before today). */
export function maltaDay(days: number): string {
  return addDays(maltaToday(), days);
}

export type Shop = Awaited<ReturnType<typeof buildShop>>;

/**
 * A signed-up owner with a registered (ACTIVE) business: the account's fields and session cookies, its userId, and
 * the business's vendorId. `account` overrides the sign-up body, `business` the registration's form fields.
 */
export async function buildShop(
  app: App,
  overrides: { account?: Record<string, unknown>; business?: Record<string, string | number> } = {},
) {
  const account = await signUp(app, overrides.account);
  const vendorId = await registerBusiness(app, account, overrides.business);
  return { ...account, vendorId };
}

/** Like buildShop, but the business stays as registration leaves it: PENDING, waiting for an admin (issue 14). */
export async function buildPendingShop(
  app: App,
  overrides: { account?: Record<string, unknown>; business?: Record<string, string | number> } = {},
) {
  const account = await signUp(app, overrides.account);
  const vendorId = await registerPendingBusiness(app, account, overrides.business);
  return { ...account, vendorId };
}

let insertedShops = 0;

/**
 * A business written straight into the database, no route and no session: an owner row and its vendor row (ACTIVE
 * unless `status` says otherwise, in Valletta unless placed elsewhere), for tests of the reading paths that need
 * many shops fast or values the API would refuse. `overrides` are the vendor's columns; the owner is named after
 * the business. Answers both ids.
 */
export async function insertShop(db: Db, overrides: Partial<Omit<typeof vendors.$inferInsert, 'id' | 'ownerUserId'>> = {}) {
  insertedShops += 1;
  const suffix = `${process.pid}-${insertedShops}`;
  const businessName = overrides.businessName ?? `Shop ${insertedShops}`;
  const [owner] = await db
    .insert(users)
    .values({ name: businessName, email: `shop-${suffix}@example.com`, phone: '+356 2100 0000', username: `shop-${suffix}`, passwordHash: 'x' })
    .returning({ id: users.id });
  if (!owner) throw new Error('owner not inserted');
  const [vendor] = await db
    .insert(vendors)
    .values({
      businessType: 'OTHER',
      businessAddress: `${businessName} street`,
      locationLatitude: 35.8989,
      locationLongitude: 14.5146,
      primaryContactName: businessName,
      contactEmail: 'shop@example.com',
      contactPhone: '+356 2100 0000',
      ...overrides,
      businessName,
      ownerUserId: owner.id,
    })
    .returning({ id: vendors.id });
  if (!vendor) throw new Error('vendor not inserted');
  // Hours given: their open intervals too, as PATCH /vendors/me writes them (issue 28 §2).
  if (overrides.openingHours) await replaceOpenIntervals(db, vendor.id, intervalRows(readHours(overrides.openingHours), Date.now()));
  return { ownerUserId: owner.id, vendorId: vendor.id };
}

/**
 * Makes an account established (issue 24, ADR 016): its address verified and the account created `daysOld` days ago
 * (ESTABLISHED_ACCOUNT_DAYS + 1 unless told), so its reviews are live and its purchases count for the trust level. Tests
 * about something else than the new-account rule make their shoppers established with it, as real shoppers mostly are.
 */
export async function makeEstablished(db: Db, userId: number, daysOld = ESTABLISHED_ACCOUNT_DAYS + 1): Promise<void> {
  await db.execute(sql`UPDATE users SET email_verified_at = now(), created_at = now() - make_interval(days => ${daysOld}) WHERE id = ${userId}`);
}

/** The form fields of an offer as POST /offers/ takes them, running today (from a week ago to 30 days ahead); `undefined` leaves a field out. */
export function buildOffer(overrides: Record<string, string | number | undefined> = {}) {
  return {
    title: 'Two pastizzi for one',
    description: 'Every morning before ten',
    categoryId: '1',
    discountValue: '10',
    startDate: maltaDay(-7),
    endDate: maltaDay(30),
    ...overrides,
  };
}

/** Publishes an offer for a shop through the real endpoint (fields from `buildOffer(overrides)`); answers its offerId. */
export async function createOffer(
  app: App,
  shop: { cookies: Record<string, string> },
  overrides: Record<string, string | number | undefined> = {},
  files: FilePart[] = [],
): Promise<number> {
  const response = await app.inject({ method: 'POST', url: '/api/v1/offers/', ...multipartBody(buildOffer(overrides), files), cookies: shop.cookies });
  if (response.statusCode !== 201) throw new Error(`offer not created: ${response.body}`);
  return bodyOf(response, offerResponseSchema).data.offerId;
}

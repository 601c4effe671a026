/**
 * Only ACTIVE businesses are seen by shoppers (issue 14, DESIGN.md §10): a PENDING, REJECTED, SUSPENDED or CLOSED
 * shop's page, offers, and everything that leads to them are absent from every shopper's read, from the next fetch.
 * Written once here: raw SQL names the business `v`; Drizzle's builder uses the column.
 */
import { eq, sql } from 'drizzle-orm';
import { vendors } from './schema.ts';

/** For raw SQL whose business is aliased `v`. */
export const SHOP_SEEN_BY_SHOPPERS = sql`v.status = 'ACTIVE'`;

/** A LIMITED offer with units left, or an unlimited one (offers o): a sold-out offer is not current (issue 13). */
export const OFFER_HAS_UNITS = sql`(o.max_redemptions IS NULL OR o.redeemed_count < o.max_redemptions)`;

/** For Drizzle's query builder, with `vendors` joined. */
export const shopSeenByShoppers = () => eq(vendors.status, 'ACTIVE');

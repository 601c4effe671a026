/**
 * Only ACTIVE businesses are seen by shoppers (issue 14, DESIGN.md §10): a PENDING, REJECTED, SUSPENDED or CLOSED
 * shop's page, offers, and everything that leads to them are absent from every shopper's read, from the next fetch.
 * Written once here: raw SQL names the business `v`; Drizzle's builder uses the column.
 */
import { eq, sql } from 'drizzle-orm';
import { vendors } from './schema.ts';

/** For raw SQL whose business is aliased `v`. */
export const SHOP_SEEN_BY_SHOPPERS = sql`v.status = 'ACTIVE'`;

/** For Drizzle's query builder, with `vendors` joined. */
export const shopSeenByShoppers = () => eq(vendors.status, 'ACTIVE');

/** A shopper's saved offers. Only offers they may see (ACTIVE, or their own business's) can be saved. */
import { and, desc, eq } from 'drizzle-orm';
import type { Favorite } from '@qrib/shared';
import type { Db } from '../../../db/client.ts';
import { favorites, offers, vendors } from '../../../db/schema.ts';
import { findFirstImageUrls, presentOfferSummary } from '../../../db/offer-summary.ts';
import { shopSeenByShoppers } from '../../../db/shopper-visibility.ts';
import { publicUrl } from '../../../storage/public-url.ts';
import { openStateOf } from '../../../kernel/opening-hours.ts';

export function createFavoritesRepository(db: Db) {
  return {
    async save(userId: number, offerId: number): Promise<void> {
      await db.insert(favorites).values({ userId, offerId }).onConflictDoNothing();
    },

    async remove(userId: number, offerId: number): Promise<void> {
      await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.offerId, offerId)));
    },

    /** Saved offers, newest first; offers since paused by their shop, or of a shop no longer ACTIVE, drop out of the list. */
    async list(userId: number): Promise<Favorite[]> {
      const rows = await db
        .select({ offer: offers, vendor: vendors, savedAt: favorites.createdAt })
        .from(favorites)
        .innerJoin(offers, eq(offers.offerId, favorites.offerId))
        .innerJoin(vendors, eq(vendors.id, offers.vendorId))
        .where(and(eq(favorites.userId, userId), eq(offers.status, 'ACTIVE'), shopSeenByShoppers()))
        .orderBy(desc(favorites.createdAt), desc(favorites.offerId));
      const images = await findFirstImageUrls(db, rows.map((row) => row.offer.offerId));
      return rows.map(({ offer, vendor, savedAt }) => ({
        ...presentOfferSummary(offer, images.get(offer.offerId) ?? null),
        vendor: {
          vendorId: vendor.id,
          businessName: vendor.businessName,
          businessAddress: vendor.businessAddress,
          logoUrl: vendor.logoKey ? publicUrl(vendor.logoKey) : null,
          // Issue 28 §2: a saved offer's shop says whether it is open now too.
          ...openStateOf(vendor.openingHours),
        },
        savedAt: savedAt.toISOString(),
      }));
    },
  };
}

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;

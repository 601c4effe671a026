/** A shopper's saved offers. Only offers they may see (ACTIVE, or their own business's) can be saved. */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Favorite } from '@qrib/shared';
import type { Db } from '../db/client.ts';
import { favorites, offerImages, offers, vendors } from '../db/schema.ts';
import { publicUrl } from '../storage/public-url.ts';

export function createFavoritesRepository(db: Db) {
  return {
    async save(userId: number, offerId: number): Promise<void> {
      await db.insert(favorites).values({ userId, offerId }).onConflictDoNothing();
    },

    async remove(userId: number, offerId: number): Promise<void> {
      await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.offerId, offerId)));
    },

    /** Saved offers, newest first; offers since paused by their shop drop out of the list. */
    async list(userId: number): Promise<Favorite[]> {
      const rows = await db
        .select({ offer: offers, vendor: vendors, savedAt: favorites.createdAt })
        .from(favorites)
        .innerJoin(offers, eq(offers.offerId, favorites.offerId))
        .innerJoin(vendors, eq(vendors.id, offers.vendorId))
        .where(and(eq(favorites.userId, userId), eq(offers.status, 'ACTIVE')))
        .orderBy(desc(favorites.createdAt), desc(favorites.offerId));
      const ids = rows.map((row) => row.offer.offerId);
      const images = ids.length
        ? await db
            .select({ offerId: offerImages.offerId, cardKey: offerImages.cardKey })
            .from(offerImages)
            .where(and(inArray(offerImages.offerId, ids), eq(offerImages.position, 0)))
        : [];
      const imageByOffer = new Map(images.map((image) => [image.offerId, publicUrl(image.cardKey)]));
      return rows.map(({ offer, vendor, savedAt }) => ({
        offerId: offer.offerId,
        imageUrl: imageByOffer.get(offer.offerId) ?? null,
        title: offer.title,
        description: offer.description,
        discountType: offer.discountType,
        discountValue: Number(offer.discountValue),
        startDate: offer.startDate,
        endDate: offer.endDate,
        termsAndConditions: offer.termsAndConditions,
        status: offer.status,
        vendor: { vendorId: vendor.id, businessName: vendor.businessName, businessAddress: vendor.businessAddress },
        savedAt: savedAt.toISOString(),
      }));
    },
  };
}

export type FavoritesRepository = ReturnType<typeof createFavoritesRepository>;

/** SQL for offers and their photos; presenting an offer with its category, business and (to its owner) documents. */
import { and, asc, desc, eq, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { remainingUnits, roleCan, type Offer, type OfferFields, type OfferStatus } from '@qrib/shared';
import type { Db } from '../../../db/client.ts';
import { categories, offerImages, offers, vendorDocuments, vendorMembers, vendors } from '../../../db/schema.ts';
import { isMemberSql } from '../../../db/membership-sql.ts';
import { publicUrl } from '../../../storage/public-url.ts';
import { shopSeenByShoppers } from '../../../db/shopper-visibility.ts';
import { presentOfferPricing } from '../../../db/offer-summary.ts';
import { openStateOf, scheduleStateOf } from '../../../kernel/opening-hours.ts';
import { replaceScheduleIntervals, type IntervalRow } from '../../businesses/index.ts';

export type OfferRow = typeof offers.$inferSelect;
export type OfferImageRow = typeof offerImages.$inferSelect;
export type NewOfferImage = Omit<typeof offerImages.$inferInsert, 'id' | 'offerId'>;

type CategoryRow = typeof categories.$inferSelect;
type VendorRow = typeof vendors.$inferSelect;
type DocumentRow = typeof vendorDocuments.$inferSelect;

function offerValues(fields: OfferFields) {
  return {
    title: fields.title,
    description: fields.description,
    categoryId: fields.categoryId,
    discountType: fields.discountType,
    discountValue: fields.discountValue.toFixed(2),
    startDate: fields.startDate,
    endDate: fields.endDate,
    termsAndConditions: fields.termsAndConditions,
    targetAudience: fields.targetAudience,
    redemptionLimit: fields.redemptionLimit,
    maxRedemptions: fields.maxRedemptions,
    sendNotifications: fields.sendNotifications,
    featuredOffer: fields.featuredOffer,
    // Issue 27: left out (null) clears them, as the whole offer is written.
    regularPrice: fields.regularPrice === null ? null : fields.regularPrice.toFixed(2),
    buyQuantity: fields.buyQuantity,
    getQuantity: fields.getQuantity,
    schedule: fields.schedule,
  };
}

export function createOffersRepository(db: Db) {
  async function present(rows: { offer: OfferRow; category: CategoryRow | null }[], vendor: VendorRow, viewerUserId: number) {
    const offerIds = rows.map((row) => row.offer.offerId);
    const images = offerIds.length
      ? await db.select().from(offerImages).where(inArray(offerImages.offerId, offerIds)).orderBy(asc(offerImages.position))
      : [];
    // Issue 28 §4: the shop's people whose role manages offers (owner, manager) see its figures and private details.
    const [member] = await db
      .select({ role: vendorMembers.role })
      .from(vendorMembers)
      .where(and(eq(vendorMembers.vendorId, vendor.id), eq(vendorMembers.userId, viewerUserId)));
    const manages = member !== undefined && roleCan(member.role, 'offers.manage');
    // Registration documents are private: only the answers of those who edit the shop list them.
    const documents =
      member !== undefined && roleCan(member.role, 'shop.edit')
        ? await db.select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, vendor.id)).orderBy(asc(vendorDocuments.id))
        : [];
    return rows.map((row) =>
      presentOffer(row.offer, row.category, vendor, images.filter((image) => image.offerId === row.offer.offerId), documents, manages),
    );
  }

  return {
    async categoryExists(categoryId: number): Promise<boolean> {
      const [row] = await db.select({ id: categories.categoryId }).from(categories).where(eq(categories.categoryId, categoryId));
      return row !== undefined;
    },

    /** The offer and its photos together, or neither; `inTransaction` commits with them (pending uploads settled). */
    async create(
      vendor: VendorRow,
      fields: OfferFields,
      images: NewOfferImage[],
      inTransaction?: (tx: Db) => Promise<void>,
      windows: readonly IntervalRow[] | null = null,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(offers)
          .values({
            ...offerValues(fields),
            vendorId: vendor.id,
            status: 'ACTIVE',
            locationLatitude: vendor.locationLatitude,
            locationLongitude: vendor.locationLongitude,
          })
          .returning({ offerId: offers.offerId });
        if (!row) throw new Error('insert returned no offer');
        if (images.length > 0) await tx.insert(offerImages).values(images.map((image) => ({ ...image, offerId: row.offerId })));
        if (windows) await replaceScheduleIntervals(tx, row.offerId, windows);
        await inTransaction?.(tx);
        return row.offerId;
      });
    },

    async findRow(offerId: number): Promise<OfferRow | undefined> {
      const [row] = await db.select().from(offers).where(eq(offers.offerId, offerId));
      return row;
    },

    /** An offer as a viewer sees it: paused, ended or removed offers, and any offer of a shop not ACTIVE, only to their owner. */
    async findForViewer(offerId: number, viewerUserId: number): Promise<Offer | undefined> {
      const [row] = await db
        .select({ offer: offers, category: categories, vendor: vendors })
        .from(offers)
        .innerJoin(vendors, eq(vendors.id, offers.vendorId))
        .leftJoin(categories, eq(categories.categoryId, offers.categoryId))
        .where(and(eq(offers.offerId, offerId), or(and(eq(offers.status, 'ACTIVE'), shopSeenByShoppers()), isMemberSql(sql`${vendors.id}`, viewerUserId))));
      if (!row) return undefined;
      const [offer] = await present([row], row.vendor, viewerUserId);
      return offer;
    },

    async listForVendor(vendor: VendorRow, viewerUserId: number): Promise<Offer[]> {
      const rows = await db
        .select({ offer: offers, category: categories })
        .from(offers)
        .leftJoin(categories, eq(categories.categoryId, offers.categoryId))
        .where(eq(offers.vendorId, vendor.id))
        .orderBy(desc(offers.createdAt), desc(offers.offerId));
      return present(rows, vendor, viewerUserId);
    },

    /**
     * Writes the offer's details, unless they set a maximum below the redemptions it already has (checked in the
     * same statement, so a redemption at the till in between cannot slip under it): answers whether it was written.
     */
    /**
     * Writes the offer's details; false when nothing was written: a maximum below the redemptions so far, or an offer
     * Qrib REMOVED (checked in the UPDATE itself, so a removal committed after the caller read the offer still wins).
     */
    async update(offerId: number, fields: OfferFields, windows: readonly IntervalRow[] | null = null): Promise<boolean> {
      const limit = fields.maxRedemptions === null ? undefined : lte(offers.redeemedCount, fields.maxRedemptions);
      return db.transaction(async (tx) => {
        const written = await tx
          .update(offers)
          .set({ ...offerValues(fields), updatedAt: sql`now()` })
          .where(and(eq(offers.offerId, offerId), ne(offers.status, 'REMOVED'), limit))
          .returning({ offerId: offers.offerId });
        if (written.length === 0) return false;
        // The schedule's windows with it (none: all day), so "on now" changes in the same commit.
        await replaceScheduleIntervals(tx, offerId, windows ?? []);
        return true;
      });
    },

    /**
     * The owner's pause or resume; false when nothing was written: the offer was REMOVED by Qrib, or (to resume) its
     * business is SUSPENDED or CLOSED. Both are checked in the UPDATE, so an admin's decision committed meanwhile is never undone.
     */
    async setStatus(offerId: number, status: OfferStatus): Promise<boolean> {
      const businessAllows =
        status === 'ACTIVE'
          ? sql`NOT EXISTS (SELECT 1 FROM ${vendors} WHERE ${vendors.id} = ${offers.vendorId} AND ${vendors.status} IN ('SUSPENDED', 'CLOSED'))`
          : undefined;
      const written = await db
        .update(offers)
        .set({ status, updatedAt: sql`now()` })
        .where(and(eq(offers.offerId, offerId), ne(offers.status, 'REMOVED'), businessAllows))
        .returning({ offerId: offers.offerId });
      return written.length > 0;
    },
  };
}

export type OffersRepository = ReturnType<typeof createOffersRepository>;

export function presentOffer(
  offer: OfferRow,
  category: CategoryRow | null,
  vendor: VendorRow,
  images: OfferImageRow[],
  documents: DocumentRow[],
  /** Whether the viewer manages the shop's offers (its owner or a manager, issue 28 §4): `isOwner` in the answer. */
  isOwner: boolean,
): Offer {
  const presentedImages = images.map((image) => ({
    imageId: image.id,
    cardUrl: publicUrl(image.cardKey),
    detailUrl: publicUrl(image.detailKey),
    width: image.width,
    height: image.height,
  }));
  return {
    offerId: offer.offerId,
    vendorId: offer.vendorId,
    title: offer.title,
    description: offer.description,
    discountType: offer.discountType,
    discountValue: Number(offer.discountValue),
    startDate: offer.startDate,
    endDate: offer.endDate,
    status: offer.status,
    featuredOffer: offer.featuredOffer,
    targetAudience: offer.targetAudience,
    termsAndConditions: offer.termsAndConditions,
    redemptionLimit: offer.redemptionLimit,
    maxRedemptions: offer.maxRedemptions,
    ...presentOfferPricing(offer),
    ...scheduleStateOf(offer.schedule),
    redeemedCount: isOwner ? offer.redeemedCount : null,
    remaining: remainingUnits(offer.maxRedemptions, offer.redeemedCount),
    sendNotifications: offer.sendNotifications,
    category: category
      ? { categoryId: category.categoryId, name: category.name, description: category.description, iconUrl: category.iconUrl }
      : null,
    // The shop's public face for everyone; its contact e-mail, contact person and documents for its owner only.
    vendor: {
      vendorId: vendor.id,
      businessName: vendor.businessName,
      businessType: vendor.businessType,
      businessAddress: vendor.businessAddress,
      logoUrl: vendor.logoKey ? publicUrl(vendor.logoKey) : null,
      contactPhone: vendor.contactPhone,
      latitude: vendor.locationLatitude,
      longitude: vendor.locationLongitude,
      openingHours: vendor.openingHours,
      ...openStateOf(vendor.openingHours),
      ...(isOwner ? { contactEmail: vendor.contactEmail, primaryContactName: vendor.primaryContactName } : {}),
    },
    documents: (isOwner ? documents : []).map((document) => ({
      documentId: document.id,
      offeringsDescription: vendor.offeringsDescription,
      primaryContactName: vendor.primaryContactName,
      locationLatitude: vendor.locationLatitude,
      locationLongitude: vendor.locationLongitude,
    })),
    images: presentedImages,
    imageUrl: presentedImages[0]?.cardUrl ?? null,
    isOwner,
    createdAt: offer.createdAt.toISOString(),
    updatedAt: offer.updatedAt.toISOString(),
  };
}

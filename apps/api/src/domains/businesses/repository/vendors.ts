/** SQL for businesses and their private registration documents. One business per account. */
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { maltaToday, type Shop, type StaffRole, type Vendor } from '@qrib/shared';
import { isForeignKeyViolation, isUniqueViolation, type Db } from '../../../db/client.ts';
import { offers, vendorDocuments, vendorMembers, vendors } from '../../../db/schema.ts';
import { publicUrl } from '../../../storage/public-url.ts';
import { findFirstImageUrls, presentOfferSummary } from '../../../db/offer-summary.ts';
import { openStateOf } from '../../../kernel/opening-hours.ts';

export type VendorRow = typeof vendors.$inferSelect;
export type NewVendor = Omit<typeof vendors.$inferInsert, 'id' | 'createdAt' | 'status' | 'logoKey' | 'coverKey' | 'website'>;
export type VendorDocumentRow = typeof vendorDocuments.$inferSelect;
export type NewVendorDocument = Omit<typeof vendorDocuments.$inferInsert, 'id' | 'vendorId' | 'createdAt'>;

export class BusinessAlreadyRegistered extends Error {}
/** Issue 28 §4: the registering account joined another shop's staff while its registration was on the way. */
export class AlreadyStaffElsewhere extends Error {}

/** The registering account was deleted while its registration was on the way (issue 25). */
export class OwnerGone extends Error {}

function isOwnerUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const details = current as Error & { code?: string; constraint?: string };
    if (details.code === '23505' && `${details.constraint ?? ''} ${details.message}`.includes('vendors_owner_user_id_unique')) {
      return true;
    }
  }
  return false;
}

export function createVendorsRepository(db: Db) {
  return {
    /** The business the person belongs to (as owner or staff) and their role in it; undefined for a person in none. */
    async findMembership(userId: number): Promise<{ business: VendorRow; role: StaffRole } | undefined> {
      const [row] = await db
        .select({ business: vendors, role: vendorMembers.role })
        .from(vendorMembers)
        .innerJoin(vendors, eq(vendors.id, vendorMembers.vendorId))
        .where(eq(vendorMembers.userId, userId));
      return row;
    },

    /** The person's role in this business, undefined when they are not one of its people. */
    async roleIn(vendorId: number, userId: number): Promise<StaffRole | undefined> {
      const [row] = await db
        .select({ role: vendorMembers.role })
        .from(vendorMembers)
        .where(and(eq(vendorMembers.vendorId, vendorId), eq(vendorMembers.userId, userId)));
      return row?.role;
    },

    async findById(vendorId: number): Promise<VendorRow | undefined> {
      const [row] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
      return row;
    },

    /**
     * A shop's public page: its public face and its current offers (ACTIVE, not ended in Malta's calendar; featured
     * first, then ending soonest, as on the home). Shoppers see ACTIVE shops only; an owner also sees their own.
     */
    async findShop(vendorId: number, viewerUserId: number): Promise<Shop | undefined> {
      const [row] = await db.select().from(vendors).where(eq(vendors.id, vendorId));
      if (!row || (row.status !== 'ACTIVE' && (await this.roleIn(vendorId, viewerUserId)) === undefined)) return undefined;
      const current = await db
        .select()
        .from(offers)
        .where(and(eq(offers.vendorId, vendorId), eq(offers.status, 'ACTIVE'), gte(offers.endDate, maltaToday())))
        .orderBy(desc(offers.featuredOffer), asc(offers.endDate), asc(offers.offerId));
      const images = await findFirstImageUrls(db, current.map((offer) => offer.offerId));
      return {
        vendorId: row.id,
        businessName: row.businessName,
        businessType: row.businessType,
        businessAddress: row.businessAddress,
        contactPhone: row.contactPhone,
        logoUrl: row.logoKey ? publicUrl(row.logoKey) : null,
        coverUrl: row.coverKey ? publicUrl(row.coverKey) : null,
        website: row.website,
        openingHours: row.openingHours,
        ...openStateOf(row.openingHours),
        latitude: row.locationLatitude,
        longitude: row.locationLongitude,
        offers: current.map((offer) => presentOfferSummary(offer, images.get(offer.offerId) ?? null)),
      };
    },

    /** The business and its documents together, or neither; `inTransaction` commits with them (pending uploads settled). */
    async createWithDocuments(vendor: NewVendor, documents: NewVendorDocument[], inTransaction?: (tx: Db) => Promise<void>): Promise<VendorRow> {
      try {
        return await db.transaction(async (tx) => {
          // A registration waits for an admin's check (issue 14): shoppers see none of it until it is ACTIVE.
          const [row] = await tx.insert(vendors).values({ ...vendor, status: 'PENDING', statusChangedAt: sql`now()` }).returning();
          if (!row) throw new Error('insert returned no vendor');
          if (documents.length > 0) {
            await tx.insert(vendorDocuments).values(documents.map((document) => ({ ...document, vendorId: row.id })));
          }
          await inTransaction?.(tx);
          return row;
        });
      } catch (error) {
        if (isOwnerUniqueViolation(error)) throw new BusinessAlreadyRegistered();
        // The owner's member row (migration 0023's trigger) meets the person's row on another shop's staff.
        if (isUniqueViolation(error, 'vendor_members_user_id_unique')) throw new AlreadyStaffElsewhere();
        if (isForeignKeyViolation(error, 'vendors_owner_user_id_users_id_fk')) throw new OwnerGone();
        throw error;
      }
    },

    /**
     * A refused business corrected and sent again (issue 14): its fields written, new documents added, and PENDING
     * again with the reason cleared, only while it is REJECTED (in the same statement, so a decision in between
     * cannot be overwritten). Answers the row, or undefined when it was not REJECTED.
     */
    async resubmit(vendorId: number, fields: Omit<NewVendor, 'ownerUserId'>, documents: NewVendorDocument[], inTransaction?: (tx: Db) => Promise<void>): Promise<VendorRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(vendors)
          .set({ ...fields, status: 'PENDING', statusReason: null, statusChangedAt: sql`now()` })
          .where(and(eq(vendors.id, vendorId), eq(vendors.status, 'REJECTED')))
          .returning();
        if (!row) return undefined;
        if (documents.length > 0) {
          await tx.insert(vendorDocuments).values(documents.map((document) => ({ ...document, vendorId: row.id })));
        }
        await inTransaction?.(tx);
        return row;
      });
    },

    async listDocuments(vendorId: number): Promise<VendorDocumentRow[]> {
      return db.select().from(vendorDocuments).where(eq(vendorDocuments.vendorId, vendorId)).orderBy(asc(vendorDocuments.id));
    },

    async findDocument(vendorId: number, documentId: number): Promise<VendorDocumentRow | undefined> {
      const [row] = await db
        .select()
        .from(vendorDocuments)
        .where(and(eq(vendorDocuments.vendorId, vendorId), eq(vendorDocuments.id, documentId)));
      return row;
    },
  };
}

export type VendorsRepository = ReturnType<typeof createVendorsRepository>;

export function presentVendor(row: VendorRow, documents: VendorDocumentRow[]): Vendor {
  return {
    vendorId: row.id,
    businessName: row.businessName,
    businessType: row.businessType,
    businessAddress: row.businessAddress,
    locationLatitude: row.locationLatitude,
    locationLongitude: row.locationLongitude,
    primaryContactName: row.primaryContactName,
    contactEmail: row.contactEmail,
    openingHours: row.openingHours,
    contactPhone: row.contactPhone,
    offeringsDescription: row.offeringsDescription,
    website: row.website,
    logoUrl: row.logoKey ? publicUrl(row.logoKey) : null,
    coverUrl: row.coverKey ? publicUrl(row.coverKey) : null,
    status: row.status,
    statusReason: row.statusReason,
    statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
    documents: documents.map((document) => ({
      documentId: document.id,
      contentType: document.contentType,
      byteSize: document.byteSize,
      url: `/api/v1/vendors/me/documents/${document.id}`,
    })),
    createdAt: row.createdAt.toISOString(),
  };
}

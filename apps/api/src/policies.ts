/**
 * Who may do what (DESIGN.md §10, STYLE.md 11): every ownership and permission rule of the API, written once.
 * Routes call `app.policies.*` with `request.user` (which the guard guarantees) and get back what they may act on,
 * or a DomainError with the MESSAGES code the answer has always had. A policy loads only what it needs to decide.
 */
import { DomainError } from './kernel/domain-error.ts';
import type { SignedInUser } from './plugins/auth.ts';
import type { OffersRepository } from './domains/offers/repository/offers.ts';
import type { ReceiptsRepository } from './domains/receipts/repository/receipts.ts';
import type { UsersRepository } from './domains/accounts/repository/users.ts';
import type { VendorRow, VendorsRepository } from './domains/businesses/repository/vendors.ts';
import type { VisitsRepository } from './domains/insights/repository/visits.ts';

export interface PolicyRepositories {
  users: UsersRepository;
  vendors: VendorsRepository;
  offers: OffersRepository;
  receipts: ReceiptsRepository;
  visits: VisitsRepository;
}

export function createPolicies({ users, vendors, offers, receipts, visits }: PolicyRepositories) {
  /** The signed-in owner's business: 403 for an account that has none. */
  async function requireOwnBusiness(user: SignedInUser): Promise<VendorRow> {
    const business = await vendors.findByOwner(user.id);
    if (!business) throw new DomainError('forbidden', 'registerBusinessFirst');
    return business;
  }

  return {
    requireOwnBusiness,

    /** The platform's console and its API (issue 14): admins only, 403 for everyone else. */
    async requireAdmin(user: SignedInUser): Promise<void> {
      if (!(await users.isAdmin(user.id))) throw new DomainError('forbidden', 'adminOnly');
    },

    /** One business per account: registering a second one is a conflict. */
    async canRegisterBusiness(user: SignedInUser): Promise<void> {
      if (await vendors.findByOwner(user.id)) throw new DomainError('conflict', 'businessAlreadyRegistered');
    },

    /** An offer form may name the business it is for; only the owner's own. */
    canPublishFor(business: VendorRow, vendorId: number | undefined): void {
      if (vendorId !== undefined && vendorId !== business.id) throw new DomainError('forbidden', 'vendorNotYours');
    },

    /** The offer, if its business is the signed-in owner's: 404 when there is none, 403 when it is someone else's. */
    async canEditOffer(user: SignedInUser, offerId: number) {
      const offer = await offers.findRow(offerId);
      if (!offer) throw new DomainError('not-found', 'offerNotFound');
      const business = await vendors.findById(offer.vendorId);
      if (business?.ownerUserId !== user.id) throw new DomainError('forbidden', 'offerNotYours');
      return offer;
    },

    /** One of the owner's registration documents: 403 without a business, 404 for any other id. */
    async canReadDocument(user: SignedInUser, documentId: number) {
      const business = await requireOwnBusiness(user);
      const document = await vendors.findDocument(business.id, documentId);
      if (!document) throw new DomainError('not-found', 'documentNotFound');
      return document;
    },

    /** A receipt's file, for the shopper who uploaded it, the owner of its shop and admins (who settle disputes) only. */
    async canReadReceiptFile(user: SignedInUser, receiptId: number, fileId: number) {
      const found = await receipts.findFile(receiptId, fileId);
      if (!found) throw new DomainError('not-found', 'receiptNotFound');
      const isParty = found.consumerUserId === user.id || found.shopOwnerUserId === user.id;
      // Qrib's admins read the files of the receipts they settle (disputes) only, never any shopper's receipt.
      if (!isParty && !(found.isDispute && (await users.isAdmin(user.id)))) throw new DomainError('forbidden', 'receiptNotYours');
      return found.file;
    },

    /** Only the owner of a receipt's shop decides on it. */
    async canDecideReceipt(user: SignedInUser, receiptId: number): Promise<void> {
      const shop = await receipts.findShopOwner(receiptId);
      if (!shop) throw new DomainError('not-found', 'receiptNotFound');
      if (shop.ownerUserId !== user.id) throw new DomainError('forbidden', 'receiptNotYourShop');
    },

    /** A shopper sends receipts to other people's shops, never to their own. */
    canSubmitReceiptTo(user: SignedInUser, shop: VendorRow): void {
      if (shop.ownerUserId === user.id) throw new DomainError('forbidden', 'receiptOwnShop', {}, { vendorId: { code: 'receiptOwnShop' } });
    },

    /** A receipt may name the shopper's own visit of that shop; anyone else's is answered as one that does not exist. */
    async canAttachVisit(user: SignedInUser, visitId: number, shop: VendorRow): Promise<void> {
      const visit = await receipts.findVisit(visitId);
      if (visit?.userId !== user.id || visit.vendorId !== shop.id) {
        throw new DomainError('not-found', 'visitNotFound', {}, { visitId: { code: 'visitNotFound' } });
      }
    },

    /** Shop entry detection runs only for a shopper who turned it on. */
    async canDetectVisits(user: SignedInUser): Promise<void> {
      if (!(await users.hasShopEntryDetection(user.id))) throw new DomainError('forbidden', 'shopEntryOff');
    },

    /** Only the shopper of a visit answers it. */
    async canAnswerVisit(user: SignedInUser, visitId: number) {
      const visit = await visits.findRow(visitId);
      if (!visit) throw new DomainError('not-found', 'visitNotFound');
      if (visit.userId !== user.id) throw new DomainError('forbidden', 'visitNotYours');
      return visit;
    },
  };
}

export type Policies = ReturnType<typeof createPolicies>;

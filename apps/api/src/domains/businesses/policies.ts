/** The businesses domain's permission rules (plugins/policies.ts assembles `app.policies` from every domain's). */
import { DomainError } from '../../kernel/domain-error.ts';
import type { SignedInUser } from '../../kernel/signed-in-user.ts';
import type { VendorRow, VendorsRepository } from './repository/vendors.ts';

export function createBusinessesPolicies({ vendors }: { vendors: VendorsRepository }) {
  /** The signed-in owner's business: 403 for an account that has none. */
  async function requireOwnBusiness(user: SignedInUser): Promise<VendorRow> {
    const business = await vendors.findByOwner(user.id);
    if (!business) throw new DomainError('forbidden', 'registerBusinessFirst');
    return business;
  }

  return {
    requireOwnBusiness,

    /** One business per account: registering a second one is a conflict. */
    async canRegisterBusiness(user: SignedInUser): Promise<void> {
      if (await vendors.findByOwner(user.id)) throw new DomainError('conflict', 'businessAlreadyRegistered');
    },

    /** An offer form may name the business it is for; only the owner's own. */
    canPublishFor(business: VendorRow, vendorId: number | undefined): void {
      if (vendorId !== undefined && vendorId !== business.id) throw new DomainError('forbidden', 'vendorNotYours');
    },

    /** One of the owner's registration documents: 403 without a business, 404 for any other id. */
    async canReadDocument(user: SignedInUser, documentId: number) {
      const business = await requireOwnBusiness(user);
      const document = await vendors.findDocument(business.id, documentId);
      if (!document) throw new DomainError('not-found', 'documentNotFound');
      return document;
    },
  };
}

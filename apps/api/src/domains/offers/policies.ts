/** The offers domain's permission rules (plugins/policies.ts assembles `app.policies` from every domain's). */
import { DomainError } from '../../kernel/domain-error.ts';
import type { SignedInUser } from '../../kernel/signed-in-user.ts';
import type { VendorsRepository } from '../businesses/index.ts';
import type { OffersRepository } from './repository/offers.ts';

export function createOffersPolicies({ offers, vendors }: { offers: OffersRepository; vendors: VendorsRepository }) {
  return {
    /** The offer, if its business is the signed-in owner's: 404 when there is none, 403 when it is someone else's. */
    async canEditOffer(user: SignedInUser, offerId: number) {
      const offer = await offers.findRow(offerId);
      if (!offer) throw new DomainError('not-found', 'offerNotFound');
      const business = await vendors.findById(offer.vendorId);
      if (business?.ownerUserId !== user.id) throw new DomainError('forbidden', 'offerNotYours');
      return offer;
    },
  };
}

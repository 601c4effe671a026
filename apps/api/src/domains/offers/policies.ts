/** The offers domain's permission rules (plugins/policies.ts assembles `app.policies` from every domain's). */
import { roleCan } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import type { SignedInUser } from '../../kernel/signed-in-user.ts';
import type { VendorsRepository } from '../businesses/index.ts';
import type { OffersRepository } from './repository/offers.ts';

export function createOffersPolicies({ offers, vendors }: { offers: OffersRepository; vendors: VendorsRepository }) {
  return {
    /**
     * The offer, if the signed-in person's role at its business may manage offers (issue 28 §4: owner, manager): 404
     * when there is none, 403 `offerNotYours` for another business's, `staffNotAllowed` for a cashier.
     */
    async canEditOffer(user: SignedInUser, offerId: number) {
      const offer = await offers.findRow(offerId);
      if (!offer) throw new DomainError('not-found', 'offerNotFound');
      const role = await vendors.roleIn(offer.vendorId, user.id);
      if (role === undefined) throw new DomainError('forbidden', 'offerNotYours');
      if (!roleCan(role, 'offers.manage')) throw new DomainError('forbidden', 'staffNotAllowed');
      return offer;
    },
  };
}

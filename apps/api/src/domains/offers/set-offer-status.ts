/** Pausing and resuming an offer (DESIGN.md §10, issue 14). Throws DomainError, never HTTP. */
import type { FastifyBaseLogger } from 'fastify';
import type { OfferStatus } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import { notifySavers, refuseRemoved, type OfferCommandDeps } from './offer-checks.ts';
import type { OfferRow } from './repository/offers.ts';

/**
 * A suspended business's offers stay paused until Qrib reinstates it (issue 14); the owner reads why. A closed one's
 * stay ended for good (issue 15).
 */
async function refuseSuspended(deps: OfferCommandDeps, vendorId: number): Promise<void> {
  const business = await deps.vendors.findById(vendorId);
  if (business?.status === 'SUSPENDED') throw new DomainError('conflict', 'businessSuspended', { reason: business.statusReason ?? '' });
  if (business?.status === 'CLOSED') throw new DomainError('conflict', 'businessClosed');
}

/** Pauses or resumes an offer; one that becomes visible again rings the bell of those who saved the shop. */
export async function setOfferStatus(deps: OfferCommandDeps, offer: OfferRow, status: OfferStatus, log: FastifyBaseLogger): Promise<void> {
  refuseRemoved(offer);
  if (status === 'ACTIVE') await refuseSuspended(deps, offer.vendorId);
  if (!(await deps.offers.setStatus(offer.offerId, status))) {
    // Not written: Qrib removed the offer or suspended the business after `offer` was read. Say which.
    const now = await deps.offers.findRow(offer.offerId);
    if (!now) throw new DomainError('not-found', 'offerNotFound');
    refuseRemoved(now);
    await refuseSuspended(deps, offer.vendorId);
    throw new Error(`offer ${offer.offerId} status not written, neither removed nor suspended`);
  }
  if (status === 'ACTIVE' && offer.status !== 'ACTIVE') notifySavers(deps, offer.offerId, log);
}

/** Editing an offer's details (DESIGN.md §10); its photos stay as they are. Throws DomainError, never HTTP. */
import type { OfferFields } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import { checkCategory, checkSchedule, refuseRemoved, type OfferCommandDeps } from './offer-checks.ts';

/** Changes an offer's details (the same rules as creating it; a maximum no lower than the redemptions so far); its photos stay as they are. */
export async function editOffer(deps: OfferCommandDeps, offerId: number, fields: OfferFields): Promise<void> {
  const current = await deps.offers.findRow(offerId);
  if (current) refuseRemoved(current);
  await checkCategory(deps.offers, fields);
  const windows = checkSchedule(fields);
  if (await deps.offers.update(offerId, fields, windows)) return;
  // Not written: removed by Qrib since it was read, or a maximum below what the till has redeemed already (issue 13:
  // never more redemptions than the maximum).
  const now = await deps.offers.findRow(offerId);
  if (now) refuseRemoved(now);
  const count = now?.redeemedCount ?? 0;
  throw new DomainError('conflict', 'maxBelowRedeemed', { count }, { maxRedemptions: { code: 'maxBelowRedeemed', params: { count } } });
}

/**
 * Claim command (issue 13, DESIGN.md §10 Redemption): a shopper gets a code for an offer. The audience and date rules
 * are checked here. Throws DomainError, never HTTP.
 */
import { PREMIUM_VERIFIED_PURCHASES, maltaToday, type Claim } from '@qrib/shared';
import { DomainError } from '../../kernel/domain-error.ts';
import { closedReason, drawClaimCode } from './claim-codes.ts';
import { isClaimCodeTaken, type ClaimsRepository } from './repository.ts';

/** Draws before giving up on a free code: with 31^8 codes a shop would need billions of claims to need a second. */
const CODE_DRAWS = 8;

/**
 * The caller's code for an offer: `created` false when they had one already (one per shopper per offer, whatever
 * the offer's state since). 404 for an offer the caller cannot see; 403 for their own offer or an audience they are
 * not in; 409 for one paused, ended, not started or sold out.
 */
export async function claimOffer(claims: ClaimsRepository, userId: number, offerId: number, now = new Date()): Promise<{ claim: Claim; created: boolean }> {
  const offer = await claims.findClaimableOffer(offerId, userId);
  // A shop shoppers cannot see, or an offer paused before this shopper had a code, is not there for them.
  if (!offer || (offer.vendorStatus !== 'ACTIVE' && !offer.viewerIsMember)) throw new DomainError('not-found', 'offerNotFound');
  // The shop's own people (owner and staff, issue 28 §4) get no codes for its offers: they would redeem them themselves.
  if (offer.viewerIsMember) throw new DomainError('forbidden', 'claimOwnOffer');
  const existing = await claims.findForUser(offerId, userId);
  if (existing) return { claim: existing, created: false };

  const closed = closedReason(offer, maltaToday(now));
  if (closed) throw closed;
  if (offer.maxRedemptions !== null && offer.redeemedCount >= offer.maxRedemptions) throw new DomainError('conflict', 'offerSoldOut');
  if (offer.targetAudience !== 'ALL_CUSTOMERS') {
    const purchases = await claims.countPurchases(userId, offer.vendorId);
    if (offer.targetAudience === 'NEW_CUSTOMERS' && purchases.atShop > 0) throw new DomainError('forbidden', 'audienceNewCustomers');
    if (offer.targetAudience === 'PREMIUM_CUSTOMERS' && purchases.anywhere < PREMIUM_VERIFIED_PURCHASES) {
      throw new DomainError('forbidden', 'audiencePremium', { count: PREMIUM_VERIFIED_PURCHASES, have: purchases.anywhere });
    }
  }

  for (let draw = 0; draw < CODE_DRAWS; draw += 1) {
    let claimId: number | undefined;
    try {
      claimId = await claims.insert(offer, userId, drawClaimCode());
    } catch (error) {
      if (isClaimCodeTaken(error)) continue;
      throw error;
    }
    // No row: the same shopper's other request made the claim a moment ago, or the code is one of the shop's
    // stamp-card rewards' (issue 29 §2): then draw again.
    const claim = claimId === undefined ? await claims.findForUser(offerId, userId) : await claims.findById(claimId);
    if (!claim && claimId === undefined) continue;
    if (!claim) throw new Error('claim not found after insert');
    return { claim, created: claimId !== undefined };
  }
  throw new Error(`no free code after ${CODE_DRAWS} draws`);
}

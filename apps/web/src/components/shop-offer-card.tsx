/**
 * One of a shop's offers (an offer's 'other offers'): the one offer card (./offer-card.tsx). Kept as a name while the
 * offer page still imports it; new code uses OfferCard.
 */
import type { Shop } from '@qrib/shared/shop-schemas';
import { OfferCard } from './offer-card.tsx';

export function ShopOfferCard({ offer, businessName, distanceKm }: { offer: Shop['offers'][number]; businessName: string; distanceKm: number | null }) {
  return <OfferCard offer={offer} shop={{ businessName }} distanceKm={distanceKm} />;
}

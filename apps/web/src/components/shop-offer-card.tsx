/** One of a shop's offers as a card (the shop page, an offer's 'other offers'): photo, badge, heart, title, time left, link. */
import type { Shop } from '@qrib/shared/shop-schemas';
import { useOfferImpression } from '../lib/offer-events.ts';
import { OfferCardText } from './offer-card-footer.tsx';
import { OfferCardMedia } from './offer-card-media.tsx';

export function ShopOfferCard({ offer, businessName, distanceKm }: { offer: Shop['offers'][number]; businessName: string; distanceKm: number | null }) {
  const card = useOfferImpression<HTMLElement>(offer.offerId);
  return (
    <article ref={card} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white" data-testid="shop-offer-card">
      <OfferCardMedia offer={offer} businessName={businessName} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <OfferCardText offer={offer} distanceKm={distanceKm} />
      </div>
    </article>
  );
}

/** One nearby offer: photo, badge, business logo or initial, names, distance, time left, View Offer. */
import { useState } from 'react';
import type { NearbyBusiness } from '@qrib/shared/nearby-schemas';
import { OfferCardText } from '../../../components/offer-card-footer.tsx';
import { OfferCardMedia } from '../../../components/offer-card-media.tsx';
import { useOfferImpression } from '../../../lib/offer-events.ts';

type NearbyOffer = NearbyBusiness['offers'][number];

export function OfferCard({ business, offer, first = false }: { business: NearbyBusiness; offer: NearbyOffer; first?: boolean }) {
  const [logoFailed, setLogoFailed] = useState(false);
  const card = useOfferImpression<HTMLElement>(offer.offerId);
  const initial = business.businessName.trim().charAt(0).toLocaleUpperCase();
  return (
    <article ref={card} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white" data-testid="offer-card">
      <OfferCardMedia offer={offer} businessName={business.businessName} first={first} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center gap-2">
          {business.logoUrl && !logoFailed ? (
            <img src={business.logoUrl} alt="" onError={() => setLogoFailed(true)} className="size-8 rounded-full object-cover" />
          ) : (
            <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-full bg-brand-100 font-bold text-brand-800">
              {initial}
            </span>
          )}
          <p className="truncate text-sm font-medium text-slate-700" data-testid="business-name">
            <bdi>{business.businessName}</bdi>
          </p>
        </div>
        <OfferCardText offer={offer} distanceKm={business.distance} />
      </div>
    </article>
  );
}

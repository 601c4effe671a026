/** One of a shop's offers as a card (the shop page, an offer's 'other offers'): photo, badge, heart, title, time left, link. */
import { useTranslation } from 'react-i18next';
import type { Shop } from '@qrib/shared/shop-schemas';
import { useOfferImpression } from '../lib/offer-events.ts';
import { OfferCardFooter } from './offer-card-footer.tsx';
import { OfferCardMedia } from './offer-card-media.tsx';

export function ShopOfferCard({ offer, businessName, distanceKm }: { offer: Shop['offers'][number]; businessName: string; distanceKm: number | null }) {
  const { t } = useTranslation();
  const card = useOfferImpression<HTMLElement>(offer.offerId);
  return (
    <article ref={card} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white" data-testid="shop-offer-card">
      <OfferCardMedia offer={offer} businessName={businessName} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-base font-semibold text-slate-900">
          <bdi>{offer.title}</bdi>
        </h3>
        <p className="line-clamp-2 text-sm text-slate-600">
          <bdi>{offer.description}</bdi>
        </p>
        <OfferCardFooter offerId={offer.offerId} title={offer.title} endDate={offer.endDate} distanceKm={distanceKm} linkLabel={t('home.viewOffer')} />
      </div>
    </article>
  );
}

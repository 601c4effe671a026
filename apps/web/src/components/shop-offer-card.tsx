/** One of a shop's offers as a card (the shop page, an offer's 'other offers'): photo, badge, heart, title, time left, link. */
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shop } from '@qrib/shared';
import { formatDiscount } from '../lib/format.ts';
import { useOfferImpression } from '../lib/offer-events.ts';
import { FavoriteButton } from './favorite-button.tsx';
import { OfferCardFooter } from './offer-card-footer.tsx';

export function ShopOfferCard({ offer, businessName, distanceKm }: { offer: Shop['offers'][number]; businessName: string; distanceKm: number | null }) {
  const { t } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);
  const card = useOfferImpression<HTMLElement>(offer.offerId);
  return (
    <article ref={card} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white" data-testid="shop-offer-card">
      <div className="relative aspect-[16/9] bg-slate-100">
        {offer.imageUrl && !imageFailed ? (
          <img
            src={offer.imageUrl}
            alt={t('home.imageAlt', { title: offer.title, business: businessName })}
            loading="lazy"
            onError={() => setImageFailed(true)}
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-slate-500">
            <ImageOff aria-hidden="true" className="size-8" />
            <span className="sr-only">{t('home.noImage')}</span>
          </div>
        )}
        <span className="absolute start-3 top-3 rounded-full bg-brand-700 px-3 py-1 text-sm font-bold text-white">
          {formatDiscount(t, offer.discountType, offer.discountValue)}
        </span>
        <FavoriteButton offerId={offer.offerId} title={offer.title} className="absolute end-3 top-3" />
      </div>
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

/** The top of an offer card: its photo (or a 'no image' tile), the discount badge and the save heart. */
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiscountType } from '@qrib/shared/offer-constants';
import { formatDiscount } from '../lib/format.ts';
import { FavoriteButton } from './favorite-button.tsx';
import { FeaturedLabel } from './featured-label.tsx';

export interface CardOffer {
  offerId: number;
  title: string;
  imageUrl: string | null;
  discountType: DiscountType;
  discountValue: number;
  /** Marked featured by its shop, and lifted first for it: labelled 'Featured' (issue 14). */
  featuredOffer?: boolean | undefined;
}

/**
 * `first`: the top card of a list, whose photo is what a phone paints largest on arrival: fetched at once with high
 * priority instead of lazily after layout.
 */
export function OfferCardMedia({ offer, businessName, first = false }: { offer: CardOffer; businessName: string; first?: boolean }) {
  const { t } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <div className="relative aspect-[16/9] bg-slate-100">
      {offer.imageUrl && !imageFailed ? (
        <img
          src={offer.imageUrl}
          alt={t('home.imageAlt', { title: offer.title, business: businessName })}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
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
      {offer.featuredOffer ? <FeaturedLabel className="absolute bottom-3 start-3" /> : null}
    </div>
  );
}

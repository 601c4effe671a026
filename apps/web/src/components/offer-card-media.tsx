/**
 * The side of an offer card (issue 27): its photo (or a 'no photo' tile), the discount badge over it and, for a
 * featured offer, 'Featured'. Beside the words rather than above them, so a phone screen holds several cards.
 */
import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiscountType } from '@qrib/shared/offer-constants';
import { formatDiscount } from '../lib/format.ts';
import { FeaturedLabel } from './featured-label.tsx';

export interface CardOffer {
  offerId: number;
  title: string;
  imageUrl: string | null;
  discountType: DiscountType;
  discountValue: number;
  /** Marked featured by its shop, and lifted first for it: labelled 'Featured' (issue 14). */
  featuredOffer?: boolean | undefined;
  /** Buy-X-get-Y's quantities (issue 27): 'Buy 2, get 1 free' when both are known. */
  buyQuantity?: number | null | undefined;
  getQuantity?: number | null | undefined;
}

/**
 * `first`: the top card of a list, whose photo is what a phone paints first on arrival: fetched at once with high
 * priority instead of lazily after layout.
 */
export function OfferCardMedia({ offer, businessName, first = false }: { offer: CardOffer; businessName: string; first?: boolean }) {
  const { t } = useTranslation();
  const [imageFailed, setImageFailed] = useState(false);
  return (
    <div className="relative min-h-24 w-24 shrink-0 self-stretch overflow-hidden rounded-xl bg-slate-100 sm:w-32">
      {offer.imageUrl && !imageFailed ? (
        <img
          src={offer.imageUrl}
          alt={t('home.imageAlt', { title: offer.title, business: businessName })}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          onError={() => setImageFailed(true)}
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : (
        <div className="absolute inset-0 flex items-center justify-center text-slate-500">
          <ImageOff aria-hidden="true" className="size-7" />
          <span className="sr-only">{t('home.noImage')}</span>
        </div>
      )}
      <span
        className="absolute start-1.5 top-1.5 max-w-[calc(100%-0.75rem)] rounded-lg bg-brand-700 px-2 py-0.5 text-xs leading-tight font-bold text-white"
        data-testid="badge"
      >
        {formatDiscount(t, offer.discountType, offer.discountValue, offer)}
      </span>
      {offer.featuredOffer ? <FeaturedLabel className="absolute bottom-1.5 start-1.5" /> : null}
    </div>
  );
}

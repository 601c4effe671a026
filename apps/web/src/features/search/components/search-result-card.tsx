/** One search result (spec §2.4 Search Offers card): badge, heart, title, business, distance, time left, View Details. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchResult } from '@qrib/shared';
import { FavoriteButton } from '../../../components/favorite-button.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDiscount, timeLeftText } from '../../../lib/format.ts';
import { useOfferImpression } from '../../../lib/offer-events.ts';

export function SearchResultCard({ offer }: { offer: SearchResult }) {
  const { t } = useTranslation();
  const card = useOfferImpression<HTMLElement>(offer.offerId);
  return (
    <article ref={card} className="flex h-full flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4" data-testid="search-result">
      <div className="flex items-start justify-between gap-3">
        <span className="rounded-full bg-brand-700 px-3 py-1 text-sm font-bold text-white" data-testid="badge">
          {formatDiscount(t, offer.discountType, offer.discountValue)}
        </span>
        <FavoriteButton offerId={offer.offerId} title={offer.title} className="-me-1 -mt-1 shrink-0 border border-slate-200" />
      </div>
      <h3 className="text-base font-semibold text-slate-900">
        <bdi>{offer.title}</bdi>
      </h3>
      <p className="text-sm font-medium text-slate-700" data-testid="vendor">
        <bdi>{offer.vendor.businessName}</bdi>
      </p>
      {offer.category ? (
        <p className="text-xs text-slate-600">
          <bdi>{offer.category.name}</bdi>
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 pt-2 text-sm">
        {offer.distance === null ? (
          <span />
        ) : (
          <span className="font-medium text-slate-800" data-testid="distance">
            {t('messages.kmAway', { distance: offer.distance.toFixed(1) })}
          </span>
        )}
        <span className="text-slate-600" data-testid="time-left">
          {timeLeftText(t, offer.endDate)}
        </span>
      </div>
      <Link
        to={paths.viewOffer(offer.offerId)}
        className="mt-2 rounded-lg bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('search.viewDetails')}
        <span className="sr-only">: {offer.title}</span>
      </Link>
    </article>
  );
}

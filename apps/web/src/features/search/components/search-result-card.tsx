/** One search result (spec §2.4 Search Offers card): badge, heart, title, business, distance, time left, View Details. */
import { useTranslation } from 'react-i18next';
import type { SearchResult } from '@qrib/shared/nearby-schemas';
import { FavoriteButton } from '../../../components/favorite-button.tsx';
import { OfferCardFooter } from '../../../components/offer-card-footer.tsx';
import { categoryName } from '../../../lib/categories.ts';
import { formatDiscount } from '../../../lib/format.ts';
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
          <bdi>{categoryName(t, offer.category)}</bdi>
        </p>
      ) : null}
      <OfferCardFooter offerId={offer.offerId} title={offer.title} endDate={offer.endDate} distanceKm={offer.distance} linkLabel={t('search.viewDetails')} remaining={offer.remaining} />
    </article>
  );
}

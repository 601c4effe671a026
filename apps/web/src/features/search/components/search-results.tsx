/**
 * The search's results for a query: its loading, error and empty states, then a list or a map of the shops,
 * in pages. The search waits while the shopper's location is being detected.
 */
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchResult } from '@qrib/shared/nearby-schemas';
import { ShopMapView } from '../../../components/map/shop-map-view.tsx';
import { ViewToggle, type OffersView } from '../../../components/map/view-toggle.tsx';
import { OfferCard } from '../../../components/offer-card.tsx';
import { RankingLink } from '../../../components/ranking-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { useSearchOffers } from '../api/search-offers.ts';

export interface SearchResultsProps {
  query: URLSearchParams;
  isLocating: boolean;
  /** Clear all under an empty result, when a filter is set. */
  onClearFilters: (() => void) | undefined;
}

const discountOf = (offer: SearchResult) => ({
  discountType: offer.discountType,
  discountValue: offer.discountValue,
  buyQuantity: offer.buyQuantity,
  getQuantity: offer.getQuantity,
});
const shopOf = ({ vendor }: SearchResult) => ({ vendorId: vendor.vendorId, businessName: vendor.businessName, latitude: vendor.latitude, longitude: vendor.longitude });
/** The results as the one offer card, with the spec's 'View Details' (§2.4 Search Offers). */
const resultList = (t: TFunction, offers: readonly SearchResult[], firstIsTop = false) => (
  <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
    {offers.map((offer, index) => (
      <li key={offer.offerId}>
        <OfferCard
          offer={offer}
          shop={offer.vendor}
          distanceKm={offer.distance}
          linkLabel={t('search.viewDetails')}
          first={firstIsTop && index === 0}
          openStatus={offer.vendor}
        />
      </li>
    ))}
  </ul>
);

export function SearchResults({ query, isLocating, onClearFilters }: SearchResultsProps) {
  const { t } = useTranslation();
  const results = useSearchOffers(query, !isLocating);
  const offers = useMemo(() => (results.data?.pages ?? []).flatMap((page) => page.data), [results.data]);
  const [view, setView] = useState<OffersView>('list');

  let body;
  if (isLocating) {
    body = <LoadingState message={t('messages.detectingLocation')} />;
  } else if (results.isPending) {
    body = <LoadingState />;
  } else if (results.isError) {
    body = <ErrorState message={t('messages.offersLoadFailed')} onRetry={() => void results.refetch()} />;
  } else if (offers.length === 0) {
    body = (
      <EmptyState
        message={t('search.empty')}
        hint={t('search.emptyHint')}
        testId="search-empty"
        action={
          onClearFilters ? (
            <Button variant="secondary" onClick={onClearFilters}>
              {t('search.clearAll')}
            </Button>
          ) : undefined
        }
      />
    );
  } else if (view === 'map') {
    body = <ShopMapView items={offers} discountOf={discountOf} shopOf={shopOf} renderOffers={(items) => resultList(t, items)} />;
  } else {
    body = (
      <>
        {resultList(t, offers, true)}
        {results.hasNextPage ? (
          <div className="flex justify-center">
            <Button variant="secondary" disabled={results.isFetchingNextPage} onClick={() => void results.fetchNextPage()}>
              {results.isFetchingNextPage ? t('messages.loadingEllipsis') : t('home.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <section aria-labelledby="search-results-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="search-results-title" className="sr-only">
          {t('search.results')}
        </h2>
        <RankingLink />
        <ViewToggle view={view} onChange={setView} />
      </div>
      {body}
    </section>
  );
}

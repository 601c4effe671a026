/**
 * The Local Offers Dashboard (spec §2.4 cat-offer): a category grid with a search that filters it, and,
 * for the chosen category, 'Offers for {category}' near the shopper with distance and time left.
 */
import { ArrowLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CategoryIcon } from '../../../components/category-icon.tsx';
import { OfferCard } from '../../../components/offer-card.tsx';
import { RankingLink } from '../../../components/ranking-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { categoryDescription, categoryName, useCategories } from '../../../lib/categories.ts';
import { useShopperLocation } from '../../../lib/shopper-location.ts';
import { useCategoryOffers } from '../api/get-category-offers.ts';
import { LocationFallback } from './location-fallback.tsx';

export function CategoryOffers() {
  const { t } = useTranslation();
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const categories = useCategories();
  const { location, choosePlace, detectDevice } = useShopperLocation();
  const [search, setSearch] = useState('');
  const selectedId = Number(params.get('categoryId')) || undefined;
  const selected = categories.data?.find((category) => category.categoryId === selectedId);
  const fetchLocation = location.status === 'ready' ? location.fetchLocation : undefined;
  const offers = useCategoryOffers(selected?.categoryId, fetchLocation);

  const needle = search.trim().toLocaleLowerCase();
  const visible = (categories.data ?? []).filter(
    (category) => !needle || `${categoryName(t, category)} ${categoryDescription(t, category)}`.toLocaleLowerCase().includes(needle),
  );

  let grid;
  if (categories.isPending) grid = <LoadingState message={t('messages.loadingCategories')} />;
  else if (categories.isError) grid = <ErrorState message={t('messages.categoriesLoadFailed')} hint={t('messages.pleaseTryAgain')} />;
  else if (visible.length === 0) grid = <EmptyState message={t('messages.noCategories')} />;
  else
    grid = (
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {visible.map((category) => (
          <li key={category.categoryId} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4">
            <div className="flex items-center gap-2">
              {category.iconUrl ? (
                <img src={category.iconUrl} alt="" className="size-6" />
              ) : (
                <CategoryIcon categoryId={category.categoryId} size="lg" />
              )}
              <h3 className="font-semibold text-slate-900">{categoryName(t, category)}</h3>
            </div>
            <p className="flex-1 text-sm text-slate-600">{categoryDescription(t, category)}</p>
            <Button variant="secondary" onClick={() => setParams({ categoryId: String(category.categoryId) })}>
              {t('categoryScreen.viewOffers')}
              <span className="sr-only">: {categoryName(t, category)}</span>
            </Button>
          </li>
        ))}
      </ul>
    );

  const offerList = (offers.data?.pages ?? []).flatMap((page) => page.data);
  let offersBody;
  if (location.status === 'detecting') offersBody = <LoadingState message={t('messages.detectingLocation')} />;
  else if (location.status === 'error')
    offersBody = <LocationFallback unsupported={location.unsupported} denied={location.denied} onChoosePlace={choosePlace} onUseDevice={detectDevice} />;
  else if (offers.isPending) offersBody = <LoadingState />;
  else if (offers.isError) offersBody = <ErrorState message={t('messages.offersLoadFailed')} hint={t('messages.pleaseTryAgain')} />;
  else if (offerList.length === 0) offersBody = <EmptyState message={t('messages.noOffersForCategory')} />;
  else
    offersBody = (
      <>
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {offerList.map((offer, index) => (
            <li key={offer.offerId}>
              <OfferCard offer={offer} shop={offer.vendor} distanceKm={offer.distance} labelled first={index === 0} openStatus={offer.vendor} />
            </li>
          ))}
        </ul>
        {offers.hasNextPage ? (
          <Button variant="secondary" disabled={offers.isFetchingNextPage} onClick={() => void offers.fetchNextPage()}>
            {t('home.loadMore')}
          </Button>
        ) : null}
      </>
    );

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('categoryScreen.title')}</h1>
      {selected ? (
        <section aria-labelledby="category-offers-title" className="space-y-4">
          <button type="button" onClick={() => setParams({})} className="flex items-center gap-1 text-sm font-semibold text-brand-700">
            <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            {t('categoryScreen.allCategories')}
          </button>
          <h2 id="category-offers-title" className="text-xl font-semibold text-slate-900">
            {t('categoryScreen.offersFor', { category: categoryName(t, selected) })}
          </h2>
          <RankingLink />
          {offersBody}
        </section>
      ) : (
        <section aria-labelledby="explore-title" className="space-y-4">
          <label htmlFor={searchId} className="sr-only">
            {t('categoryScreen.searchLabel')}
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('categoryScreen.searchPlaceholder')}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm"
          />
          <h2 id="explore-title" className="text-xl font-semibold text-slate-900">
            {t('categoryScreen.exploreCategories')}
          </h2>
          {grid}
        </section>
      )}
    </div>
  );
}

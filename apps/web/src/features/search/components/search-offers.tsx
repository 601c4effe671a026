/**
 * Search Offers (spec §2.4, working as DESIGN.md §5 asks): text search as you type, where you are, the
 * Price, Distance and Category filters, a sort, and the results in pages. Everything the shopper chose is in
 * the URL, so reload and Back keep it.
 */
import { ArrowLeft, MapPin, Search, X } from 'lucide-react';
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SEARCH_TEXT_MAX_LENGTH, type SearchSort } from '@qrib/shared/nearby-constants';
import type { DiscountType } from '@qrib/shared/offer-constants';
import { LazyShopMap } from '../../../components/map/lazy-shop-map.tsx';
import { MapShopPanel } from '../../../components/map/map-shop-panel.tsx';
import { shopPointsFromOffers } from '../../../components/map/map-points.ts';
import { ViewToggle, type OffersView } from '../../../components/map/view-toggle.tsx';
import { RankingLink } from '../../../components/ranking-link.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/data-states.tsx';
import { FilterPopover } from '../../../components/ui/filter-popover.tsx';
import { paths } from '../../../config/paths.ts';
import { categoryName, useCategories } from '../../../lib/categories.ts';
import { formatDiscount } from '../../../lib/format.ts';
import { usePlaceName } from '../../../lib/reverse-geocode.ts';
import { useShopperLocation } from '../../../lib/shopper-location.ts';
import { useSearchOffers } from '../api/search-offers.ts';
import {
  DISTANCE_CHOICES_KM,
  MIN_DISCOUNT_CHOICES,
  SEARCH_DEBOUNCE_MS,
  apiQueryFromFilters,
  countActiveFilters,
  filtersFromParams,
  paramsFromFilters,
  type SearchFilters,
} from './search-filters.ts';
import { SearchResultCard } from './search-result-card.tsx';

const TYPE_LABEL_KEYS: Record<DiscountType, string> = {
  PERCENTAGE: 'search.percentage',
  FIXED: 'search.fixed',
  BUYXGETY: 'search.buyXGetY',
};
const SORT_LABEL_KEYS: Record<SearchSort, string> = {
  relevance: 'search.sortRelevance',
  nearest: 'search.sortNearest',
  newest: 'search.sortNewest',
};

/** A labelled select inside a filter panel. */
function PanelSelect({
  label,
  value,
  onChange,
  disabled,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm text-slate-900 disabled:bg-slate-100 disabled:text-slate-500"
      >
        {children}
      </select>
    </div>
  );
}

export function SearchOffers() {
  const { t } = useTranslation();
  const inputId = useId();
  const sortId = useId();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const categories = useCategories();
  const { location } = useShopperLocation();
  const position = location.status === 'ready' ? location.fetchLocation : undefined;
  const placeName = usePlaceName(position, location.status === 'ready' ? location.place : undefined);

  // What is typed; it reaches the URL (and the search) after a pause in typing.
  const [text, setText] = useState(filters.q);
  const [syncedQ, setSyncedQ] = useState(filters.q);
  if (filters.q !== syncedQ) {
    // Back or Forward changed the URL's text: the box follows it.
    setSyncedQ(filters.q);
    if (text.trim() !== filters.q) setText(filters.q);
  }

  /** A filter change is a new history entry (Back undoes it) and takes what is typed along at once. */
  function update(changes: Partial<SearchFilters>, replace = false) {
    setParams(paramsFromFilters({ ...filters, q: text, ...changes }), { replace });
  }

  // Typing replaces the history entry, so Back does not step through every letter.
  useEffect(() => {
    const current = filtersFromParams(params);
    if (text.trim() === current.q) return;
    const timer = setTimeout(() => setParams(paramsFromFilters({ ...current, q: text }), { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, params, setParams]);

  const query = apiQueryFromFilters(filters, position);
  const results = useSearchOffers(query, location.status !== 'detecting');
  const offers = (results.data?.pages ?? []).flatMap((page) => page.data);
  const [view, setView] = useState<OffersView>('list');
  const [selectedShop, setSelectedShop] = useState<number | null>(null);
  const shops = useMemo(
    () =>
      shopPointsFromOffers(
        (results.data?.pages ?? []).flatMap((page) =>
          page.data.map((offer) => ({ ...offer, vendorId: offer.vendor.vendorId, businessName: offer.vendor.businessName, latitude: offer.vendor.latitude, longitude: offer.vendor.longitude })),
        ),
      ),
    [results.data],
  );
  const selected = offers.filter((offer) => offer.vendor.vendorId === selectedShop);

  const typeLabel = filters.discountType ? t(TYPE_LABEL_KEYS[filters.discountType]) : undefined;
  const minimumLabel =
    filters.minDiscount !== undefined && filters.discountType !== 'BUYXGETY' ? minimumText(filters.minDiscount, filters.discountType) : undefined;
  const distanceLabel = filters.maxDistanceKm !== undefined ? t('search.withinKm', { distance: filters.maxDistanceKm }) : undefined;
  const chosenCategory =
    filters.categoryId !== undefined
      ? categoryName(t, categories.data?.find((category) => category.categoryId === filters.categoryId) ?? { categoryId: filters.categoryId, name: String(filters.categoryId) })
      : undefined;
  const priceLabel = [typeLabel, minimumLabel].filter(Boolean).join(', ') || undefined;

  function minimumText(value: number, type: DiscountType | undefined) {
    const amount = type === 'PERCENTAGE' || type === 'FIXED' ? formatDiscount(t, type, value) : String(value);
    return t('search.atLeast', { value: amount });
  }

  const chips: { key: string; label: string; clear: Partial<SearchFilters> }[] = [];
  if (typeLabel) chips.push({ key: 'type', label: typeLabel, clear: { discountType: undefined } });
  if (minimumLabel) chips.push({ key: 'min', label: minimumLabel, clear: { minDiscount: undefined } });
  if (distanceLabel) chips.push({ key: 'km', label: distanceLabel, clear: { maxDistanceKm: undefined } });
  if (chosenCategory) chips.push({ key: 'category', label: chosenCategory, clear: { categoryId: undefined } });
  const clearAll = { categoryId: undefined, discountType: undefined, minDiscount: undefined, maxDistanceKm: undefined };

  let place: string;
  if (location.status === 'detecting') place = t('messages.detectingLocation');
  else if (location.status === 'error') place = t('search.locationUnknown');
  else place = placeName ?? t('home.deviceLocation');

  let body;
  if (location.status === 'detecting') {
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
          countActiveFilters(filters) > 0 ? (
            <Button variant="secondary" onClick={() => update(clearAll)}>
              {t('search.clearAll')}
            </Button>
          ) : undefined
        }
      />
    );
  } else if (view === 'map') {
    const shop = selected[0]?.vendor;
    body = (
      <>
        <p className="text-sm text-slate-700">{t('map.hint')}</p>
        <LazyShopMap shops={shops} onSelect={setSelectedShop} className="h-[60vh] min-h-80 w-full overflow-hidden rounded-2xl border border-slate-200" />
        {shop ? (
          <MapShopPanel vendorId={shop.vendorId} businessName={shop.businessName} onClose={() => setSelectedShop(null)}>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {selected.map((offer) => (
                <li key={offer.offerId}>
                  <SearchResultCard offer={offer} />
                </li>
              ))}
            </ul>
          </MapShopPanel>
        ) : null}
      </>
    );
  } else {
    body = (
      <>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {offers.map((offer) => (
            <li key={offer.offerId}>
              <SearchResultCard offer={offer} />
            </li>
          ))}
        </ul>
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
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="flex items-center gap-3">
        <Link to={paths.home} className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg p-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
          <ArrowLeft aria-hidden="true" className="size-5 rtl:rotate-180" />
          <span className="sr-only">{t('search.back')}</span>
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{t('search.title')}</h1>
      </div>

      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          update({ q: text }, true);
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          {t('search.searchLabel')}
        </label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute start-3 top-1/2 size-5 -translate-y-1/2 text-slate-500" />
          <input
            id={inputId}
            type="search"
            value={text}
            maxLength={SEARCH_TEXT_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('search.placeholder')}
            className="block w-full rounded-xl border border-slate-300 bg-white py-3 ps-10 pe-3 text-base text-slate-900 shadow-sm"
          />
        </div>
      </form>

      <div className="space-y-1">
        <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="search-location">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          <span>{t('search.yourLocation', { place })}</span>
        </p>
        {location.status === 'error' ? <p className="text-sm text-amber-800">{t('messages.locationNeeded')}</p> : null}
      </div>

      <div className="relative flex flex-wrap items-center gap-2">
        <FilterPopover label={t('search.price')} value={priceLabel} closeLabel={t('search.done')}>
          <PanelSelect
            label={t('search.discountType')}
            value={filters.discountType ?? ''}
            onChange={(value) => {
              const discountType = value === '' ? undefined : (value as DiscountType);
              update(discountType === 'BUYXGETY' ? { discountType, minDiscount: undefined } : { discountType });
            }}
          >
            <option value="">{t('search.anyDiscountType')}</option>
            {(Object.keys(TYPE_LABEL_KEYS) as DiscountType[]).map((type) => (
              <option key={type} value={type}>
                {t(TYPE_LABEL_KEYS[type])}
              </option>
            ))}
          </PanelSelect>
          {filters.discountType === 'BUYXGETY' ? null : (
            <PanelSelect
              label={t('search.minDiscount')}
              value={filters.minDiscount === undefined ? '' : String(filters.minDiscount)}
              onChange={(value) => update({ minDiscount: value === '' ? undefined : Number(value) })}
            >
              <option value="">{t('search.anyAmount')}</option>
              {MIN_DISCOUNT_CHOICES.map((value) => (
                <option key={value} value={value}>
                  {minimumText(value, filters.discountType)}
                </option>
              ))}
            </PanelSelect>
          )}
        </FilterPopover>
        <FilterPopover label={t('search.distance')} value={distanceLabel} closeLabel={t('search.done')}>
          <PanelSelect
            label={t('search.maxDistance')}
            value={filters.maxDistanceKm === undefined ? '' : String(filters.maxDistanceKm)}
            disabled={!position}
            onChange={(value) => update({ maxDistanceKm: value === '' ? undefined : Number(value) })}
          >
            <option value="">{t('search.anyDistance')}</option>
            {DISTANCE_CHOICES_KM.map((km) => (
              <option key={km} value={km}>
                {t('search.withinKm', { distance: km })}
              </option>
            ))}
          </PanelSelect>
          {position ? null : <p className="text-sm text-amber-800">{t('messages.locationNeeded')}</p>}
        </FilterPopover>
        <FilterPopover label={t('search.category')} value={chosenCategory} closeLabel={t('search.done')}>
          <PanelSelect
            label={t('search.category')}
            value={filters.categoryId === undefined ? '' : String(filters.categoryId)}
            onChange={(value) => update({ categoryId: value === '' ? undefined : Number(value) })}
          >
            <option value="">{t('search.allCategories')}</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.categoryId} value={category.categoryId}>
                {categoryName(t, category)}
              </option>
            ))}
          </PanelSelect>
        </FilterPopover>
        <div className="flex items-center gap-2 sm:ms-auto">
          <label htmlFor={sortId} className="text-sm font-medium text-slate-700">
            {t('search.sortBy')}
          </label>
          <select
            id={sortId}
            value={filters.sort === 'nearest' && !position ? 'relevance' : filters.sort}
            onChange={(event) => update({ sort: event.target.value as SearchSort })}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
          >
            {(Object.keys(SORT_LABEL_KEYS) as SearchSort[]).map((sort) => (
              <option key={sort} value={sort} disabled={sort === 'nearest' && !position}>
                {t(SORT_LABEL_KEYS[sort])}
              </option>
            ))}
          </select>
        </div>
      </div>

      {chips.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('search.activeFilters')}>
          {chips.map((chip) => (
            <button
              key={chip.key}
              type="button"
              onClick={() => update(chip.clear)}
              aria-label={t('search.removeFilter', { filter: chip.label })}
              className="inline-flex min-h-11 items-center gap-1 rounded-full bg-brand-100 px-3 py-1 text-sm font-medium text-brand-800 hover:bg-brand-50"
            >
              <bdi>{chip.label}</bdi>
              <X aria-hidden="true" className="size-4" />
            </button>
          ))}
          <button type="button" onClick={() => update(clearAll)} className="text-sm font-semibold text-brand-700 underline">
            {t('search.clearAll')}
          </button>
        </div>
      ) : null}

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
    </div>
  );
}

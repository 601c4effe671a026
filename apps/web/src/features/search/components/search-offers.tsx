/**
 * Search Offers (spec §2.4, working as DESIGN.md §5 asks): text search as you type, where you are, the
 * Price, Distance and Category filters, a sort, and the results in pages. Everything the shopper chose is in
 * the URL, so reload and Back keep it (use-search-filters.ts).
 */
import { ArrowLeft, MapPin } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { usePlaceName } from '../../../lib/reverse-geocode.ts';
import { useShopperLocation } from '../../../lib/shopper-location.ts';
import { SearchBox } from './search-box.tsx';
import { ActiveFilterChips, SearchFilterBar } from './search-filter-bar.tsx';
import { apiQueryFromFilters, countActiveFilters } from './search-filters.ts';
import { SearchResults } from './search-results.tsx';
import { CLEARED_FILTERS, useSearchFilters } from './use-search-filters.ts';

export function SearchOffers() {
  const { t } = useTranslation();
  const { filters, text, setText, update } = useSearchFilters();
  const { location } = useShopperLocation();
  const position = location.status === 'ready' ? location.fetchLocation : undefined;
  const placeName = usePlaceName(position, location.status === 'ready' ? location.place : undefined);

  let place: string;
  if (location.status === 'detecting') place = t('messages.detectingLocation');
  else if (location.status === 'error') place = t('search.locationUnknown');
  else place = placeName ?? t('home.deviceLocation');

  return (
    <div className="mx-auto max-w-5xl space-y-5">
      <div className="flex items-center gap-3">
        <Link to={paths.home} className="inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg p-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
          <ArrowLeft aria-hidden="true" className="size-5 rtl:rotate-180" />
          <span className="sr-only">{t('search.back')}</span>
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{t('search.title')}</h1>
      </div>

      <SearchBox text={text} onTextChange={setText} onSubmit={() => update({ q: text }, true)} />

      <div className="space-y-1">
        <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="search-location">
          <MapPin aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          <span>{t('search.yourLocation', { place })}</span>
        </p>
        {location.status === 'error' ? <p className="text-sm text-amber-800">{t('messages.locationNeeded')}</p> : null}
      </div>

      <SearchFilterBar filters={filters} update={update} hasPosition={position !== undefined} />
      <ActiveFilterChips filters={filters} update={update} />

      <SearchResults
        query={apiQueryFromFilters(filters, position)}
        isLocating={location.status === 'detecting'}
        onClearFilters={countActiveFilters(filters) > 0 ? () => update(CLEARED_FILTERS) : undefined}
      />
    </div>
  );
}

/**
 * The Price, Distance and Category filters, the Open now and On now chips (issue 28) and the sort (spec §2.4), and the
 * chips that remove a chosen filter.
 */
import { X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchSort } from '@qrib/shared/nearby-constants';
import type { DiscountType } from '@qrib/shared/offer-constants';
import { OnNowChip } from '../../../components/on-now-chip.tsx';
import { OpenNowChip } from '../../../components/open-now-chip.tsx';
import { FilterPopover } from '../../../components/ui/filter-popover.tsx';
import { categoryName } from '../../../lib/categories.ts';
import { DISTANCE_CHOICES_KM, MIN_DISCOUNT_CHOICES, type SearchFilters } from './search-filters.ts';
import { TYPE_LABEL_KEYS, useFilterLabels } from './use-filter-labels.ts';
import { CLEARED_FILTERS } from './use-search-filters.ts';

const SORT_LABEL_KEYS: Record<SearchSort, string> = {
  relevance: 'search.sortRelevance',
  nearest: 'search.sortNearest',
  newest: 'search.sortNewest',
};

type UpdateFilters = (changes: Partial<SearchFilters>) => void;

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

/** Distance and the Nearest sort need the shopper's position; without it they are off and say why. */
export function SearchFilterBar({ filters, update, hasPosition }: { filters: SearchFilters; update: UpdateFilters; hasPosition: boolean }) {
  const { t } = useTranslation();
  const sortId = useId();
  const { priceLabel, distanceLabel, categoryLabel, minimumText, categories } = useFilterLabels(filters);
  return (
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
          disabled={!hasPosition}
          onChange={(value) => update({ maxDistanceKm: value === '' ? undefined : Number(value) })}
        >
          <option value="">{t('search.anyDistance')}</option>
          {DISTANCE_CHOICES_KM.map((km) => (
            <option key={km} value={km}>
              {t('search.withinKm', { distance: km })}
            </option>
          ))}
        </PanelSelect>
        {hasPosition ? null : <p className="text-sm text-amber-800">{t('messages.locationNeeded')}</p>}
      </FilterPopover>
      <FilterPopover label={t('search.category')} value={categoryLabel} closeLabel={t('search.done')}>
        <PanelSelect
          label={t('search.category')}
          value={filters.categoryId === undefined ? '' : String(filters.categoryId)}
          onChange={(value) => update({ categoryId: value === '' ? undefined : Number(value) })}
        >
          <option value="">{t('search.allCategories')}</option>
          {categories.map((category) => (
            <option key={category.categoryId} value={category.categoryId}>
              {categoryName(t, category)}
            </option>
          ))}
        </PanelSelect>
      </FilterPopover>
      <OpenNowChip pressed={filters.openNow === true} onChange={(pressed) => update({ openNow: pressed ? true : undefined })} />
      <OnNowChip pressed={filters.activeNow === true} onChange={(pressed) => update({ activeNow: pressed ? true : undefined })} />
      <div className="flex items-center gap-2 sm:ms-auto">
        <label htmlFor={sortId} className="text-sm font-medium text-slate-700">
          {t('search.sortBy')}
        </label>
        <select
          id={sortId}
          value={filters.sort === 'nearest' && !hasPosition ? 'relevance' : filters.sort}
          onChange={(event) => update({ sort: event.target.value as SearchSort })}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
        >
          {(Object.keys(SORT_LABEL_KEYS) as SearchSort[]).map((sort) => (
            <option key={sort} value={sort} disabled={sort === 'nearest' && !hasPosition}>
              {t(SORT_LABEL_KEYS[sort])}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

export function ActiveFilterChips({ filters, update }: { filters: SearchFilters; update: UpdateFilters }) {
  const { t } = useTranslation();
  const { typeLabel, minimumLabel, distanceLabel, categoryLabel } = useFilterLabels(filters);
  const chips: { key: string; label: string; clear: Partial<SearchFilters> }[] = [];
  if (typeLabel) chips.push({ key: 'type', label: typeLabel, clear: { discountType: undefined } });
  if (minimumLabel) chips.push({ key: 'min', label: minimumLabel, clear: { minDiscount: undefined } });
  if (distanceLabel) chips.push({ key: 'km', label: distanceLabel, clear: { maxDistanceKm: undefined } });
  if (categoryLabel) chips.push({ key: 'category', label: categoryLabel, clear: { categoryId: undefined } });
  if (chips.length === 0) return null;
  return (
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
      <button type="button" onClick={() => update(CLEARED_FILTERS)} className="text-sm font-semibold text-brand-700 underline">
        {t('search.clearAll')}
      </button>
    </div>
  );
}

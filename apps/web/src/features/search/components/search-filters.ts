/**
 * The search screen's state lives in the URL (reload and Back keep it): text, category, discount type,
 * minimum discount, maximum distance, only shops open now and only offers that hold now (issue 28) and sort. Unknown or broken values in a
 * hand-edited URL are dropped.
 */
import { MAX_NEARBY_RADIUS_KM, SEARCH_SORTS, SEARCH_TEXT_MAX_LENGTH, type SearchSort } from '@qrib/shared/nearby-constants';
import { DISCOUNT_TYPES, type DiscountType } from '@qrib/shared/offer-constants';
import type { Point } from '../../../lib/shopper-location.ts';

export const DISTANCE_CHOICES_KM = [1, 2, 5, 10, 25] as const;
export const MIN_DISCOUNT_CHOICES = [5, 10, 15, 20, 25, 30, 50] as const;
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchFilters {
  q: string;
  categoryId?: number | undefined;
  discountType?: DiscountType | undefined;
  minDiscount?: number | undefined;
  maxDistanceKm?: number | undefined;
  /** Only shops open now (the Open now chip); undefined when off. */
  openNow?: true | undefined;
  /** Only offers that hold now (the On now chip: no happy hour, or inside its window); undefined when off. */
  activeNow?: true | undefined;
  sort: SearchSort;
}

/** The names the screen's own URL uses (short, lower case). */
const URL_KEYS = { q: 'q', categoryId: 'category', discountType: 'type', minDiscount: 'min', maxDistanceKm: 'km', openNow: 'open', activeNow: 'on', sort: 'sort' } as const;

function positiveNumber(text: string | null, max = Number.POSITIVE_INFINITY): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 && value <= max ? value : undefined;
}

export function filtersFromParams(params: URLSearchParams): SearchFilters {
  const type = params.get(URL_KEYS.discountType)?.toUpperCase();
  const sort = params.get(URL_KEYS.sort);
  const categoryId = positiveNumber(params.get(URL_KEYS.categoryId));
  return {
    q: (params.get(URL_KEYS.q) ?? '').trim().slice(0, SEARCH_TEXT_MAX_LENGTH),
    categoryId: categoryId !== undefined && Number.isInteger(categoryId) ? categoryId : undefined,
    discountType: DISCOUNT_TYPES.find((known) => known === type),
    minDiscount: positiveNumber(params.get(URL_KEYS.minDiscount)),
    maxDistanceKm: positiveNumber(params.get(URL_KEYS.maxDistanceKm), MAX_NEARBY_RADIUS_KM),
    openNow: params.get(URL_KEYS.openNow) === '1' ? true : undefined,
    activeNow: params.get(URL_KEYS.activeNow) === '1' ? true : undefined,
    sort: SEARCH_SORTS.find((known) => known === sort) ?? 'relevance',
  };
}

/** Only what differs from the defaults goes into the URL, in a fixed order. */
export function paramsFromFilters(filters: SearchFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set(URL_KEYS.q, filters.q.trim());
  if (filters.categoryId !== undefined) params.set(URL_KEYS.categoryId, String(filters.categoryId));
  if (filters.discountType !== undefined) params.set(URL_KEYS.discountType, filters.discountType.toLowerCase());
  if (filters.minDiscount !== undefined) params.set(URL_KEYS.minDiscount, String(filters.minDiscount));
  if (filters.maxDistanceKm !== undefined) params.set(URL_KEYS.maxDistanceKm, String(filters.maxDistanceKm));
  if (filters.openNow) params.set(URL_KEYS.openNow, '1');
  if (filters.activeNow) params.set(URL_KEYS.activeNow, '1');
  if (filters.sort !== 'relevance') params.set(URL_KEYS.sort, filters.sort);
  return params;
}

/**
 * The query for GET /offers/search. Without a known position the distance filter and the nearest sort
 * cannot apply (the API refuses them), so they are left out and the screen says why.
 */
export function apiQueryFromFilters(filters: SearchFilters, position: Point | undefined): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.q.trim()) query.set('q', filters.q.trim());
  if (filters.categoryId !== undefined) query.set('categoryId', String(filters.categoryId));
  if (filters.discountType !== undefined) query.set('discountType', filters.discountType);
  if (filters.minDiscount !== undefined && filters.discountType !== 'BUYXGETY') query.set('minDiscount', String(filters.minDiscount));
  if (filters.openNow) query.set('openNow', 'true');
  if (filters.activeNow) query.set('activeNow', 'true');
  if (position) {
    query.set('latitude', String(position.latitude));
    query.set('longitude', String(position.longitude));
    if (filters.maxDistanceKm !== undefined) query.set('maxDistanceKm', String(filters.maxDistanceKm));
  }
  const sort = filters.sort === 'nearest' && !position ? 'relevance' : filters.sort;
  if (sort !== 'relevance') query.set('sort', sort);
  return query;
}

/** How many filters (not text, not sort) are set. */
export function countActiveFilters(filters: SearchFilters): number {
  return [filters.categoryId, filters.discountType, filters.minDiscount, filters.maxDistanceKm, filters.openNow, filters.activeNow].filter((value) => value !== undefined).length;
}

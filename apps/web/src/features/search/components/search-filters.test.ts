import { describe, expect, it } from 'vitest';
import { apiQueryFromFilters, countActiveFilters, filtersFromParams, paramsFromFilters, type SearchFilters } from './search-filters.ts';

const VALLETTA = { latitude: 35.8989, longitude: 14.5146 };

describe('search filters in the URL', () => {
  it('reads every filter from the URL and writes the same URL back', () => {
    const params = new URLSearchParams('q=pizza&category=3&type=percentage&min=20&km=5&sort=nearest');
    const filters = filtersFromParams(params);
    expect(filters).toEqual({ q: 'pizza', categoryId: 3, discountType: 'PERCENTAGE', minDiscount: 20, maxDistanceKm: 5, sort: 'nearest' });
    expect(paramsFromFilters(filters).toString()).toBe(params.toString());
  });

  it('uses the defaults for an empty URL and leaves them out when writing', () => {
    const filters = filtersFromParams(new URLSearchParams());
    expect(filters).toEqual({ q: '', categoryId: undefined, discountType: undefined, minDiscount: undefined, maxDistanceKm: undefined, sort: 'relevance' });
    expect(paramsFromFilters(filters).toString()).toBe('');
    expect(paramsFromFilters({ ...filters, q: '   ' }).toString()).toBe('');
  });

  it('drops broken or unknown values of a hand-edited URL', () => {
    const filters = filtersFromParams(new URLSearchParams(`q=${'x'.repeat(150)}&category=1.5&type=free&min=-3&km=500&sort=cheapest`));
    expect(filters.q).toHaveLength(100);
    expect(filters).toMatchObject({ categoryId: undefined, discountType: undefined, minDiscount: undefined, maxDistanceKm: undefined, sort: 'relevance' });
    expect(filtersFromParams(new URLSearchParams('category=abc&km=0&min=')).categoryId).toBeUndefined();
  });

  it('keeps the Open now chip in the URL and sends openNow=true (issue 28)', () => {
    const filters = filtersFromParams(new URLSearchParams('q=pizza&open=1'));
    expect(filters.openNow).toBe(true);
    expect(paramsFromFilters(filters).toString()).toBe('q=pizza&open=1');
    expect(apiQueryFromFilters(filters, undefined).get('openNow')).toBe('true');
    expect(countActiveFilters(filters)).toBe(1);
    expect(filtersFromParams(new URLSearchParams('open=yes')).openNow).toBeUndefined();
    expect(apiQueryFromFilters(filtersFromParams(new URLSearchParams('q=pizza')), undefined).has('openNow')).toBe(false);
  });

  it('keeps the On now chip in the URL and sends activeNow=true (issue 28 §3)', () => {
    const filters = filtersFromParams(new URLSearchParams('q=pizza&open=1&on=1'));
    expect(filters.activeNow).toBe(true);
    expect(paramsFromFilters(filters).toString()).toBe('q=pizza&open=1&on=1');
    const query = apiQueryFromFilters(filters, undefined);
    expect(query.get('activeNow')).toBe('true');
    expect(query.get('openNow')).toBe('true');
    expect(countActiveFilters(filters)).toBe(2);
    expect(filtersFromParams(new URLSearchParams('on=true')).activeNow).toBeUndefined();
    expect(apiQueryFromFilters(filtersFromParams(new URLSearchParams('q=pizza&open=1')), undefined).has('activeNow')).toBe(false);
  });

  it('counts the filters that are set (text and sort are not filters)', () => {
    const none: SearchFilters = { q: 'pizza', sort: 'newest' };
    expect(countActiveFilters(none)).toBe(0);
    expect(countActiveFilters({ ...none, categoryId: 2, maxDistanceKm: 10 })).toBe(2);
  });
});

describe('the API query', () => {
  const filters: SearchFilters = { q: ' pizza ', categoryId: 3, discountType: 'PERCENTAGE', minDiscount: 20, maxDistanceKm: 5, sort: 'nearest' };

  it('sends every filter and the position when the shopper’s position is known', () => {
    expect(Object.fromEntries(apiQueryFromFilters(filters, VALLETTA))).toEqual({
      q: 'pizza',
      categoryId: '3',
      discountType: 'PERCENTAGE',
      minDiscount: '20',
      latitude: '35.8989',
      longitude: '14.5146',
      maxDistanceKm: '5',
      sort: 'nearest',
    });
  });

  it('leaves out distance and nearest without a position (the API would refuse them)', () => {
    expect(Object.fromEntries(apiQueryFromFilters(filters, undefined))).toEqual({ q: 'pizza', categoryId: '3', discountType: 'PERCENTAGE', minDiscount: '20' });
    expect(apiQueryFromFilters({ ...filters, sort: 'newest' }, undefined).get('sort')).toBe('newest');
  });

  it('ignores a minimum discount for buy-X-get-Y offers, whose value is not a discount', () => {
    expect(apiQueryFromFilters({ ...filters, discountType: 'BUYXGETY' }, VALLETTA).has('minDiscount')).toBe(false);
  });
});

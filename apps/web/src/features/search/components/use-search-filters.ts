/**
 * The search screen's filters as the URL holds them, and the text being typed: the text reaches the URL (and the
 * search) after a pause in typing, replacing the history entry; any other change is a new entry Back undoes.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS, filtersFromParams, paramsFromFilters, type SearchFilters } from './search-filters.ts';

/** What Clear all changes: every filter, not the text or the sort. */
export const CLEARED_FILTERS: Partial<SearchFilters> = {
  categoryId: undefined,
  discountType: undefined,
  minDiscount: undefined,
  maxDistanceKm: undefined,
  openNow: undefined,
  activeNow: undefined,
};

export function useSearchFilters() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);

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

  return { filters, text, setText, update };
}

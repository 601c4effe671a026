/** Nearby and search limits, without zod: the shopper's home and search import them and load no schema code. */
export const NEARBY_RADIUS_KM = 10;
export const MAX_NEARBY_RADIUS_KM = 50;
export const NEARBY_PAGE_SIZE = 20;
export const SEARCH_SORTS = ['relevance', 'nearest', 'newest'] as const;
export const SEARCH_TEXT_MAX_LENGTH = 100;
export type SearchSort = (typeof SEARCH_SORTS)[number];

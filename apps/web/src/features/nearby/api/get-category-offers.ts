/** GET /offers/nearby-offers with a categoryId: that category's offers near the shopper, nearest first. */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { NearbyCategoryOffer } from '@qrib/shared/nearby-schemas';
import { NEARBY_RADIUS_KM } from '@qrib/shared/nearby-constants';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Point } from '../../../lib/shopper-location.ts';

interface CategoryOffersPage {
  data: NearbyCategoryOffer[];
  nextCursor: string | null;
}

export function getCategoryOffers(categoryId: number, location: Point, cursor?: string): Promise<CategoryOffersPage> {
  const query = new URLSearchParams({
    categoryId: String(categoryId),
    latitude: String(location.latitude),
    longitude: String(location.longitude),
    radiusKm: String(NEARBY_RADIUS_KM),
  });
  if (cursor) query.set('cursor', cursor);
  return apiRequest<CategoryOffersPage>(`/offers/nearby-offers?${query.toString()}`);
}

export function useCategoryOffers(categoryId: number | undefined, location: Point | undefined) {
  return useInfiniteQuery({
    queryKey: queryKeys.nearbyInCategory(categoryId ?? 0, location?.latitude ?? 0, location?.longitude ?? 0),
    queryFn: ({ pageParam }) => getCategoryOffers(categoryId ?? 0, location ?? { latitude: 0, longitude: 0 }, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled: categoryId !== undefined && location !== undefined,
  });
}

/** GET /offers/nearby-offers, page by page (20 businesses each), refreshed every 5 minutes (spec §4, §9). */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { NearbyBusiness } from '@qrib/shared/nearby-schemas';
import { NEARBY_RADIUS_KM } from '@qrib/shared/nearby-constants';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const NEARBY_REFRESH_MS = 300_000;

export interface NearbyPage {
  data: NearbyBusiness[];
  nextCursor: string | null;
}

export function getNearbyOffers(latitude: number, longitude: number, cursor?: string): Promise<NearbyPage> {
  const query = new URLSearchParams({ latitude: String(latitude), longitude: String(longitude), radiusKm: String(NEARBY_RADIUS_KM) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest<NearbyPage>(`/offers/nearby-offers?${query.toString()}`);
}

export function useNearbyOffers(location: { latitude: number; longitude: number } | undefined) {
  return useInfiniteQuery({
    queryKey: queryKeys.nearby(location?.latitude ?? 0, location?.longitude ?? 0, NEARBY_RADIUS_KM),
    queryFn: ({ pageParam }) => getNearbyOffers(location?.latitude ?? 0, location?.longitude ?? 0, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    enabled: location !== undefined,
    refetchInterval: NEARBY_REFRESH_MS,
  });
}

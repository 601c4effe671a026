/**
 * A few offers near the shopper, shown where an offer cannot be (not found, ended): GET /offers/nearby-offers, of the
 * offer's category when it is known (nearest first), else the nearest shops' offers.
 */
import { useQuery } from '@tanstack/react-query';
import type { NearbyBusiness, NearbyCategoryOffer } from '@qrib/shared/nearby-schemas';
import { NEARBY_RADIUS_KM } from '@qrib/shared/nearby-constants';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Point } from '../../../lib/shopper-location.ts';

/** How many offers are shown. */
export const NEARBY_SAMPLE_SIZE = 4;

export interface NearbySampleOffer {
  offer: NearbyBusiness['offers'][number];
  shop: { businessName: string; logoUrl?: string | null };
  distanceKm: number;
}

export async function getOffersNearby(location: Point, categoryId: number | null, excludeOfferId: number): Promise<NearbySampleOffer[]> {
  const query = new URLSearchParams({ latitude: String(location.latitude), longitude: String(location.longitude), radiusKm: String(NEARBY_RADIUS_KM) });
  if (categoryId !== null) query.set('categoryId', String(categoryId));
  const offers =
    categoryId === null
      ? (await apiRequest<{ data: NearbyBusiness[] }>(`/offers/nearby-offers?${query.toString()}`)).data.flatMap((business) =>
          business.offers.map((offer) => ({ offer, shop: { businessName: business.businessName, logoUrl: business.logoUrl }, distanceKm: business.distance })),
        )
      : (await apiRequest<{ data: NearbyCategoryOffer[] }>(`/offers/nearby-offers?${query.toString()}`)).data.map((offer) => ({
          offer,
          shop: { businessName: offer.vendor.businessName },
          distanceKm: offer.distance,
        }));
  return offers.filter(({ offer }) => offer.offerId !== excludeOfferId).slice(0, NEARBY_SAMPLE_SIZE);
}

/** Asked only once a position is known; a failure shows nothing (the screen has its own way on: Browse offers). */
export function useOffersNearby(location: Point | undefined, categoryId: number | null, excludeOfferId: number) {
  return useQuery({
    queryKey: [...queryKeys.nearbySample(categoryId, location?.latitude ?? 0, location?.longitude ?? 0), excludeOfferId],
    queryFn: () => getOffersNearby(location ?? { latitude: 0, longitude: 0 }, categoryId, excludeOfferId),
    enabled: location !== undefined,
    retry: false,
  });
}

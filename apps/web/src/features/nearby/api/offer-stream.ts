/**
 * Live offers (issue 4): an EventSource on /offers/stream for the shopper's position; when a shop nearby
 * publishes or resumes an offer, the nearby lists are read again, so it appears without a reload.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NEARBY_RADIUS_KM } from '@qrib/shared/nearby-constants';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { Point } from '../../../lib/shopper-location.ts';

export function useLiveOffers(location: Point | undefined) {
  const queryClient = useQueryClient();
  const latitude = location?.latitude;
  const longitude = location?.longitude;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined || typeof EventSource === 'undefined') return;
    const query = new URLSearchParams({ latitude: String(latitude), longitude: String(longitude), radiusKm: String(NEARBY_RADIUS_KM) });
    const source = new EventSource(`/api/v1/offers/stream?${query.toString()}`, { withCredentials: true });
    const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.nearbyAll });
    source.addEventListener('offer', refresh);
    return () => {
      source.removeEventListener('offer', refresh);
      source.close();
    };
  }, [latitude, longitude, queryClient]);
}

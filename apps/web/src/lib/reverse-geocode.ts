import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/** The address at a point, from the API (geocoder, offline Maltese locality, or the coordinates). */
export async function reverseGeocode(latitude: number, longitude: number): Promise<string> {
  const query = new URLSearchParams({ latitude: String(latitude), longitude: String(longitude) });
  const { displayName } = await apiRequest<{ displayName: string }>(`/geo/reverse?${query.toString()}`);
  return displayName;
}

/** The name of the shopper's place: a chosen locality keeps its name; a device position is looked up once and cached. */
export function usePlaceName(point: { latitude: number; longitude: number } | undefined, chosenName: string | undefined) {
  const lookup = useQuery({
    queryKey: queryKeys.place(point?.latitude ?? 0, point?.longitude ?? 0),
    queryFn: () => reverseGeocode(point?.latitude ?? 0, point?.longitude ?? 0),
    enabled: point !== undefined && chosenName === undefined,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  return chosenName ?? (point ? lookup.data : undefined);
}

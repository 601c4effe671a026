import { apiRequest } from './api-client.ts';

/** The address at a point, from the API (geocoder, offline Maltese locality, or the coordinates). */
export async function reverseGeocode(latitude: number, longitude: number): Promise<string> {
  const query = new URLSearchParams({ latitude: String(latitude), longitude: String(longitude) });
  const { displayName } = await apiRequest<{ displayName: string }>(`/geo/reverse?${query.toString()}`);
  return displayName;
}

/**
 * Reverse geocoding for "Use My Location" (DESIGN.md §5): a Nominatim-compatible service at GEOCODER_URL when
 * set; otherwise, or when it fails, the nearest Maltese locality within a few kilometres; otherwise the
 * coordinates as text (spec §7's fallback).
 */
import { MALTA_LOCALITIES, coordinatesText, haversineKm } from '@qrib/shared';


export interface ReverseGeocodeResult {
  displayName: string;
  source: 'geocoder' | 'offline' | 'coordinates';
}

const NEAREST_LOCALITY_MAX_KM = 4;

export function nearestMalteseLocality(latitude: number, longitude: number): string | undefined {
  let best: { name: string; km: number } | undefined;
  for (const locality of MALTA_LOCALITIES) {
    const km = haversineKm(latitude, longitude, locality.latitude, locality.longitude);
    if (!best || km < best.km) best = { name: locality.name, km };
  }
  return best && best.km <= NEAREST_LOCALITY_MAX_KM ? `${best.name}, Malta` : undefined;
}

async function askGeocoder(geocoderUrl: string, latitude: number, longitude: number): Promise<string | undefined> {
  const url = new URL('reverse', geocoderUrl.endsWith('/') ? geocoderUrl : `${geocoderUrl}/`);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('lat', String(latitude));
  url.searchParams.set('lon', String(longitude));
  const response = await fetch(url, {
    headers: { accept: 'application/json', 'user-agent': 'Qrib/1.0 (local offers marketplace)' },
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) return undefined;
  const body = (await response.json()) as { display_name?: unknown };
  return typeof body.display_name === 'string' && body.display_name.trim() ? body.display_name.trim() : undefined;
}

export async function reverseGeocode(
  latitude: number,
  longitude: number,
  geocoderUrl: string | undefined,
  log: { warn: (details: object, message: string) => void },
): Promise<ReverseGeocodeResult> {
  if (geocoderUrl) {
    try {
      const displayName = await askGeocoder(geocoderUrl, latitude, longitude);
      if (displayName) return { displayName, source: 'geocoder' };
    } catch (error) {
      log.warn({ err: error }, 'reverse geocoder failed; using the offline lookup');
    }
  }
  const locality = nearestMalteseLocality(latitude, longitude);
  if (locality) return { displayName: locality, source: 'offline' };
  return { displayName: coordinatesText(latitude, longitude), source: 'coordinates' };
}

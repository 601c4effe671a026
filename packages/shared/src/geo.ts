/** Spec §9: distances use the haversine formula with an earth radius of 6371 km; one function for server and client. */
export const EARTH_RADIUS_KM = 6371;

// At module level: the nearby cache calls haversineKm for every card it serves.
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

export function haversineKm(latitude1: number, longitude1: number, latitude2: number, longitude2: number): number {
  const dLat = toRadians(latitude2 - latitude1);
  const dLng = toRadians(longitude2 - longitude1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(latitude1)) * Math.cos(toRadians(latitude2)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Coordinates as an address of last resort (spec §7: the address is filled with them when no place is known). */
export function coordinatesText(latitude: number, longitude: number): string {
  return `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`;
}

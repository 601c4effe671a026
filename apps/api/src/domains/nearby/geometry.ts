/**
 * Distances as the database's earthdistance extension measures them (DESIGN.md §6): points on a sphere of
 * earth()'s radius as cubes, compared by chord length. Computed here operation for operation as the database
 * does, so the response cache ranks by the very numbers the SQL orders by and builds the same cursors.
 */
import { EARTH_RADIUS_KM } from '@qrib/shared';

/** earthdistance's earth() radius in metres: ll_to_earth places points on a sphere of this radius. */
const EARTH_CUBE_RADIUS_M = 6378168;

/** A point as earthdistance's cube holds it: metres from the earth's centre. */
export interface EarthPoint {
  x: number;
  y: number;
  z: number;
}

/**
 * The shopper's position as an earth() cube, computed here and sent to the database as three exact float8s, so
 * the chord distances the database orders by are the very numbers chordBetween computes in memory.
 */
export function earthPoint(latitude: number, longitude: number): EarthPoint {
  const lat = (latitude * Math.PI) / 180;
  const lng = (longitude * Math.PI) / 180;
  return {
    x: EARTH_CUBE_RADIUS_M * Math.cos(lat) * Math.cos(lng),
    y: EARTH_CUBE_RADIUS_M * Math.cos(lat) * Math.sin(lng),
    z: EARTH_CUBE_RADIUS_M * Math.sin(lat),
  };
}

/**
 * The cube extension's `<->` between two points, operation for operation (cube_distance: per axis the
 * difference as a non-negative number, squares summed in axis order, one square root), so the result is
 * bit-identical to the database's.
 */
export function chordBetween(a: EarthPoint, b: EarthPoint): number {
  const dx = a.x <= b.x ? b.x - a.x : a.x - b.x;
  const dy = a.y <= b.y ? b.y - a.y : a.y - b.y;
  const dz = a.z <= b.z ? b.z - a.z : a.z - b.z;
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/** The chord length matching a great-circle distance on the spec's 6371 km sphere, scaled to earth(). */
export function chordFor(radiusKm: number): number {
  return 2 * EARTH_CUBE_RADIUS_M * Math.sin(radiusKm / EARTH_RADIUS_KM / 2);
}

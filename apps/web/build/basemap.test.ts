import { describe, expect, it } from 'vitest';
import { MALTA_BBOX, maltaBasemap } from './basemap.ts';

/** Whether a point lies inside a ring (ray casting). */
function contains(ring: number[][], [lng, lat]: [number, number]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi = 0, yi = 0] = ring[i] ?? [];
    const [xj = 0, yj = 0] = ring[j] ?? [];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

describe('maltaBasemap', () => {
  const islands = maltaBasemap();
  const rings = islands.features.map((island) => island.geometry.coordinates[0] ?? []);

  it('yields Malta and Gozo as polygons, inside the islands box and nothing else', () => {
    expect(islands.features.length).toBeGreaterThanOrEqual(2);
    const [west, south, east, north] = MALTA_BBOX;
    for (const ring of rings) {
      expect(ring.length).toBeGreaterThan(10);
      for (const [lng = NaN, lat = NaN] of ring) {
        expect(lng).toBeGreaterThanOrEqual(west);
        expect(lng).toBeLessThanOrEqual(east);
        expect(lat).toBeGreaterThanOrEqual(south);
        expect(lat).toBeLessThanOrEqual(north);
      }
    }
    // Valletta is on Malta (the largest polygon), Victoria on Gozo (another one); the sea off Sliema is in neither.
    expect(contains(rings[0] ?? [], [14.5146, 35.8989])).toBe(true);
    const gozo = rings.findIndex((ring) => contains(ring, [14.2394, 36.0444]));
    expect(gozo).toBeGreaterThan(0);
    expect(rings.some((ring) => contains(ring, [14.53, 35.93]))).toBe(false);
  });

  it('is small enough to ship in the map chunk', () => {
    expect(JSON.stringify(islands).length).toBeLessThan(40_000);
  });
});

/**
 * The offline basemap (ADR 013): Malta's islands drawn from world-atlas 10m (Natural Earth), extracted when the
 * app is built, never downloaded. `maltaBasemap()` reads the package's countries-10m.json, keeps the polygons
 * inside the Maltese islands' box and rounds coordinates to 4 decimals (~10 m, finer than the data);
 * `maltaBasemapPlugin()` hands the result to the app as the module `virtual:malta-basemap`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature, type Topology } from 'topojson-client';
import type { Plugin } from 'vite';

/** The Maltese islands (Malta, Gozo, Comino) with a little sea around them: [west, south, east, north]. */
export const MALTA_BBOX = [14.15, 35.78, 14.6, 36.1] as const;

const MODULE_ID = 'virtual:malta-basemap';
const RESOLVED_ID = `\0${MODULE_ID}`;

function round(position: Position): Position {
  return [Math.round((position[0] ?? 0) * 1e4) / 1e4, Math.round((position[1] ?? 0) * 1e4) / 1e4];
}

function isInside(polygon: Position[][]): boolean {
  const [west, south, east, north] = MALTA_BBOX;
  return (polygon[0] ?? []).every(([lng = NaN, lat = NaN]) => lng >= west && lng <= east && lat >= south && lat <= north);
}

/** Every polygon of the world-atlas topology that lies inside MALTA_BBOX, one Feature each (largest first). */
export function extractIslands(topology: Topology): FeatureCollection<Polygon> {
  const countries = topology.objects.countries;
  if (!countries) throw new Error('world-atlas topology has no countries object');
  const collection = feature(topology, countries);
  const features = collection.type === 'FeatureCollection' ? collection.features : [collection];
  const polygons: Position[][][] = [];
  for (const country of features) {
    const geometry = country.geometry;
    if (geometry.type === 'Polygon') polygons.push(geometry.coordinates);
    else if (geometry.type === 'MultiPolygon') polygons.push(...(geometry as MultiPolygon).coordinates);
  }
  const islands = polygons.filter(isInside).map((polygon) => polygon.map((ring) => ring.map(round)));
  islands.sort((a, b) => (b[0]?.length ?? 0) - (a[0]?.length ?? 0));
  return {
    type: 'FeatureCollection',
    features: islands.map((coordinates) => ({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates } })),
  };
}

/** The islands from the installed world-atlas package. */
export function maltaBasemap(): FeatureCollection<Polygon> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('world-atlas/countries-10m.json');
  return extractIslands(JSON.parse(readFileSync(file, 'utf8')) as Topology);
}

export function maltaBasemapPlugin(): Plugin {
  return {
    name: 'qrib-malta-basemap',
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      return id === RESOLVED_ID ? `export default ${JSON.stringify(maltaBasemap())};` : undefined;
    },
  };
}

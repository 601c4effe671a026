/** The offline basemap's islands, made at build time by apps/web/build/basemap.ts (ADR 013). */
declare module 'virtual:malta-basemap' {
  import type { FeatureCollection, Polygon } from 'geojson';

  const islands: FeatureCollection<Polygon>;
  export default islands;
}

/** The one function of topojson-client 3 the basemap script uses (the package ships no types). */
declare module 'topojson-client' {
  import type { Feature, FeatureCollection, Geometry, GeoJsonProperties } from 'geojson';

  export interface Topology {
    type: 'Topology';
    objects: Record<string, { type: string }>;
    arcs: number[][][];
    transform?: { scale: [number, number]; translate: [number, number] };
  }
  export function feature(topology: Topology, object: { type: string }): Feature<Geometry, GeoJsonProperties> | FeatureCollection<Geometry, GeoJsonProperties>;
}

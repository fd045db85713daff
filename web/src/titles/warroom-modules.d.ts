// Modules without type declarations of their own, as War Room's map uses them.
declare module 'd3-geo-voronoi' {
  import type { FeatureCollection, Polygon } from 'geojson';
  export function geoVoronoi<T>(data: T[]): { polygons(): FeatureCollection<Polygon, { site: T; sitecoordinates: [number, number] }> };
}
declare module 'world-atlas/*.json' {
  const topology: unknown;
  export default topology;
}

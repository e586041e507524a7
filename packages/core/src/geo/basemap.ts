import data from './basemap.json' with { type: 'json' };

/**
 * The basemap the product ships (docs/maps.md): the countries' outlines and Brazil's 27 states from
 * Natural Earth 1:50m (public domain), simplified by scripts/build-basemap.mjs. The tracking map of
 * the web and the laudo's map on the server draw this same file, so both show the same.
 */
export interface Outline {
  type: 'Feature';
  id: string;
  properties: { name: 'pais' | 'estado' };
  geometry: { type: 'MultiPolygon'; coordinates: [number, number][][][] };
}
export interface OutlineCollection {
  type: 'FeatureCollection';
  features: Outline[];
}
export interface Basemap {
  attribution: string;
  paises: OutlineCollection;
  estados: OutlineCollection;
}

export const basemap = data as unknown as Basemap;

export const BASEMAP_ATTRIBUTION = 'Natural Earth';

/** Longitude and latitude of a point, in degrees. */
export interface LngLat {
  lng: number;
  lat: number;
}

/** West, south, east, north in degrees. */
export type Bounds = [number, number, number, number];

/** Brazil as a whole: the view when no event has a position. */
export const BRAZIL_BOUNDS: Bounds = [-74.5, -34.5, -34, 5.5];

/**
 * The view that shows every point with a margin: at least `minSpan` degrees wide and tall (one
 * city's reads would otherwise fill the map with a single street's worth of outline).
 */
export function boundsOf(points: LngLat[], minSpan = 10): Bounds {
  if (points.length === 0) return BRAZIL_BOUNDS;
  let [w, s, e, n] = [180, 90, -180, -90];
  for (const p of points) {
    w = Math.min(w, p.lng);
    e = Math.max(e, p.lng);
    s = Math.min(s, p.lat);
    n = Math.max(n, p.lat);
  }
  const padX = Math.max((minSpan - (e - w)) / 2, (e - w) * 0.15);
  const padY = Math.max((minSpan - (n - s)) / 2, (n - s) * 0.15);
  return [Math.max(w - padX, -180), Math.max(s - padY, -85), Math.min(e + padX, 180), Math.min(n + padY, 85)];
}

/** Web Mercator of a point, in units of the world's width (0..1), as the tiles and Leaflet use. */
export function mercator(p: LngLat): [number, number] {
  const lat = Math.max(Math.min(p.lat, 85.05), -85.05);
  const sin = Math.sin((lat * Math.PI) / 180);
  return [(p.lng + 180) / 360, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
}

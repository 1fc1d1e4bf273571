// Builds the offline basemap of Southern California the web app draws when no tile service is
// configured (MAP_TILE_URL): the land and its coastline (Natural Earth 1:10m), the borders of the
// region's counties (US Census), California's borders with its neighbours and Mexico, and the
// gazetteer's airports and cities as labelled points, all cut to the region. Every shape is
// public domain; the packages that carry them (us-atlas, world-atlas) are ISC-licensed.
//
//   node scripts/build-basemap.mjs           writes web/public/maps/socal-basemap.json
//   node scripts/build-basemap.mjs --check   exits 1 when the file differs from what it would write
//
// The output is committed (the web build needs no dev-only package at run time) and a test checks
// it is what this script makes of its sources.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { feature, mesh } from 'topojson-client';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BASEMAP_FILE = `${ROOT}web/public/maps/socal-basemap.json`;

/** California's counties of the service area and around it (FIPS codes), whose borders are drawn. */
const COUNTIES = new Set(['06037', '06059', '06111', '06071', '06065', '06073', '06083', '06029', '06025']);
/** The area the basemap covers: [west, south, east, north]. */
const BOX = [-121.5, 32.0, -113.8, 36.2];
const STATE_CA = '06';
const COUNTRY_US = '840';
const COUNTRY_MX = '484';

/** Coordinates kept to 4 decimals (about 10 m): finer than the shapes' own precision. */
const round = (n) => Math.round(n * 1e4) / 1e4;
const roundPoint = ([x, y]) => [round(x), round(y)];
const inBox = ([x, y]) => x >= BOX[0] && x <= BOX[2] && y >= BOX[1] && y <= BOX[3];

/** A ring clipped to the box (Sutherland-Hodgman, one edge of the box at a time). */
function clipRing(ring) {
  const edges = [
    [(p) => p[0] >= BOX[0], (a, b) => cut(a, b, 0, BOX[0])],
    [(p) => p[0] <= BOX[2], (a, b) => cut(a, b, 0, BOX[2])],
    [(p) => p[1] >= BOX[1], (a, b) => cut(a, b, 1, BOX[1])],
    [(p) => p[1] <= BOX[3], (a, b) => cut(a, b, 1, BOX[3])],
  ];
  let points = ring;
  for (const [inside, cross] of edges) {
    const out = [];
    for (let i = 0; i < points.length; i++) {
      const current = points[i];
      const previous = points[(i + points.length - 1) % points.length];
      if (inside(current)) {
        if (!inside(previous)) out.push(cross(previous, current));
        out.push(current);
      } else if (inside(previous)) out.push(cross(previous, current));
    }
    points = out;
  }
  return points;
}
function cut(a, b, axis, value) {
  const t = (value - a[axis]) / (b[axis] - a[axis]);
  return axis === 0 ? [value, a[1] + t * (b[1] - a[1])] : [a[0] + t * (b[0] - a[0]), value];
}

/** Land polygons inside the box, as one MultiPolygon (islands included). */
function clippedLand(geometry) {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const kept = [];
  for (const polygon of polygons) {
    const rings = polygon.map(clipRing).filter((ring) => ring.length >= 3).map((ring) => ring.map(roundPoint));
    if (rings.length > 0) kept.push(rings);
  }
  return { type: 'MultiPolygon', coordinates: kept };
}

/** Lines cut to their stretches inside the box. */
function clippedLines(geometry) {
  const lines = geometry.type === 'LineString' ? [geometry.coordinates] : geometry.coordinates;
  const kept = [];
  for (const line of lines) {
    let stretch = [];
    for (const point of line) {
      if (inBox(point)) stretch.push(roundPoint(point));
      else {
        if (stretch.length > 1) kept.push(stretch);
        stretch = [];
      }
    }
    if (stretch.length > 1) kept.push(stretch);
  }
  return { type: 'MultiLineString', coordinates: kept };
}

const read = (path) => JSON.parse(readFileSync(path, 'utf8'));

export function buildBasemap() {
  const us = read(require.resolve('us-atlas/counties-10m.json'));
  const land = read(require.resolve('world-atlas/land-10m.json'));
  const world = read(require.resolve('world-atlas/countries-10m.json'));
  const places = read(`${ROOT}services/booking/data/socal-places.json`);
  const features = [
    // Land at Natural Earth's 1:10m (its edge is the coastline; Census county shapes are coarser).
    { type: 'Feature', properties: { layer: 'land', name: 'Land' }, geometry: clippedLand(feature(land, land.objects.land).features[0].geometry) },
    // Borders between two counties of which one is ours (the coast is the land's edge, not a border).
    {
      type: 'Feature',
      properties: { layer: 'county-border', name: 'County borders' },
      geometry: clippedLines(mesh(us, us.objects.counties, (a, b) => a !== b && (COUNTIES.has(a.id) || COUNTIES.has(b.id)))),
    },
    // California's borders with Nevada and Arizona, and the border with Mexico.
    {
      type: 'Feature',
      properties: { layer: 'state-border', name: 'State borders' },
      geometry: clippedLines(mesh(us, us.objects.states, (a, b) => a !== b && (a.id === STATE_CA || b.id === STATE_CA))),
    },
    {
      type: 'Feature',
      properties: { layer: 'state-border', name: 'Mexico border' },
      geometry: clippedLines(mesh(world, world.objects.countries, (a, b) => (a.id === COUNTRY_US && b.id === COUNTRY_MX) || (a.id === COUNTRY_MX && b.id === COUNTRY_US))),
    },
  ];
  for (const place of places) {
    if (place.kind !== 'airport' && place.kind !== 'city') continue;
    const code = place.kind === 'airport' ? place.aliases?.find((a) => /^[A-Z0-9]{3}$/.test(a)) : undefined;
    const name = place.kind === 'airport' ? place.name.replace(/\s*\([A-Z0-9]{3}\)$/, '') : place.name;
    features.push({
      type: 'Feature',
      properties: { layer: place.kind, name, ...(code ? { code } : {}) },
      geometry: { type: 'Point', coordinates: [place.lon, place.lat] },
    });
  }
  for (const layer of ['land', 'county-border', 'state-border', 'airport', 'city']) {
    const found = features.filter((f) => f.properties.layer === layer);
    if (!found.length || found.some((f) => f.geometry.coordinates.length === 0)) throw new Error(`basemap: no ${layer} found in the sources`);
  }
  return `${JSON.stringify({ type: 'FeatureCollection', features })}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = buildBasemap();
  if (process.argv.includes('--check')) {
    const current = readFileSync(BASEMAP_FILE, 'utf8');
    if (current !== text) {
      console.error(`${BASEMAP_FILE} is not what scripts/build-basemap.mjs makes: run it and commit the file`);
      process.exit(1);
    }
  } else {
    writeFileSync(BASEMAP_FILE, text);
    console.log(`wrote ${BASEMAP_FILE} (${(text.length / 1024).toFixed(1)} KB)`);
  }
}

import L from 'leaflet';
import { OFFLINE_BASEMAP_PATH } from '@limo/contracts/common/offline-basemap';

interface BasemapProperties {
  layer: 'land' | 'county-border' | 'state-border' | 'airport' | 'city';
  name: string;
  code?: string;
}

/** The region the offline basemap covers: the view never wanders into blank sea or desert. */
export const OFFLINE_BOUNDS = L.latLngBounds([32.2, -121.2], [35.9, -114.0]);
/** Cities are labelled from this zoom on; airports always. */
export const CITY_LABEL_ZOOM = 10;
const ATTRIBUTION = 'Shapes: US Census Bureau, Natural Earth (public domain)';

let shapes: Promise<GeoJSON.FeatureCollection<GeoJSON.Geometry, BasemapProperties>> | undefined;

/** The shapes file, fetched once per page load (about 9 KB compressed). */
function loadShapes(): Promise<GeoJSON.FeatureCollection<GeoJSON.Geometry, BasemapProperties>> {
  shapes ??= fetch(OFFLINE_BASEMAP_PATH).then((res) => {
    if (!res.ok) throw new Error(`basemap: ${res.status}`);
    return res.json() as Promise<GeoJSON.FeatureCollection<GeoJSON.Geometry, BasemapProperties>>;
  });
  shapes.catch(() => (shapes = undefined));
  return shapes;
}

const SHAPE_STYLE: Record<string, L.PathOptions> = {
  land: { color: '#a9b8c2', weight: 1, fillColor: '#f3efe6', fillOpacity: 1, className: 'basemap-land' },
  'county-border': { color: '#b9b1a0', weight: 1, fill: false, className: 'basemap-county-border' },
  'state-border': { color: '#8f877a', weight: 1.5, dashArray: '6 4', fill: false, className: 'basemap-state-border' },
};
/** Its own pane under the app's lines and markers (Leaflet's overlay pane is at z-index 400). */
const PANE = 'basemap';

/**
 * Draws the offline basemap of Southern California under the map's markers: the land (its edge is
 * the coastline), county and state borders, airports by code and cities by name.
 * Returns the layer (already on the map), or null when the map was removed while the shapes loaded.
 */
export async function addOfflineBasemap(map: L.Map, removed: () => boolean): Promise<L.Layer | null> {
  const data = await loadShapes();
  if (removed()) return null;
  if (!map.getPane(PANE)) map.createPane(PANE).style.zIndex = '300';
  const layer = L.geoJSON(data, {
    // Under everything the app adds, and not interactive: a click on land is not a click on anything.
    pane: PANE,
    interactive: false,
    style: (feature) => SHAPE_STYLE[feature?.properties.layer ?? 'land'],
    pointToLayer: (feature, at) => {
      const { layer: kind, name, code } = feature.properties as BasemapProperties;
      const marker = L.circleMarker(at, { pane: PANE, radius: kind === 'airport' ? 4 : 2.5, weight: 1, color: '#6b6558', fillColor: kind === 'airport' ? '#6b6558' : '#fff', fillOpacity: 1, interactive: false });
      marker.bindTooltip(code ?? name, { permanent: true, direction: 'right', offset: [4, 0], className: `basemap-label basemap-label-${kind}`, interactive: false });
      return marker;
    },
  }).addTo(map);
  map.attributionControl.addAttribution(ATTRIBUTION);
  return layer;
}

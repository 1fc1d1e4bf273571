import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapSettings } from '@limo/contracts/common/map';
import { addOfflineBasemap, CITY_LABEL_ZOOM, OFFLINE_BOUNDS } from './basemap';
import { markerIcon } from './marker-icons';
import type { MapMarker, MapViewProps } from './map-types';
import './maps.css';

/** Los Angeles, for a map with nothing on it yet. */
const HOME: L.LatLngTuple = [34.02, -118.3];
const MAX_ZOOM = 17;
/** Closest a fit goes: a single marker is shown with its streets around it, not a house. */
const FIT_MAX_ZOOM = 14;

/**
 * The web app's one map: Leaflet (about 40 KB compressed, SVG vector layers that draw the offline
 * basemap and work in headless Chromium without WebGL, which MapLibre needs), loaded only by pages
 * that show a map. Tiles from MAP_TILE_URL when the gateway says so, otherwise the offline basemap.
 * Markers keep their identity by id, so a moving car glides instead of blinking.
 */
export default function MapView({ label, markers, route, follow = 'markers', className }: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layers = useRef(new Map<string, L.Marker>());
  const line = useRef<L.Polyline | null>(null);
  const fitted = useRef<string | null>(null);
  const settings = useQuery<MapSettings>({ queryKey: ['/api/map'], staleTime: Infinity });

  // The map itself, once its settings are known.
  useEffect(() => {
    if (!container.current || !settings.data) return;
    const tiles = settings.data.tiles;
    const instance = L.map(container.current, {
      center: HOME,
      zoom: 10,
      maxZoom: MAX_ZOOM,
      minZoom: tiles ? 3 : 7,
      maxBounds: tiles ? undefined : OFFLINE_BOUNDS.pad(0.1),
      zoomSnap: 0.5,
    });
    instance.attributionControl.setPrefix(false);
    const labelsByZoom = () => container.current?.classList.toggle('map-far', instance.getZoom() < CITY_LABEL_ZOOM);
    instance.on('zoomend', labelsByZoom);
    labelsByZoom();
    if (tiles) L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: MAX_ZOOM }).addTo(instance);
    let removed = false;
    // A map removed while its shapes load (a page left at once) is not drawn on, nor marked.
    if (!tiles) addOfflineBasemap(instance, () => removed).catch(() => !removed && container.current?.classList.add('map-no-basemap'));
    map.current = instance;
    const markerLayers = layers.current;
    return () => {
      removed = true;
      instance.stop();
      instance.off();
      instance.remove();
      map.current = null;
      markerLayers.clear();
      line.current = null;
      fitted.current = null;
    };
  }, [settings.data]);

  // Markers: moved, restyled, added and removed by id.
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    syncMarkers(instance, layers.current, markers);
    const ids = markers.map((m) => m.id).sort().join(',');
    if (markers.length > 0 && (follow === 'markers' ? fitted.current !== ids : fitted.current === null)) {
      fitted.current = ids;
      const points = [...markers.map((m) => m.at), ...(route ?? [])];
      // Without animation: a map removed mid-animation (a card that changes) throws in Leaflet 1.9.
      instance.fitBounds(L.latLngBounds(points), { padding: [36, 36], maxZoom: FIT_MAX_ZOOM, animate: false });
    }
  }, [markers, route, follow, settings.data]);

  // The road line, under the markers.
  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    line.current?.remove();
    line.current = route && route.length > 1 ? L.polyline([...route], { className: 'map-route', interactive: false }).addTo(instance) : null;
  }, [route, settings.data]);

  return (
    <div className={`map-frame${className ? ` ${className}` : ''}`}>
      <div ref={container} className="map-canvas map-glide" role="region" aria-label={label} data-testid="map" />
      {settings.isError && <p className="map-fallback muted">The map could not be loaded.</p>}
    </div>
  );
}

function syncMarkers(map: L.Map, shown: Map<string, L.Marker>, markers: readonly MapMarker[]): void {
  const wanted = new Set(markers.map((m) => m.id));
  for (const [id, marker] of shown) {
    if (!wanted.has(id)) {
      marker.remove();
      shown.delete(id);
    }
  }
  for (const m of markers) {
    const existing = shown.get(m.id);
    const icon = markerIcon(m);
    if (existing) {
      existing.setLatLng(m.at);
      existing.setIcon(icon);
      existing.off('click keypress');
    } else {
      shown.set(m.id, L.marker(m.at, { icon, title: m.label, alt: m.label, keyboard: Boolean(m.onSelect), riseOnHover: true }).addTo(map));
    }
    const marker = shown.get(m.id)!;
    marker.setZIndexOffset(m.selected ? 1000 : m.kind === 'car' ? 500 : 0);
    if (m.onSelect) {
      const select = m.onSelect;
      marker.on('click', select);
      // Leaflet makes the marker focusable but gives Enter to popups only: a button answers Enter and Space.
      marker.on('keypress', (e) => {
        const key = (e as L.LeafletKeyboardEvent).originalEvent.key;
        if (key === 'Enter' || key === ' ') select();
      });
    }
    // A div icon has no alt: its name and role are set on the element Leaflet made.
    const element = marker.getElement();
    if (element) {
      element.setAttribute('aria-label', m.label);
      element.setAttribute('title', m.label);
      element.setAttribute('role', m.onSelect ? 'button' : 'img');
      // Where it stands, for tests and for anyone inspecting the page (5 decimals, about 1 m).
      element.dataset.at = `${m.at[0].toFixed(5)},${m.at[1].toFixed(5)}`;
      if (m.onSelect) element.setAttribute('aria-pressed', String(Boolean(m.selected)));
    }
  }
}

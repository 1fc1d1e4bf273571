import L from 'leaflet';
import type { MapMarker, MarkerKind } from './map-types';

/** Pixel size of each kind of marker (square). */
const SIZE: Record<MarkerKind, number> = { car: 30, pickup: 26, dropoff: 26, driver: 30, ride: 22 };
/** What a pin says when the caller gives no text. */
const DEFAULT_TEXT: Record<MarkerKind, string> = { car: '', pickup: 'P', dropoff: 'D', driver: '', ride: '' };

/** A marker's look, from its kind, tone and state; the text is set as text, never as HTML. */
export function markerIcon(m: MapMarker): L.DivIcon {
  const body = document.createElement('span');
  body.className = 'map-pin-body';
  body.textContent = m.text ?? DEFAULT_TEXT[m.kind];
  const size = SIZE[m.kind];
  const classes = ['map-pin', `map-pin-${m.kind}`];
  if (m.tone) classes.push(`map-tone-${m.tone}`);
  if (m.selected) classes.push('map-pin-selected');
  return L.divIcon({ html: body, className: classes.join(' '), iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
}

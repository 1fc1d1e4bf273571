import L from 'leaflet';
import type { MapMarker, MarkerKind } from './map-types';

/** Pixel size of each kind of marker: a ride is a pill that holds its pickup time. */
const SIZE: Record<MarkerKind, [number, number]> = { car: [30, 30], pickup: [26, 26], dropoff: [26, 26], driver: [30, 30], ride: [44, 20] };
/** What a pin says when the caller gives no text. */
const DEFAULT_TEXT: Record<MarkerKind, string> = { car: '', pickup: 'P', dropoff: 'D', driver: '', ride: '' };

/** A marker's look, from its kind, tone and state; its text is an attribute, never HTML. */
export function markerIcon(m: MapMarker): L.DivIcon {
  const body = document.createElement('span');
  body.className = 'map-pin-body';
  // Drawn by CSS from the attribute: the marker's accessible name (its aria-label) says who or
  // what it is in full, and text in the element would have to be part of that name.
  body.dataset.text = m.text ?? DEFAULT_TEXT[m.kind];
  const [width, height] = SIZE[m.kind];
  const classes = ['map-pin', `map-pin-${m.kind}`];
  if (m.tone) classes.push(`map-tone-${m.tone}`);
  if (m.selected) classes.push('map-pin-selected');
  return L.divIcon({ html: body, className: classes.join(' '), iconSize: [width, height], iconAnchor: [width / 2, height / 2] });
}

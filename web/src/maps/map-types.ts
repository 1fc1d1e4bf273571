/** [latitude, longitude] */
export type LatLon = [number, number];

/** What a marker stands for: its shape and colour on the map. */
export type MarkerKind = 'car' | 'pickup' | 'dropoff' | 'driver' | 'ride';

/** A driver marker's freshness, in the spec's live / recent / stale colours. */
export type MarkerTone = 'live' | 'recent' | 'stale' | 'none';

export interface MapMarker {
  /** Stable across renders: a marker that keeps its id moves instead of being redrawn. */
  id: string;
  at: LatLon;
  kind: MarkerKind;
  /** Read by screen readers and shown on hover. */
  label: string;
  /** Shown on the marker itself (a driver's initials, a ride's time). */
  text?: string;
  tone?: MarkerTone;
  /** Makes the marker a button (keyboard and pointer). */
  onSelect?: () => void;
  selected?: boolean;
}

export interface MapViewProps {
  /** The map's accessible name. */
  label: string;
  markers: readonly MapMarker[];
  /** A road line to draw ([lat, lon] pairs), e.g. the route to the pickup. */
  route?: readonly LatLon[] | null;
  /** Fit the view to the markers on every change of the set of ids (tracking) or only once (admin, who pans). */
  follow?: 'markers' | 'once';
  className?: string;
}

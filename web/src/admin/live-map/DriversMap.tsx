import { useMemo } from 'react';
import MapView from '../../maps/MapView';
import type { MapMarker } from '../../maps/map-types';
import { driverMarkers, type MappedDriver } from './driver-markers';
import './live-map.css';

/**
 * The admin's live map: on-duty drivers by freshness and, when given, other markers (the day's
 * rides). Loaded lazily by the pages that show it: Leaflet stays out of the other admin pages.
 */
export default function DriversMap({ drivers, now, selectedId, onSelect, extra = [], label = 'Map of drivers on duty' }: { drivers: readonly MappedDriver[]; now: Date; selectedId: number | null; onSelect: (id: number) => void; extra?: readonly MapMarker[]; label?: string }) {
  const markers = useMemo(() => [...extra, ...driverMarkers(drivers, now, selectedId, onSelect)], [drivers, now, selectedId, onSelect, extra]);
  return <MapView label={label} markers={markers} follow="once" className="admin-live-map" />;
}

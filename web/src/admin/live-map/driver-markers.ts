import type { MapMarker } from '../../maps/map-types';
import { FRESHNESS_BADGE, locationFreshness } from '../dashboard/location-format';

/** A driver as the admin's maps show them, whatever list they come from. */
export interface MappedDriver {
  id: number;
  name: string;
  lat: number | null;
  lon: number | null;
  /** When the position was shared. */
  at: string | null;
  onDuty: boolean;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0].toUpperCase())
    .join('');

/**
 * On-duty drivers with a position, coloured by its freshness (the spec's live / recent / stale),
 * each a button that selects the driver.
 */
export function driverMarkers(drivers: readonly MappedDriver[], now: Date, selectedId: number | null, onSelect: (id: number) => void): MapMarker[] {
  return drivers
    .filter((d) => d.onDuty && d.lat !== null && d.lon !== null)
    .map((d) => {
      const freshness = locationFreshness(d.at, now);
      return {
        id: `driver-${d.id}`,
        kind: 'driver',
        at: [d.lat!, d.lon!],
        text: initials(d.name),
        tone: freshness,
        label: `${d.name}, ${FRESHNESS_BADGE[freshness].label.toLowerCase()}`,
        selected: d.id === selectedId,
        onSelect: () => onSelect(d.id),
      } satisfies MapMarker;
    });
}

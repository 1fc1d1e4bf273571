import { lazy, Suspense, useMemo } from 'react';
import type { DriverRide } from '@limo/contracts/booking/dispatch';
import { placeMarkers } from '../../maps/place-markers';

// Leaflet comes with the first ride that shows a map, not with the dashboard.
const MapView = lazy(() => import('../../maps/MapView'));

/** A small map on the ride card of the ride the driver is doing or about to do. */
export function RideMap({ ride }: { ride: DriverRide }) {
  const markers = useMemo(() => placeMarkers(ride), [ride]);
  if (markers.length === 0) return null;
  return (
    <Suspense fallback={<div className="ride-map map-placeholder" aria-hidden="true" />}>
      <MapView label={`Map of ride ${ride.reference}`} markers={markers} className="ride-map" />
    </Suspense>
  );
}

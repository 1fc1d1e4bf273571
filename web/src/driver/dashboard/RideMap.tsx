import { lazy, Suspense, useMemo } from 'react';
import type { DriverRide } from '@limo/contracts/booking/dispatch';
import type { MapMarker } from '../../maps/map-types';

// Leaflet comes with the first ride that shows a map, not with the dashboard.
const MapView = lazy(() => import('../../maps/MapView'));

/** The ride's pickup and drop-off on a map, where they could be placed; nothing when neither could. */
export function rideMarkers(ride: Pick<DriverRide, 'pickupPoint' | 'dropoffPoint' | 'pickupLocation' | 'dropoffLocation'>): MapMarker[] {
  const markers: MapMarker[] = [];
  if (ride.pickupPoint) markers.push({ id: 'pickup', kind: 'pickup', at: [ride.pickupPoint.latitude, ride.pickupPoint.longitude], label: `Pickup: ${ride.pickupLocation}` });
  if (ride.dropoffPoint && ride.dropoffLocation) markers.push({ id: 'dropoff', kind: 'dropoff', at: [ride.dropoffPoint.latitude, ride.dropoffPoint.longitude], label: `Drop-off: ${ride.dropoffLocation}` });
  return markers;
}

/** A small map on the ride card of the ride the driver is doing or about to do. */
export function RideMap({ ride }: { ride: DriverRide }) {
  const markers = useMemo(() => rideMarkers(ride), [ride]);
  if (markers.length === 0) return null;
  return (
    <Suspense fallback={<div className="ride-map map-placeholder" aria-hidden="true" />}>
      <MapView label={`Map of ride ${ride.reference}`} markers={markers} className="ride-map" />
    </Suspense>
  );
}

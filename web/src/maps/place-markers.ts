import type { GeoPoint } from '@limo/contracts/common/map';
import type { MapMarker } from './map-types';

interface PlacedRide {
  pickupLocation: string;
  dropoffLocation: string | null;
  pickupPoint?: GeoPoint | null;
  dropoffPoint?: GeoPoint | null;
}

/** A ride's pickup (P) and drop-off (D) markers, for the ends that could be placed. */
export function placeMarkers(ride: PlacedRide): MapMarker[] {
  const markers: MapMarker[] = [];
  if (ride.pickupPoint) markers.push({ id: 'pickup', kind: 'pickup', at: [ride.pickupPoint.latitude, ride.pickupPoint.longitude], label: `Pickup: ${ride.pickupLocation}` });
  if (ride.dropoffPoint && ride.dropoffLocation) markers.push({ id: 'dropoff', kind: 'dropoff', at: [ride.dropoffPoint.latitude, ride.dropoffPoint.longitude], label: `Drop-off: ${ride.dropoffLocation}` });
  return markers;
}

import type { TrackingView } from '@limo/contracts/booking/tracking';
import type { LatLon, MapMarker } from '../maps/map-types';
import { placeMarkers } from '../maps/place-markers';

/**
 * The tracking map's markers: the pickup and the drop-off where they could be placed, and the
 * chauffeur's car until drop-off (the server stops sending the position then; decisions.md).
 */
export function trackingMarkers(ride: TrackingView, stale: boolean): MapMarker[] {
  const markers = placeMarkers(ride);
  if (ride.position && !arrivedAtDestination(ride))
    markers.push({
      id: 'car',
      kind: 'car',
      at: [ride.position.latitude, ride.position.longitude],
      label: `${ride.chauffeurFirstName ?? 'Your chauffeur'}'s car${stale ? ' (position may be out of date)' : ''}`,
      tone: stale ? 'stale' : undefined,
    });
  return markers;
}

export const arrivedAtDestination = (ride: Pick<TrackingView, 'driverStatus'>) => ride.driverStatus === 'dropped-off' || ride.driverStatus === 'completed';

/** The route line, when the routing service drew one. */
export const trackingRoute = (ride: TrackingView): LatLon[] | null => ride.eta?.line ?? null;

/** "About 12 min to your pickup", with "(estimate)" when no routing service timed it. */
export function etaText(eta: NonNullable<TrackingView['eta']>): { minutes: string; what: string; basis: string | null } {
  return {
    minutes: eta.minutes < 1 ? 'Now' : eta.minutes < 60 ? `${eta.minutes} min` : `${Math.floor(eta.minutes / 60)} h ${eta.minutes % 60} min`,
    what: eta.to === 'pickup' ? 'to your pickup' : 'to your drop-off',
    basis: eta.basis === 'estimate' ? `Estimate from the distance (${eta.miles} mi) and the usual traffic at this hour` : null,
  };
}

/** "Black Cadillac Escalade" and the plate, as far as they are known. */
export function carText(ride: Pick<TrackingView, 'vehicleColour' | 'vehicleName'>): string | null {
  const parts = [ride.vehicleColour, ride.vehicleName].filter(Boolean);
  return parts.length ? parts.join(' ') : null;
}

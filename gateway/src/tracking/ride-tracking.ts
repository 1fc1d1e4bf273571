import { Inject, Injectable } from '@nestjs/common';
import { Observable } from 'rxjs';
import { bookingRpc, driversRpc, TRACKING_MESSAGES, type DriverStatus, type GeoPoint, type RpcResponseOf, type TrackedRide, type TrackingView } from '@limo/contracts';
import { verifyLink } from '@limo/contracts/common/signed-link';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { HttpExceptionWithHeaders } from '../http/http-exception.filter.js';
import { ServicesClient } from '../messaging/services.client.js';
import type { LiveMessage } from '../live/live-updates.service.js';

export type OpenRide = TrackedRide & { bookingId: number };

/** setTimeout's longest delay (about 24 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A note of a change to the ride itself (its events are the booking service's), not of its driver's moves. */
const isRideChange = (message: LiveMessage) => message.type === 'update' && typeof message.data === 'object' && message.data.type.startsWith('booking.');

/**
 * What a tracking link opens: only the ride its signed token names, only while the tracking
 * window is open (410 before the chauffeur sets off and once the trip has ended).
 */
@Injectable()
export class RideTracking {
  constructor(
    private readonly services: ServicesClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** The ride of an open window, or the error the link deserves. */
  async openRide(token: string): Promise<OpenRide> {
    const claims = verifyLink(token, 'track', this.config.LINK_SIGNING_SECRET);
    if (!claims) throw new HttpExceptionWithHeaders(404, TRACKING_MESSAGES.invalid, {});
    const ride = await this.services.call(bookingRpc.trackRide, { bookingId: claims.bookingId });
    if (ride.window === 'not-started') throw new HttpExceptionWithHeaders(410, TRACKING_MESSAGES.notStarted, {});
    if (ride.window === 'ended') throw new HttpExceptionWithHeaders(410, TRACKING_MESSAGES.ended, {});
    return { ...ride, bookingId: claims.bookingId };
  }

  async view(token: string): Promise<TrackingView> {
    const { driverId, window: _window, windowEndsAt: _end, status: _status, bookingId: _id, pickupPoint = null, dropoffPoint = null, ...ride } = await this.openRide(token);
    // From drop-off on the booking service no longer names the driver: no position, no car on the map.
    const driver = driverId === null ? null : await this.services.call(driversRpc.get, { id: driverId });
    const position = driver ? positionOf(driver) : null;
    const target = etaTarget(ride.driverStatus);
    const to = target === 'pickup' ? pickupPoint : target === 'dropoff' ? dropoffPoint : null;
    return {
      ...ride,
      pickupPoint,
      dropoffPoint,
      position,
      eta: target && to && position ? await this.eta(position, to, target) : null,
      vehicleColour: driver?.vehicleColour ?? null,
      vehiclePlate: driver?.vehiclePlate ?? null,
      // The version in the address: a new photo is a new address, so the old one may be cached.
      photoUrl: driver?.photoVersion ? `/api/track/photo?t=${encodeURIComponent(token)}&v=${encodeURIComponent(driver.photoVersion)}` : null,
      contactPhone: this.config.CHAUFFEUR_CONTACT_LINE
        ? { number: dialable(this.config.CHAUFFEUR_CONTACT_LINE), masked: true }
        : driver
          ? { number: dialable(driver.phone), masked: false }
          : null,
      serverTime: new Date().toISOString(),
    };
  }

  /** The booking service's estimate; without it the page shows the map and no ETA rather than an error. */
  private async eta(from: GeoPoint, to: GeoPoint, target: 'pickup' | 'dropoff'): Promise<TrackingView['eta']> {
    try {
      const estimate = await this.services.call(bookingRpc.travelEstimate, { from: { latitude: from.latitude, longitude: from.longitude }, to });
      return { ...estimate, to: target };
    } catch {
      return null;
    }
  }

  /**
   * The ride's live notes until its window closes: at the time the booking service gives once the
   * ride is dropped off, or as soon as a change of the ride (a cancellation) is found to have
   * closed it. The browser's EventSource then reconnects and gets the 410.
   */
  untilWindowCloses(ride: OpenRide, notes: Observable<LiveMessage>): Observable<LiveMessage> {
    return new Observable<LiveMessage>((subscriber) => {
      let timer: NodeJS.Timeout | undefined;
      const closeAt = (endsAt: string | null | undefined) => {
        clearTimeout(timer);
        if (endsAt) timer = setTimeout(() => subscriber.complete(), Math.min(Math.max(0, Date.parse(endsAt) - Date.now()), MAX_TIMER_MS));
      };
      const recheck = async () => {
        const now = await this.services.call(bookingRpc.trackRide, { bookingId: ride.bookingId });
        if (now.window === 'open') closeAt(now.windowEndsAt);
        else subscriber.complete();
      };
      closeAt(ride.windowEndsAt);
      const subscription = notes.subscribe({
        next: (message) => {
          subscriber.next(message);
          // A failed check leaves the stream open: the next change, or the page's own refresh, tells.
          if (isRideChange(message)) recheck().catch(() => {});
        },
        error: (error: unknown) => subscriber.error(error),
        complete: () => subscriber.complete(),
      });
      return () => {
        clearTimeout(timer);
        subscription.unsubscribe();
      };
    });
  }

}

type DriverRecord = RpcResponseOf<typeof driversRpc.get>;

/** The driver's last shared position (drivers owns it). */
function positionOf(driver: DriverRecord): TrackingView['position'] {
  if (driver.currentLatitude === null || driver.currentLongitude === null || driver.lastLocationUpdate === null) return null;
  return { latitude: Number(driver.currentLatitude), longitude: Number(driver.currentLongitude), at: driver.lastLocationUpdate };
}

/** Where the car is heading: the pickup until the passenger is on board, then the drop-off; nowhere once arrived. */
export function etaTarget(status: DriverStatus | null): 'pickup' | 'dropoff' | null {
  if (status === null || status === 'en-route') return 'pickup';
  if (status === 'picked-up' || status === 'halfway' || status === 'two-miles') return 'dropoff';
  return null;
}

/** A number a phone can dial: ten digits are a US number (+1), anything else as typed without spaces and punctuation. */
export function dialable(phone: string): string {
  const digits = phone.replace(/[^\d]/g, '');
  if (digits.length === 10) return `+1${digits}`;
  return phone.trim().startsWith('+') ? `+${digits}` : digits;
}

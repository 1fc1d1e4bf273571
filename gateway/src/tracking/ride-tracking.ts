import { Inject, Injectable } from '@nestjs/common';
import { Observable } from 'rxjs';
import { bookingRpc, driversRpc, TRACKING_MESSAGES, type TrackedRide, type TrackingView } from '@limo/contracts';
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
    const { driverId, window: _window, windowEndsAt: _end, status: _status, bookingId: _id, ...ride } = await this.openRide(token);
    return { ...ride, position: driverId === null ? null : await this.position(driverId), serverTime: new Date().toISOString() };
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

  /** The driver's last shared position (drivers owns it); the phone, names and the rest stay out. */
  private async position(driverId: number): Promise<TrackingView['position']> {
    const driver = await this.services.call(driversRpc.get, { id: driverId });
    if (driver.currentLatitude === null || driver.currentLongitude === null || driver.lastLocationUpdate === null) return null;
    return { latitude: Number(driver.currentLatitude), longitude: Number(driver.currentLongitude), at: driver.lastLocationUpdate };
  }
}

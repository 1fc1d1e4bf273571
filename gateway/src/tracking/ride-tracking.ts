import { Inject, Injectable } from '@nestjs/common';
import { bookingRpc, driversRpc, TRACKING_MESSAGES, type TrackedRide, type TrackingView } from '@limo/contracts';
import { verifyLink } from '@limo/contracts/common/signed-link';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config.js';
import { HttpExceptionWithHeaders } from '../http/http-exception.filter.js';
import { ServicesClient } from '../messaging/services.client.js';

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
  async openRide(token: string): Promise<TrackedRide & { bookingId: number }> {
    const claims = verifyLink(token, 'track', this.config.LINK_SIGNING_SECRET);
    if (!claims) throw new HttpExceptionWithHeaders(404, TRACKING_MESSAGES.invalid, {});
    const ride = await this.services.call(bookingRpc.trackRide, { bookingId: claims.bookingId });
    if (ride.window === 'not-started') throw new HttpExceptionWithHeaders(410, TRACKING_MESSAGES.notStarted, {});
    if (ride.window === 'ended') throw new HttpExceptionWithHeaders(410, TRACKING_MESSAGES.ended, {});
    return { ...ride, bookingId: claims.bookingId };
  }

  async view(token: string): Promise<TrackingView> {
    const { driverId, window: _window, status: _status, bookingId: _id, ...ride } = await this.openRide(token);
    return { ...ride, position: driverId === null ? null : await this.position(driverId), serverTime: new Date().toISOString() };
  }

  /** The driver's last shared position (drivers owns it); the phone, names and the rest stay out. */
  private async position(driverId: number): Promise<TrackingView['position']> {
    const driver = await this.services.call(driversRpc.get, { id: driverId });
    if (driver.currentLatitude === null || driver.currentLongitude === null || driver.lastLocationUpdate === null) return null;
    return { latitude: Number(driver.currentLatitude), longitude: Number(driver.currentLongitude), at: driver.lastLocationUpdate };
  }
}

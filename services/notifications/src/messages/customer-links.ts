import { Inject, Injectable } from '@nestjs/common';
import type { BookingSnapshot } from '@limo/contracts';
import { signLink } from '@limo/contracts/common/signed-link';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { NotificationsConfig } from '../notifications.config.js';

/** A manage link keeps working until a week after the pickup. */
const MANAGE_LINK_DAYS_AFTER_PICKUP = 7;
/** A tracking token outlives any ride; the gateway opens it only inside the ride's tracking window. */
const TRACK_LINK_DAYS = 2;

/** Signed links into the customer's self-service pages, for the messages. */
@Injectable()
export class CustomerLinks {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: NotificationsConfig) {}

  forBooking(booking: BookingSnapshot): { manage: string } {
    const pickup = booking.pickupAt ? Date.parse(booking.pickupAt) : Date.now();
    const expiresAt = Math.floor(pickup / 1000) + MANAGE_LINK_DAYS_AFTER_PICKUP * 86_400;
    return { manage: this.link('/booking/manage', signLink({ purpose: 'manage', bookingId: booking.id, expiresAt }, this.config.LINK_SIGNING_SECRET)) };
  }

  /** The live tracking page of the ride (sent with "on the way"). */
  tracking(booking: BookingSnapshot, now = Date.now()): string {
    const expiresAt = Math.floor(now / 1000) + TRACK_LINK_DAYS * 86_400;
    return this.link('/track', signLink({ purpose: 'track', bookingId: booking.id, expiresAt }, this.config.LINK_SIGNING_SECRET));
  }

  private link(path: string, token: string): string {
    return `${this.config.PUBLIC_BASE_URL.replace(/\/$/, '')}${path}?t=${token}`;
  }
}

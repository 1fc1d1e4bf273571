import { Inject, Injectable } from '@nestjs/common';
import type { BookingSnapshot } from '@limo/contracts';
import { signLink } from '@limo/contracts/common/signed-link';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { NotificationsConfig } from '../notifications.config.js';

/** A manage link keeps working until a week after the pickup. */
const MANAGE_LINK_DAYS_AFTER_PICKUP = 7;

/** Signed links into the customer's self-service pages, for the messages. */
@Injectable()
export class CustomerLinks {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: NotificationsConfig) {}

  forBooking(booking: BookingSnapshot): { manage: string } {
    const pickup = booking.pickupAt ? Date.parse(booking.pickupAt) : Date.now();
    const expiresAt = Math.floor(pickup / 1000) + MANAGE_LINK_DAYS_AFTER_PICKUP * 86_400;
    const token = signLink({ purpose: 'manage', bookingId: booking.id, expiresAt }, this.config.LINK_SIGNING_SECRET);
    return { manage: `${this.config.PUBLIC_BASE_URL.replace(/\/$/, '')}/booking/manage?t=${token}` };
  }
}

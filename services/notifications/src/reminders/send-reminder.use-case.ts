import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@limo/service-runtime';
import type { PrismaClient } from '../generated/prisma/client.js';
import { CustomerBookingsRepository } from '../bookings/customer-bookings.repository.js';
import { CustomerLinks } from '../messages/customer-links.js';
import { QueueMessages } from '../messages/queue-messages.js';

/** The message key of a reminder: one per booking and pickup time (a moved ride gets its own). */
export const reminderEventId = (bookingId: number, pickupAt: string) => `reminder:${bookingId}:${pickupAt}`;

/**
 * Queues the 24-hour reminder if the booking is still upcoming at the pickup the job was made
 * for; a stale job (the ride moved, was cancelled) does nothing.
 */
@Injectable()
export class SendReminder {
  constructor(
    @Inject(DATABASE) private readonly db: PrismaClient,
    private readonly bookings: CustomerBookingsRepository,
    private readonly queueMessages: QueueMessages,
    private readonly links: CustomerLinks,
  ) {}

  async execute({ bookingId, pickupAt }: { bookingId: number; pickupAt: string }): Promise<'queued' | 'stale'> {
    const current = await this.bookings.find(bookingId);
    if (!current || !['pending', 'confirmed'].includes(current.status) || current.booking.pickupAt !== pickupAt) return 'stale';
    await this.db.$transaction((tx) =>
      this.queueMessages.queue(tx, reminderEventId(bookingId, pickupAt), 'pickup-reminder', { booking: current.booking, links: this.links.forBooking(current.booking) }),
    );
    return 'queued';
  }
}

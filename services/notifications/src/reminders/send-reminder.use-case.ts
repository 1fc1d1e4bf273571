import { Inject, Injectable } from '@nestjs/common';
import { DATABASE } from '@limo/service-runtime';
import type { PrismaClient } from '../generated/prisma/client.js';
import { CustomerBookingsRepository } from '../bookings/customer-bookings.repository.js';
import { CustomerLinks } from '../messages/customer-links.js';
import { QueueMessages } from '../messages/queue-messages.js';
import { UPCOMING } from './reminder-due.js';

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
    // Read under the booking's row lock, which events take to change it: a ride moved or
    // cancelled while this runs is seen as it is now, never as it was a moment ago.
    return this.db.$transaction(async (tx) => {
      const current = await this.bookings.lock(tx, bookingId);
      if (!current || !UPCOMING.has(current.status) || current.snapshot.pickupAt !== pickupAt) return 'stale';
      const booking = current.snapshot;
      await this.queueMessages.queue(tx, reminderEventId(bookingId, pickupAt), 'pickup-reminder', { booking, links: this.links.forBooking(booking) });
      return 'queued';
    });
  }
}

import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { businessToday } from '@limo/contracts';
import { BookingsRepository } from '../bookings/bookings.repository.js';
import { CreateBooking } from '../bookings/create-booking/create-booking.use-case.js';
import { UpdateBooking } from '../bookings/update-booking/update-booking.use-case.js';
import { demoBookings } from './demo-bookings.js';

/**
 * With no bookings yet, adds the demo bookings through the same create and edit paths a visitor
 * and an admin use, so their events reach reporting and the dashboard shows real figures. Each
 * carries a fixed Idempotency-Key, so replicas starting together replay rather than add twice.
 * The lead time is not applied: today's completed sample rides are in the past.
 */
@Injectable()
export class DemoBookingsSeeder implements OnApplicationBootstrap {
  private readonly log = new Logger('DemoBookingsSeeder');

  constructor(
    private readonly bookings: BookingsRepository,
    private readonly createBooking: CreateBooking,
    private readonly updateBooking: UpdateBooking,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if ((await this.bookings.count()) > 0) return;
    let added = 0;
    for (const demo of demoBookings(businessToday())) {
      const { booking, replayed } = await this.createBooking.execute({ request: demo.request, idempotencyKey: demo.key, checkLeadTime: false });
      if (replayed) continue;
      added++;
      if (demo.status !== 'pending') await this.updateBooking.execute({ id: booking.id, changes: { status: demo.status, adminNotes: demo.adminNotes } });
    }
    if (added > 0) this.log.log(`seeded ${added} demo bookings`);
  }
}

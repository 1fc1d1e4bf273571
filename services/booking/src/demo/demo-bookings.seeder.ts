import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { businessToday } from '@limo/contracts';
import { ServiceError } from '@limo/messaging';
import { BookingsRepository } from '../bookings/bookings.repository.js';
import { CreateBooking } from '../bookings/create-booking/create-booking.use-case.js';
import { UpdateBooking } from '../bookings/update-booking/update-booking.use-case.js';
import { demoBookings } from './demo-bookings.js';

const FLEET_WAIT_MS = 500;
const FLEET_WAIT_ATTEMPTS = 120;

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

  /**
   * The fleet prices every booking, and `npm start` starts the services together: while the fleet
   * service is not answering yet (a 503), the seeding waits for it rather than failing the start
   * (which made the process exit and be restarted).
   */
  async onApplicationBootstrap(): Promise<void> {
    if ((await this.bookings.count()) > 0) return;
    // From here a retry replays the bookings already added (their keys) and adds the rest.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.seed();
      } catch (error) {
        if (!(error instanceof ServiceError && error.status === 503) || attempt >= FLEET_WAIT_ATTEMPTS) throw error;
        if (attempt === 1) this.log.log(`waiting for the fleet service to seed the demo bookings: ${error.message}`);
        await new Promise((resolve) => setTimeout(resolve, FLEET_WAIT_MS));
      }
    }
  }

  private async seed(): Promise<void> {
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

import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { businessToday } from '@limo/contracts';
import { RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import type { BookingDb } from '../booking.db.js';
import { BookingsRepository } from './bookings.repository.js';
import { demoBookings } from './demo-bookings.js';

/**
 * With SEED_DEMO_BOOKINGS=true and no bookings yet, adds the demo bookings through the same
 * create and edit paths a visitor and an admin use, so their events reach reporting and the
 * dashboard shows real figures. Each carries a fixed Idempotency-Key, so replicas starting
 * together replay rather than add twice.
 */
@Injectable()
export class DemoBookingsSeeder implements OnApplicationBootstrap {
  private readonly log = new Logger('DemoBookingsSeeder');

  constructor(
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime<BookingDb>,
    private readonly bookings: BookingsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runtime.config.SEED_DEMO_BOOKINGS) return;
    if ((await this.runtime.db.booking.count()) > 0) return;
    let added = 0;
    for (const demo of demoBookings(businessToday())) {
      const { booking, replayed } = await this.bookings.create(demo.request, demo.key);
      if (replayed) continue;
      added++;
      if (demo.status !== 'pending') await this.bookings.update(booking.id, { status: demo.status, adminNotes: demo.adminNotes });
    }
    if (added > 0) this.log.log(`seeded ${added} demo bookings`);
  }
}

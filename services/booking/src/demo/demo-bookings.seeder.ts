import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { businessToday, driversRpc } from '@limo/contracts';
import { RpcClient, ServiceError } from '@limo/messaging';
import { BookingsRepository } from '../bookings/bookings.repository.js';
import { CreateBooking } from '../bookings/create-booking/create-booking.use-case.js';
import { UpdateBooking } from '../bookings/update-booking/update-booking.use-case.js';
import { AnswerAssignment } from '../dispatch/answer-assignment/answer-assignment.use-case.js';
import { AssignDriver } from '../dispatch/assign-driver/assign-driver.use-case.js';
import { demoBookings, type DemoBooking } from './demo-bookings.js';

const FLEET_WAIT_MS = 500;
const FLEET_WAIT_ATTEMPTS = 120;
/** The drivers service seeds its demo drivers as it starts: this long for them (then the rides go without). */
const DRIVERS_WAIT_MS = 30_000;
const ADMIN = { kind: 'admin' as const, id: null, name: null };

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
    private readonly assignDriver: AssignDriver,
    private readonly answerAssignment: AnswerAssignment,
    private readonly rpc: RpcClient,
  ) {}

  /**
   * The fleet prices every booking, and `npm start` starts the services together: while the fleet
   * service is not answering yet (a 503), the seeding waits for it rather than failing the start
   * (which made the process exit and be restarted).
   */
  async onApplicationBootstrap(): Promise<void> {
    if ((await this.bookings.count()) > 0) return;
    const demos = demoBookings(businessToday());
    // Found once, before any booking is added (a retry below replays the bookings added, not their drivers).
    const drivers = await this.demoDrivers(demos);
    // From here a retry replays the bookings already added (their keys) and adds the rest.
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.seed(demos, drivers);
      } catch (error) {
        if (!(error instanceof ServiceError && error.status === 503) || attempt >= FLEET_WAIT_ATTEMPTS) throw error;
        if (attempt === 1) this.log.log(`waiting for the fleet service to seed the demo bookings: ${error.message}`);
        await new Promise((resolve) => setTimeout(resolve, FLEET_WAIT_MS));
      }
    }
  }

  private async seed(demos: DemoBooking[], drivers: Map<string, number>): Promise<void> {
    let added = 0;
    for (const demo of demos) {
      const { booking, replayed } = await this.createBooking.execute({ request: demo.request, idempotencyKey: demo.key, checkLeadTime: false });
      if (replayed) continue;
      added++;
      const driverId = demo.driverEmail === undefined ? undefined : drivers.get(demo.driverEmail);
      if (driverId !== undefined) {
        // Demo data never fails the start: a ride whose driver could not be given stays as far as it got.
        await this.giveDriver(booking.id, driverId, demo).catch((error: Error) => this.log.warn(`demo ride ${booking.reference} left without its driver: ${error.message}`));
      }
      else if (demo.status !== 'pending') await this.updateBooking.execute({ id: booking.id, changes: { status: demo.status, adminNotes: demo.adminNotes } });
    }
    if (added > 0) this.log.log(`seeded ${added} demo bookings`);
  }

  /** Offered to its driver, accepted (confirmed), then moved on by the admin: completed sets the driver's earnings. */
  private async giveDriver(bookingId: number, driverId: number, demo: DemoBooking): Promise<void> {
    await this.assignDriver.execute({ bookingId, driverId, actor: ADMIN });
    await this.answerAssignment.execute({ bookingId, driverId, answer: 'accept' });
    const status = demo.status === 'confirmed' ? undefined : { status: demo.status, statusReason: 'Demo ride' };
    if (status || demo.adminNotes) await this.updateBooking.execute({ id: bookingId, changes: { ...status, adminNotes: demo.adminNotes } });
  }

  /**
   * The demo drivers' ids by email, once the drivers service lists them: asked for up to
   * DRIVERS_WAIT_MS, any failure taken for "not yet" (demo data never fails the start); those it
   * never lists are left out, and their rides seeded without a driver.
   */
  private async demoDrivers(demos: DemoBooking[]): Promise<Map<string, number>> {
    const wanted = new Set(demos.flatMap((d) => (d.driverEmail ? [d.driverEmail] : [])));
    const found = new Map<string, number>();
    const until = Date.now() + DRIVERS_WAIT_MS;
    for (let attempt = 1; wanted.size > found.size; attempt++) {
      try {
        const drivers = await this.rpc.request(driversRpc.list, {}, { timeoutMs: 5_000 });
        for (const d of drivers) if (wanted.has(d.email) && d.isActive && d.isOnDuty) found.set(d.email, d.id);
        if (found.size === wanted.size) break;
      } catch {
        // Not answering yet: asked again below.
      }
      if (Date.now() >= until) {
        this.log.warn(`demo drivers not found (${[...wanted].filter((e) => !found.has(e)).join(', ')}): their demo rides are seeded without a driver`);
        break;
      }
      if (attempt === 1) this.log.log('waiting for the drivers service to seed the demo drivers');
      await new Promise((resolve) => setTimeout(resolve, FLEET_WAIT_MS));
    }
    return found;
  }
}

import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DurableEventConsumer } from '@limo/messaging';
import { RUNTIME, type ServiceRuntime } from '@limo/service-runtime';
import { fleetProjectionHandlers } from './fleet/fleet-projection.js';
import { bookingProjectionHandlers } from './bookings/booking-projection.js';
import { driverProjectionHandlers } from './drivers/driver-projection.js';
import type { ReportingDb } from './reporting.db.js';

/** The durable consumers reporting runs; every replica joins the same ones. */
@Injectable()
export class EventConsumers implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('EventConsumers');
  private readonly consumers: DurableEventConsumer[];

  constructor(@Inject(RUNTIME) runtime: ServiceRuntime<ReportingDb>) {
    const common = { nc: runtime.nc, prefix: runtime.config.NATS_PREFIX, db: runtime.db, log: (m: string) => this.log.warn(m) };
    this.consumers = [
      new DurableEventConsumer({ ...common, durable: 'reporting-fleet', filter: 'fleet.>', handlers: fleetProjectionHandlers }),
      new DurableEventConsumer({ ...common, durable: 'reporting-bookings', filter: 'booking.>', handlers: bookingProjectionHandlers }),
      new DurableEventConsumer({ ...common, durable: 'reporting-drivers', filter: 'drivers.>', handlers: driverProjectionHandlers }),
    ];
  }

  async onApplicationBootstrap(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.start()));
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.consumers.map((c) => c.stop()));
  }
}

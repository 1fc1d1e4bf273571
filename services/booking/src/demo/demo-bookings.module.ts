import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings/bookings.module.js';
import { DispatchModule } from '../dispatch/dispatch.module.js';
import { DemoBookingsSeeder } from './demo-bookings.seeder.js';

/** Loaded only with SEED_DEMO_BOOKINGS=true (`npm start`): ten demo bookings in every status. */
@Module({ imports: [BookingsModule, DispatchModule], providers: [DemoBookingsSeeder] })
export class DemoBookingsModule {}

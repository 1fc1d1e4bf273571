import { Module } from '@nestjs/common';
import { DriverAccountsModule } from '../drivers/drivers.module.js';
import { DriverEarningsQueries } from './driver-earnings.queries.js';
import { EarningsRepository } from './earnings.repository.js';
import { RideEventsHandlers } from './ride-events.handlers.js';
import { RecordRide } from './record-ride/record-ride.use-case.js';
import { EarningsHandlers } from './earnings.handlers.js';

@Module({
  imports: [DriverAccountsModule],
  controllers: [RideEventsHandlers, EarningsHandlers],
  providers: [EarningsRepository, DriverEarningsQueries, RecordRide],
  exports: [DriverEarningsQueries],
})
export class EarningsModule {}

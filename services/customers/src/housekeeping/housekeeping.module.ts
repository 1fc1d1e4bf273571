import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { ForgetExpired } from './forget-expired.use-case.js';
import { HOUSEKEEPING_QUEUE, HousekeepingSchedule, HousekeepingWorker } from './housekeeping.jobs.js';

/** The periodic clean-up of what has expired. */
@Module({
  imports: [BullModule.registerQueue({ name: HOUSEKEEPING_QUEUE })],
  providers: [ForgetExpired, HousekeepingSchedule, HousekeepingWorker],
})
export class HousekeepingModule {}

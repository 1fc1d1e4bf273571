import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module.js';
import { CreditsModule } from '../credits/credits.module.js';
import { ForgetExpired } from './forget-expired.use-case.js';
import { HOUSEKEEPING_QUEUE, HousekeepingSchedule, HousekeepingWorker } from './housekeeping.jobs.js';

/** The periodic clean-up of what has expired: codes, sessions, unbound reservations (benefits and company transfers), credit. */
@Module({
  imports: [BullModule.registerQueue({ name: HOUSEKEEPING_QUEUE }), CreditsModule, CompaniesModule],
  providers: [ForgetExpired, HousekeepingSchedule, HousekeepingWorker],
})
export class HousekeepingModule {}

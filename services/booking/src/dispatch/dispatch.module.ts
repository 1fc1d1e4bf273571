import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { FleetModule } from '../fleet/fleet.module.js';
import { RatesModule } from '../rates/rates.module.js';
import { RidesModule } from '../rides/rides.module.js';
import { AdvanceRide } from './advance-ride/advance-ride.use-case.js';
import { AnswerAssignment } from './answer-assignment/answer-assignment.use-case.js';
import { AssignDriver } from './assign-driver/assign-driver.use-case.js';
import { DeadlineScheduler, DeadlineSweepSchedule, DeadlineWorker } from './deadlines/deadline.jobs.js';
import { DEADLINES_QUEUE } from './deadlines/deadline-queue.js';
import { ScheduleDeadline } from './schedule-deadline/schedule-deadline.use-case.js';
import { DispatchDirectory } from './dispatch-directory.js';
import { DispatchQueries } from './dispatch-queries.js';
import { DispatchHandlers } from './dispatch.handlers.js';
import { ReviewSettlement } from './review-settlement/review-settlement.use-case.js';
import { ExpireAssignment } from './expire-assignment/expire-assignment.use-case.js';
import { WithdrawAssignment } from './withdraw-assignment/withdraw-assignment.use-case.js';

/** Assign & Notify: assignments with response deadlines, the drivers' answers and ride progress. */
@Module({
  imports: [RidesModule, FleetModule, RatesModule, BullModule.registerQueue({ name: DEADLINES_QUEUE })],
  controllers: [DispatchHandlers, DeadlineScheduler],
  providers: [
    DispatchDirectory,
    DispatchQueries,
    AssignDriver,
    WithdrawAssignment,
    AnswerAssignment,
    ExpireAssignment,
    AdvanceRide,
    ReviewSettlement,
    ScheduleDeadline,
    DeadlineSweepSchedule,
    DeadlineWorker,
  ],
  exports: [AssignDriver, AnswerAssignment],
})
export class DispatchModule {}

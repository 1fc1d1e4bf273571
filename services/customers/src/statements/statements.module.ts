import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { CompaniesModule } from '../companies/companies.module.js';
import { IssueStatements } from './issue-statements.use-case.js';
import { STATEMENTS_QUEUE, StatementsSchedule, StatementsWorker } from './statements.jobs.js';
import { StatementsHandlers } from './statements.handlers.js';

/** Bundles for Business' monthly statements: made on the 1st (a daily job catches up), kept, downloadable, emailed by the notifications service. */
@Module({
  imports: [BullModule.registerQueue({ name: STATEMENTS_QUEUE }), CompaniesModule],
  controllers: [StatementsHandlers],
  providers: [IssueStatements, StatementsSchedule, StatementsWorker],
})
export class StatementsModule {}

import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { BUSINESS_TIME_ZONE } from '@limo/contracts';
import { inJobContext, scheduleCron, type JobTrace } from '@limo/service-runtime';
import { IssueStatements } from './issue-statements.use-case.js';
import { previousMonth } from './statement-rules.js';

export const STATEMENTS_QUEUE = 'customers-statements';
const ISSUE_STATEMENTS = 'issue-statements';
/**
 * Every day at 00:05 in Los Angeles: from the first of a month it makes the month before's
 * statements, each once its rides are settled (by the 8th at the latest: a statement still
 * waiting is left for a later day, no failure); on the other days it finds them made and makes
 * any that a failure or an outage left out, so a missed day does not mean a missing statement.
 */
const DAILY_AT_0005 = '5 0 * * *';

/** Schedules the statements' job once for the whole cluster (BullMQ's job scheduler). */
@Injectable()
export class StatementsSchedule implements OnApplicationBootstrap {
  private readonly log = new Logger('StatementsSchedule');

  constructor(@InjectQueue(STATEMENTS_QUEUE) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await scheduleCron(this.queue, ISSUE_STATEMENTS, DAILY_AT_0005, BUSINESS_TIME_ZONE, (error) => this.log.warn(`could not restore the schedule after Redis reconnected: ${error.message}`));
  }
}

@Processor(STATEMENTS_QUEUE)
export class StatementsWorker extends WorkerHost {
  constructor(private readonly statements: IssueStatements) {
    super();
  }

  async process(job: Job<JobTrace>): Promise<unknown> {
    return inJobContext(job, async () => {
      if (job.name === ISSUE_STATEMENTS) return this.statements.issueAll(previousMonth(new Date()));
      throw new Error(`Unknown statements job ${job.name}`);
    });
  }
}

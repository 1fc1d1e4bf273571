import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { Assignment } from '@limo/contracts';
import { traced } from '@limo/service-runtime';
import { DEADLINE, DEADLINES_QUEUE, deadlineJobId, type DeadlineJob } from '../deadlines/deadline-queue.js';

/**
 * Schedules an assignment's deadline as a delayed job. Safe to run twice: the job id is the
 * assignment's, so a redelivered event schedules nothing new.
 */
@Injectable()
export class ScheduleDeadline {
  constructor(@InjectQueue(DEADLINES_QUEUE) private readonly queue: Queue<DeadlineJob>) {}

  async execute(assignment: Pick<Assignment, 'id' | 'bookingId' | 'responseDeadline'>): Promise<void> {
    const delay = Math.max(0, new Date(assignment.responseDeadline).getTime() - Date.now());
    await this.queue.add(DEADLINE, traced({ bookingId: assignment.bookingId, assignmentId: assignment.id }), {
      jobId: deadlineJobId(assignment.bookingId, assignment.id),
      delay,
      attempts: 10,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: 1000,
      removeOnFail: 1000,
    });
  }
}

import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { inJobContext, schedulePeriodic } from '@limo/service-runtime';
import { FlightSettings } from './flight-settings.js';
import { FollowFlights } from './follow-flights.use-case.js';

export const FLIGHTS_QUEUE = 'booking-flights';
const POLL_FLIGHTS = 'poll-flights';

/** Schedules the flight poll every FLIGHT_POLL_SECONDS once for the cluster (every replica asks; BullMQ keeps one schedule). */
@Injectable()
export class FlightPollSchedule implements OnApplicationBootstrap {
  private readonly log = new Logger('FlightPollSchedule');

  constructor(
    @InjectQueue(FLIGHTS_QUEUE) private readonly queue: Queue,
    private readonly settings: FlightSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await schedulePeriodic(this.queue, POLL_FLIGHTS, this.settings.pollSeconds * 1000, (error) =>
      this.log.warn(`could not restore the schedule after Redis reconnected: ${error.message}`),
    );
  }
}

/** Runs each poll on one replica; a poll run twice moves nothing twice (FollowFlights decides under the row lock). */
@Processor(FLIGHTS_QUEUE)
export class FlightPollWorker extends WorkerHost {
  constructor(private readonly follow: FollowFlights) {
    super();
  }

  async process(job: Job): Promise<unknown> {
    return inJobContext(job, async () => {
      if (job.name === POLL_FLIGHTS) return this.follow.poll();
      throw new Error(`Unknown flights job ${job.name}`);
    });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../booking.config.js';
import type { PollCadence } from './follow-flight.js';

/** The flight poll's settings, read once from the service's configuration. */
@Injectable()
export class FlightSettings implements PollCadence {
  readonly pollSeconds: number;
  readonly hoursAhead: number;

  constructor(@Inject(SERVICE_CONFIG) config: BookingConfig) {
    this.pollSeconds = config.FLIGHT_POLL_SECONDS;
    this.hoursAhead = config.FLIGHT_POLL_HOURS_AHEAD;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../booking.config.js';
import type { SpanRules } from './hold-span.js';

/** Dispatch's settings, read once from the service's configuration (an admin's edit holds and pays by them too). */
@Injectable()
export class DispatchSettings implements SpanRules {
  readonly oneWayBlockMinutes: number;
  readonly turnaroundMinutes: number;
  readonly responseSeconds: number;
  readonly driverSharePercent: number;
  readonly sweepSeconds: number;
  readonly startWindowMinutes: number;

  constructor(@Inject(SERVICE_CONFIG) config: BookingConfig) {
    this.oneWayBlockMinutes = config.ONE_WAY_BLOCK_MINUTES;
    this.turnaroundMinutes = config.TURNAROUND_MINUTES;
    this.responseSeconds = config.ASSIGNMENT_RESPONSE_SECONDS;
    this.driverSharePercent = config.DRIVER_BASE_SHARE_PERCENT;
    this.sweepSeconds = config.DEADLINE_SWEEP_SECONDS;
    this.startWindowMinutes = config.RIDE_START_WINDOW_MINUTES;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Assignment } from '@limo/contracts';
import { conflict, ServiceError } from '@limo/messaging';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../booking.config.js';
import type { RideAssignment } from '../generated/prisma/client.js';
import { DispatchRepository, type Overlap } from './dispatch.repository.js';
import type { SpanRules } from './dispatch-rules.js';

/** Dispatch's settings, read once from the service's configuration. */
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

export function toAssignment(row: RideAssignment): Assignment {
  return {
    id: row.id,
    bookingId: row.bookingId,
    driverId: row.driverId,
    vehicleId: row.vehicleId,
    assignedAt: row.assignedAt.toISOString(),
    responseDeadline: row.responseDeadline.toISOString(),
    response: row.response as Assignment['response'],
    respondedAt: row.respondedAt ? row.respondedAt.toISOString() : null,
  };
}

export function overlapConflict(overlap: Overlap, holder: 'driver' | 'vehicle'): ServiceError {
  return holder === 'driver'
    ? conflict(`This driver already has ride ${overlap.reference} at that time`)
    : conflict(`This vehicle is already booked for ride ${overlap.reference} at that time`);
}

/** The exclusion constraints' violation (Postgres 23P01), as Prisma reports a failed raw statement. */
export function isOverlapViolation(error: unknown): 'driver' | 'vehicle' | null {
  const text = `${(error as Error)?.message ?? ''} ${JSON.stringify((error as { meta?: unknown })?.meta ?? {})}`;
  if (text.includes('bookings_driver_overlap')) return 'driver';
  if (text.includes('bookings_vehicle_overlap')) return 'vehicle';
  return null;
}

export { DispatchRepository };

import { conflict, type ServiceError } from '@limo/messaging';
import type { Overlap } from './dispatch.repository.js';

/** The 409 for a ride whose driver or vehicle another ride already holds, naming that ride. */
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

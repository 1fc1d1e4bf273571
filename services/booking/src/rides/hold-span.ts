import type { TripType } from '@limo/contracts';

/** The service's one-way block and turnaround (DispatchSettings). */
export interface SpanRules {
  oneWayBlockMinutes: number;
  turnaroundMinutes: number;
}

/**
 * What a ride holds its driver and vehicle for: from the pickup to the pickup plus its duration
 * (hourly) or the one-way block, plus the turnaround. Half-open, so a ride may start exactly
 * when the previous one's span ends.
 */
export function holdSpan(ride: { pickupAt: Date; tripType: TripType | string; duration: number | null }, rules: SpanRules): { from: Date; to: Date } {
  const rideMinutes = ride.tripType === 'hourly' ? (ride.duration ?? 1) * 60 : rules.oneWayBlockMinutes;
  return { from: ride.pickupAt, to: new Date(ride.pickupAt.getTime() + (rideMinutes + rules.turnaroundMinutes) * 60_000) };
}

import { freeWaitMinutes, fromCents, toCents, waitStartsAt, type MeasuredWait } from '@limo/contracts';

export interface WaitFacts {
  pickupAt: Date;
  pickupLocation: string;
  meetGreet: boolean;
  /** The driver's "Arrived"; null when the driver skipped it (nothing was measured). */
  arrivedAt: Date | null;
  pickedUpAt: Date;
}

/**
 * The wait from the later of the driver's arrival and the pickup time (a driver who comes early
 * does not make the passenger pay) to the pickup; each started minute beyond the free ones at the
 * vehicle's hourly rate pro rata, half up to the cent on the whole. Null when "Arrived" was not reported.
 */
export function measureWait(ride: WaitFacts, hourlyRate: string): MeasuredWait | null {
  if (!ride.arrivedAt) return null;
  const from = waitStartsAt({ pickupAt: ride.pickupAt, arrivedAt: ride.arrivedAt }).getTime();
  const waitedMs = Math.max(0, ride.pickedUpAt.getTime() - from);
  const freeMinutes = freeWaitMinutes(ride);
  const chargedMinutes = Math.ceil(Math.max(0, waitedMs - freeMinutes * 60_000) / 60_000);
  const charge = Math.floor((chargedMinutes * toCents(hourlyRate) * 2 + 60) / 120);
  return { minutes: Math.ceil(waitedMs / 60_000), freeMinutes, chargedMinutes, charge: fromCents(charge) };
}

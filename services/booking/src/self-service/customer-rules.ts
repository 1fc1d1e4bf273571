/** Statuses a customer may still cancel online (before the cutoff). */
const CANCELLABLE = new Set(['pending', 'confirmed']);

const digits = (value: string) => value.replace(/\D/g, '');
/** US numbers typed with or without the country code compare equal: "+1 (310) 555-0100" = "3105550100". */
const nationalDigits = (value: string) => {
  const d = digits(value);
  return d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
};

/** Whether what the customer typed is the booking's email (any case) or its phone (any punctuation). */
export function contactMatches(booking: { email: string; phone: string }, contact: string): boolean {
  const typed = contact.trim();
  if (typed.includes('@')) return typed.toLowerCase() === booking.email.trim().toLowerCase();
  const phone = nationalDigits(typed);
  return phone.length >= 7 && phone === nationalDigits(booking.phone);
}

/** The last moment the customer can cancel online. */
export const cancelCutoff = (pickupAt: Date, hours: number) => new Date(pickupAt.getTime() - hours * 3_600_000);

export type CancelCheck = 'ok' | 'already-cancelled' | 'not-cancellable' | 'too-late';

export function checkCancellation(status: string, pickupAt: Date, cutoffHours: number, now: Date): CancelCheck {
  if (status === 'cancelled') return 'already-cancelled';
  if (!CANCELLABLE.has(status)) return 'not-cancellable';
  return now.getTime() <= cancelCutoff(pickupAt, cutoffHours).getTime() ? 'ok' : 'too-late';
}

export type TrackingWindow = 'not-started' | 'open' | 'ended';

/**
 * A ride can be followed from the moment the chauffeur sets off (`en-route`, startedAt) until
 * `afterMinutes` after drop-off (or completion, or at once if the booking is cancelled).
 */
export function trackingWindow(ride: TrackedTimes, afterMinutes: number, now: Date): TrackingWindow {
  if (ride.status === 'cancelled') return 'ended';
  if (!ride.startedAt) return 'not-started';
  const end = trackingWindowEnd(ride, afterMinutes);
  return end && now.getTime() > end.getTime() ? 'ended' : 'open';
}

/** When the passenger was dropped off (or the ride completed without a drop-off reported). */
const rideEnd = (ride: { droppedOffAt: Date | null; completedAt: Date | null }) => ride.droppedOffAt ?? ride.completedAt;

/** When the window closes by the clock: `afterMinutes` after drop-off (or completion); null before either. */
export function trackingWindowEnd(ride: TrackedTimes, afterMinutes: number): Date | null {
  const end = rideEnd(ride);
  return end ? new Date(end.getTime() + afterMinutes * 60_000) : null;
}

type TrackedTimes = { status: string; startedAt: Date | null; droppedOffAt: Date | null; completedAt: Date | null };

/**
 * The driver whose position a tracking link shows: the ride's, until drop-off (decisions.md: the
 * map stops showing the chauffeur then); afterwards the link shows the ride, not where its driver goes.
 */
export function followedDriver(ride: { driverId: number | null; droppedOffAt: Date | null; completedAt: Date | null }): number | null {
  return rideEnd(ride) ? null : ride.driverId;
}

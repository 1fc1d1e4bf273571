import { z } from 'zod';
import { formatBusinessInstant } from '../common/business-time.js';
import { GeoPoint } from '../common/map.js';
import { Money } from '../common/money.js';
import { minutesText } from './messages.js';
import { BookingStatus, TripType } from './values.js';
import { RideExtras } from './settlement.js';

/*
 * Dispatch (decisions.md, "Dispatch"): an admin assigns an on-duty driver to a pending ride, the
 * driver accepts or declines before a deadline, then moves the ride through its statuses.
 */

const Iso = z.iso.datetime({ offset: true });
const Id = z.number().int().positive().max(2_147_483_647);

/** A ride's progress, in the only order it may move (forward). */
export const DRIVER_STATUSES = ['en-route', 'arrived', 'picked-up', 'halfway', 'two-miles', 'dropped-off', 'completed'] as const;
export const DriverStatus = z.enum(DRIVER_STATUSES, { error: `driverStatus must be one of ${DRIVER_STATUSES.join(', ')}` });
export type DriverStatus = z.infer<typeof DriverStatus>;
/** Statuses a driver may skip; the others must each be reported, in order. */
export const SKIPPABLE_DRIVER_STATUSES: readonly DriverStatus[] = ['arrived', 'halfway', 'two-miles'];

/** The assigned driver's answer: pending until accepted, declined, expired (deadline) or withdrawn (admin). */
export const DriverResponse = z.enum(['pending', 'accepted', 'declined', 'expired', 'withdrawn']);
export type DriverResponse = z.infer<typeof DriverResponse>;

export const DISPATCH_MESSAGES = {
  notPending: 'Only a pending ride can be assigned',
  awaitingAnswer: 'This ride is waiting for its driver to answer: withdraw that assignment first',
  driverUnknown: 'No such driver',
  driverInactive: 'This driver is not active',
  driverOffDuty: 'This driver is off duty',
  vehicleUnknown: 'No such vehicle',
  vehicleInactive: 'This vehicle is not in service',
  nothingToWithdraw: 'This ride has no unanswered assignment to withdraw',
  deadlinePassed: 'The time to answer this ride has passed',
  givenToAnother: 'This ride has been given to another driver',
  alreadyAnswered: 'This ride has already been answered',
  notConfirmed: 'This ride is not confirmed: its status cannot move',
  backwards: 'A ride status can only move forward',
  skipped: 'This status cannot be skipped',
  bookingNotFound: 'Booking not found',
  changedWhileAssigning: 'This ride was changed while it was being assigned: look at it again and retry',
  extrasAtCompletion: 'Extras are added when the ride is completed',
  notSettled: 'Only a completed ride has a final price to review',
  alreadyApproved: 'This final price is already approved: adjust it, with a reason, to change it',
  settlementChanged: 'This final price was reviewed meanwhile: look at it again',
} as const;

/** A ride started before its start window: 'You can start this ride from Tue, Dec 1, 4:30 AM PST (3 hours before pickup)'. */
export const notStartableYet = (from: Date, windowMinutes: number) =>
  `You can start this ride from ${formatBusinessInstant(from)} (${minutesText(windowMinutes)} before pickup)`;

/** POST /api/admin/bookings/{id}/assign */
export const AssignDriverRequest = z
  .object({
    driverId: Id,
    /** The vehicle to drive; the booking's when left out. */
    vehicleId: Id.optional(),
  })
  .strict();
export type AssignDriverRequest = z.infer<typeof AssignDriverRequest>;

/** PUT /api/bookings/{id}/driver-status */
export const DriverStatusUpdate = z
  .object({
    driverStatus: DriverStatus,
    /** With `completed`: what the ride cost beyond the quote (an extra stop, tolls, parking), which settles its final price. */
    extras: RideExtras.optional(),
  })
  .strict()
  .refine((update) => !update.extras?.length || update.driverStatus === 'completed', { message: DISPATCH_MESSAGES.extrasAtCompletion, path: ['extras'] });
export type DriverStatusUpdate = z.infer<typeof DriverStatusUpdate>;

/** Who did something to a ride, as the timeline shows it. */
export const Actor = z.object({
  kind: z.enum(['admin', 'driver', 'customer', 'system']),
  id: z.number().int().nullable().default(null),
  name: z.string().nullable().default(null),
});
export type Actor = z.infer<typeof Actor>;

/**
 * The wait at the pickup (decisions.md, "Airport rides"): from the driver's "Arrived" (or the
 * pickup time, if the driver came early) to "Passenger Picked Up"; free for 60 minutes at an
 * airport or a meet-and-greet pickup, 15 elsewhere; each started minute after that at the
 * vehicle's hourly rate in the rate table, pro rata.
 */
export const MeasuredWait = z.object({
  /** Whole minutes waited (rounded up). */
  minutes: z.number().int().nonnegative(),
  freeMinutes: z.number().int().nonnegative(),
  /** Started minutes beyond the free ones. */
  chargedMinutes: z.number().int().nonnegative(),
  /** What they cost: chargedMinutes x the hourly rate / 60, half up to the cent. */
  charge: Money,
});
export type MeasuredWait = z.infer<typeof MeasuredWait>;

/** A ride as its driver sees it: what is needed to do the job, and where it stands. */
export const DriverRide = z.object({
  id: Id,
  reference: z.string(),
  status: BookingStatus,
  tripType: TripType,
  pickupDate: z.string(),
  pickupTime: z.string(),
  /** The pickup instant (pickupDate and pickupTime in Los Angeles). */
  pickupAt: Iso,
  pickupLocation: z.string(),
  dropoffLocation: z.string().nullable(),
  waypoints: z.array(z.string()),
  duration: z.number().int().nullable(),
  passengers: z.number().int().nullable(),
  /** Suitcases the party brings; absent from a previous release's service. */
  luggage: z.number().int().nonnegative().optional(),
  /** The ride's flight ("UA 1542"); absent from a previous release's service. */
  flightNumber: z.string().nullable().optional(),
  vehicleId: z.number().int().nullable(),
  vehicleName: z.string().nullable(),
  customerName: z.string(),
  customerPhone: z.string(),
  specialRequests: z.string().nullable(),
  meetGreet: z.boolean(),
  childSeats: z.boolean(),
  driverResponse: DriverResponse.nullable(),
  driverStatus: DriverStatus.nullable(),
  assignedAt: Iso.nullable(),
  responseDeadline: Iso.nullable(),
  /** The earliest the driver may report en route: RIDE_START_WINDOW_MINUTES before the pickup (absent from a previous release's service). */
  startableFrom: Iso.optional(),
  /** What the driver earns for it (set on completion). */
  driverEarnings: Money.nullable(),
  /** When the driver reported "Arrived" (the wait clock's start); absent from a previous release's service. */
  arrivedAt: Iso.nullable().optional(),
  /** The wait, measured when the passenger was picked up. */
  wait: MeasuredWait.nullable().optional(),
  /** Where the pickup and drop-off are, for the ride card's map, when they can be placed; only in the driver's list of rides. */
  pickupPoint: GeoPoint.nullable().optional(),
  dropoffPoint: GeoPoint.nullable().optional(),
});
export type DriverRide = z.infer<typeof DriverRide>;

/** How far back GET /api/drivers/current/ended-offers looks: about a shift. */
export const ENDED_OFFER_HOURS = 12;

/**
 * An offer of a ride that ended without the driver's answer: its deadline passed (`expired`) or
 * dispatch took it back (`withdrawn`), so the driver is told rather than seeing it vanish.
 */
export const EndedOffer = z.object({
  assignmentId: z.uuid(),
  bookingId: Id,
  reference: z.string(),
  outcome: z.enum(['expired', 'withdrawn']),
  at: Iso,
});
export type EndedOffer = z.infer<typeof EndedOffer>;

/** GET /api/bookings/week-outlook: the driver's rides for the next 7 LA days, by day. */
export const WeekOutlook = z.object({
  days: z.array(z.object({ date: z.string(), rides: z.array(DriverRide) })),
});
export type WeekOutlook = z.infer<typeof WeekOutlook>;

export const TimelineKind = z.enum(['created', 'edited', 'status-changed', 'assigned', 'accepted', 'declined', 'expired', 'withdrawn', 'progressed']);
export type TimelineKind = z.infer<typeof TimelineKind>;

/** One line of a ride's history (GET /api/admin/bookings/{id}/timeline), oldest first; never rewritten. */
export const TimelineEntry = z.object({
  at: Iso,
  kind: TimelineKind,
  actor: Actor,
  driverId: z.number().int().nullable(),
  driverName: z.string().nullable(),
  driverStatus: DriverStatus.nullable(),
  /** Status change, deadline, vehicle: a short human sentence. */
  detail: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/**
 * GET /api/admin/bookings/{id}/driver-options: the on-duty drivers, best suggestion first (issue
 * 35's assign suggestions: free for the ride's whole block, then nearest to its pickup at its time).
 */
export const DriverOption = z.object({
  driverId: Id,
  name: z.string(),
  username: z.string(),
  /** Free: no other held ride overlaps this one. Otherwise the ride that overlaps. */
  free: z.boolean(),
  conflict: z.object({ bookingId: Id, reference: z.string() }).nullable(),
  /** Great-circle miles from where the driver will be (`from`) to the pickup; null when unknown. Absent from a previous release's service. */
  distanceMiles: z.number().nonnegative().nullable().optional(),
  /** Where the driver is reckoned to be at the ride's time: the drop-off of their ride before it, or their last shared location. */
  from: z.enum(['previous-drop-off', 'last-location']).nullable().optional(),
  /** Why they are ranked there, in words ("Free for the whole ride, 3.2 mi from the pickup (last location, 5 min ago)"). */
  reason: z.string().optional(),
});
export type DriverOption = z.infer<typeof DriverOption>;

/** A driver's last shared location, as the drivers service has it (for the suggestions). */
export const DriverPosition = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180), at: Iso }).strict();
export type DriverPosition = z.infer<typeof DriverPosition>;

/** An assignment of a driver to a ride: the booking keeps the current one, history keeps them all. */
export const Assignment = z.object({
  id: z.uuid(),
  bookingId: Id,
  driverId: Id,
  vehicleId: z.number().int().nullable(),
  assignedAt: Iso,
  responseDeadline: Iso,
  response: DriverResponse,
  respondedAt: Iso.nullable(),
});
export type Assignment = z.infer<typeof Assignment>;

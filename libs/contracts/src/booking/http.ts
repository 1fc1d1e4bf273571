import { z } from 'zod';
import { addDays, businessToday, isCalendarDate } from '../common/business-time.js';
import { Money } from '../common/money.js';
import { atMost, firstBroken, hasVisibleCharacters, phoneNumber, wholeNumberText } from '../common/field-rules.js';
import { noControlCharacters } from '../common/text-rule.js';
import { BOOKING_LIMITS, HOURLY_DURATION, QUICK_FORM_HOURS } from './limits.js';
import { BOOKING_MESSAGES as M } from './messages.js';
import { PAYMENT_METHOD, PAYMENT_METHODS } from './payment.js';
import { PriceQuote } from './quote.js';
import { BookingStatus, TripType } from './values.js';
import { DriverResponse, DriverStatus, MeasuredWait } from './dispatch.js';
import { FlightAlert, FlightNumber } from './flight.js';
import { FLIGHT_MESSAGES, rideTouchesAirport } from './flight-rules.js';
import { Settlement } from './settlement.js';
import { BenefitsClaim, CompanyClaim, ReferralCode } from '../customers/benefits-claim.js';

/*
 * The booking's HTTP payloads, shared by the browser forms, the gateway's request validation and
 * the booking service. The words a customer reads are in messages.ts.
 */

export const PaymentMethod = z.enum(PAYMENT_METHODS, { error: M.paymentMethod });
export type PaymentMethod = z.infer<typeof PaymentMethod>;

const filled = (value: string) => value.length > 0;

const requiredText = (message: string, max: number, label: string) =>
  z
    .string({ error: message })
    .trim()
    .check(noControlCharacters(label))
    .superRefine(firstBroken([hasVisibleCharacters, message], [atMost(max), `${label} must be at most ${max} characters`]));

const optionalText = (max: number, label: string, kind: 'single-line' | 'multi-line' = 'single-line') =>
  z.string().trim().check(noControlCharacters(label, kind)).max(max, `${label} must be at most ${max} characters`);

const hours = (min: number, max: number) =>
  z
    .number({ error: 'Duration must be a whole number of hours' })
    .int('Duration must be a whole number of hours')
    .min(min, `Duration must be between ${min} and ${max} hours`)
    .max(max, `Duration must be between ${min} and ${max} hours`);

export const TripTypeField = z.enum(TripType.options, { error: M.tripType });

/** A pickup date: a real YYYY-MM-DD date, not before today in Los Angeles, at most two years ahead. */
export const PickupDate = z
  .string({ error: M.pickupDateRequired })
  .trim()
  .check(noControlCharacters('Pickup date'))
  .superRefine(
    firstBroken(
      [filled, M.pickupDateRequired],
      [isCalendarDate, M.pickupDateInvalid],
      [(date) => date >= businessToday(), M.pickupDatePast],
      [(date) => date <= addDays(businessToday(), BOOKING_LIMITS.maxDaysAhead), M.pickupDateTooFar],
    ),
  );

/** HH:MM on a 30-minute step (48 slots a day). */
export const PickupTime = z
  .string({ error: M.pickupTimeRequired })
  .trim()
  .check(noControlCharacters('Pickup time'))
  .superRefine(firstBroken([filled, M.pickupTimeRequired], [(t) => /^([01]\d|2[0-3]):(00|30)$/.test(t), M.pickupTimeInvalid]));

/** How many ride: at least one, at most what the largest vehicle a fleet may have seats. */
export const Passengers = z.number({ error: M.passengers }).int(M.passengers).min(1, M.passengers).max(60, M.passengers);

/** Suitcases the party brings: the vehicle must hold them (left out: none). */
export const Luggage = z.number({ error: M.luggage }).int(M.luggage).min(0, M.luggage).max(BOOKING_LIMITS.luggage, M.luggage);

/** The chosen vehicle (the fleet's id); the spec's client always sends 1. */
export const VehicleChoice = z.number({ error: M.vehicleId }).int(M.vehicleId).positive(M.vehicleId).max(2_147_483_647, M.vehicleId);

/** Step 1 fields, without the rules that tie them together (see `rideChecks`). */
export const RideDetailsFields = z.object({
  tripType: TripTypeField,
  pickupDate: PickupDate,
  pickupTime: PickupTime,
  pickupLocation: requiredText(M.pickupLocationRequired, BOOKING_LIMITS.location, 'Pickup location'),
  dropoffLocation: optionalText(BOOKING_LIMITS.location, 'Drop-off location').optional(),
  duration: hours(HOURLY_DURATION.min, HOURLY_DURATION.max).optional(),
  specialRequests: optionalText(BOOKING_LIMITS.specialRequests, 'Special requests', 'multi-line').optional(),
  waypoints: z
    .array(requiredText('Stop address cannot be empty', BOOKING_LIMITS.location, 'Stop address'))
    .max(BOOKING_LIMITS.waypoints, `At most ${BOOKING_LIMITS.waypoints} stops can be added`)
    .default([]),
  /** Left out by the spec's client: the booking then stores no count (and is seated as one). */
  passengers: Passengers.optional(),
  luggage: Luggage.optional(),
  vehicleId: VehicleChoice.optional(),
  /** The arriving flight of an airport pickup, or the departing flight of a drop-off at an airport ('' or left out: none). */
  flightNumber: FlightNumber.optional(),
});

type RideShape = { tripType?: unknown; pickupLocation?: unknown; dropoffLocation?: unknown; duration?: unknown; flightNumber?: unknown };

/** Run the cross-field rules even when other fields failed, but only on an object at all. */
const onAnyObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

/**
 * A one-way ride needs a drop-off, an hourly ride a duration. Runs even when other fields fail
 * (`when`), so a form shows every error at once.
 */
export function rideChecks<T extends z.ZodType<RideShape>>(schema: T): T {
  return schema
    .check(
      z.refine(
        (ride: RideShape) => ride.tripType !== 'one-way' || (typeof ride.dropoffLocation === 'string' && ride.dropoffLocation.trim() !== ''),
        { error: M.dropoffLocationRequired, path: ['dropoffLocation'], when: onAnyObject },
      ),
    )
    .check(
      z.refine((ride: RideShape) => ride.tripType !== 'hourly' || ride.duration !== undefined, {
        error: M.durationRequired,
        path: ['duration'],
        when: onAnyObject,
      }),
    )
    .check(
      z.refine((ride: RideShape) => !ride.flightNumber || rideTouchesAirport(ride), {
        error: FLIGHT_MESSAGES.notAirport,
        path: ['flightNumber'],
        when: onAnyObject,
      }),
    ) as T;
}

/** Step 1 of the wizard (hours 1-24, so a ride prefilled from the quick form stays valid). */
export const RideDetails = rideChecks(RideDetailsFields.strict());
export type RideDetails = z.infer<typeof RideDetails>;
export type RideDetailsInput = z.input<typeof RideDetails>;

/** The home page's quick booking card: the same rules with its 1-12 hour choice. */
export const QuickRideDetails = rideChecks(
  RideDetailsFields.omit({ specialRequests: true, waypoints: true, vehicleId: true, flightNumber: true, luggage: true })
    .extend({ duration: hours(QUICK_FORM_HOURS.min, QUICK_FORM_HOURS.max).optional() })
    .strict(),
);
export type QuickRideDetails = z.infer<typeof QuickRideDetails>;

const EmailFormat = z.email();

/** Step 2 of the wizard. */
export const ContactDetailsFields = z.object({
  firstName: requiredText(M.firstName, BOOKING_LIMITS.name, 'First name'),
  lastName: requiredText(M.lastName, BOOKING_LIMITS.name, 'Last name'),
  email: z
    .string({ error: M.email })
    .trim()
    .check(noControlCharacters('Email'))
    .superRefine(firstBroken([atMost(BOOKING_LIMITS.email), M.email], [(email) => EmailFormat.safeParse(email).success, M.email])),
  phone: phoneNumber(M.phone, BOOKING_LIMITS.phone),
  smsUpdates: z.boolean().default(false),
  meetGreet: z.boolean().default(false),
  childSeats: z.boolean().default(false),
});
export const ContactDetails = ContactDetailsFields.strict();
export type ContactDetails = z.infer<typeof ContactDetails>;
export type ContactDetailsInput = z.input<typeof ContactDetails>;

/** A price string as a browser sends it. Accepted for compatibility, never trusted or stored. */
const ClientPrice = z.string().check(noControlCharacters('Price')).max(32, 'Price strings must be at most 32 characters').optional();

/**
 * `POST /api/bookings`: the wizard's payload (spec section 3). dropoffLocation is '' when there is
 * none; duration is the hours for hourly rides and 1 otherwise. Added to the spec's payload:
 * `passengers` (left out by the spec's client: stored as not asked), `luggage` (left out: none) and
 * the chosen `vehicleId`.
 */
export const BookingRequestFields = RideDetailsFields.extend(ContactDetailsFields.shape).extend({
  vehicleId: VehicleChoice.default(1),
  paymentMethod: PaymentMethod.default(PAYMENT_METHOD),
  /** The offer the browser showed (its code). Like the price strings: accepted, never trusted. */
  offer: z.string().check(noControlCharacters('Offer')).max(40, 'Offer must be at most 40 characters').optional(),
  baseRate: ClientPrice,
  serviceFee: ClientPrice,
  gratuity: ClientPrice,
  totalAmount: ClientPrice,
  /**
   * Optional addition: the free ride and credit the signed-in customer's quote showed. Reserved
   * exactly as claimed (409 when they were spent meanwhile); ignored fields of the price aside,
   * the one part of the browser's figures the server acts on, since it never adds to the price.
   */
  benefits: BenefitsClaim.optional(),
  /** Optional addition: the Refer & Fly code of the link the customer came by (`/r/<code>`). */
  referralCode: ReferralCode.optional(),
  /**
   * Optional addition: a booker's booking for their company (issue 37). The contact fields are
   * then the passenger's name and phone, and the email the booker's own.
   */
  company: CompanyClaim.optional(),
});
export const BookingRequest = rideChecks(BookingRequestFields.strict());
export type BookingRequest = z.infer<typeof BookingRequest>;
/** What business accounts added: left out of the previous version's payload. */
const COMPANY_FIELDS = { company: true } as const;
/** The payload before business accounts: served while gateways of the previous release may send it. */
export const BookingRequestV4 = rideChecks(BookingRequestFields.omit(COMPANY_FIELDS).strict());
/** What the accounts added (benefits, referral code): left out of the earlier versions' payloads. */
const ACCOUNT_FIELDS = { benefits: true, referralCode: true, ...COMPANY_FIELDS } as const;
/** The payload before accounts: served while gateways of the previous release may send it. */
export const BookingRequestV3 = rideChecks(BookingRequestFields.omit(ACCOUNT_FIELDS).strict());
/** The payload before luggage: served while gateways of releases before may send it. */
export const BookingRequestV2 = rideChecks(BookingRequestFields.omit({ ...ACCOUNT_FIELDS, luggage: true }).strict());
/** The payload before flight numbers: served while gateways of releases before may send it. */
export const BookingRequestV1 = rideChecks(BookingRequestFields.omit({ ...ACCOUNT_FIELDS, flightNumber: true, luggage: true }).strict());
export type BookingRequestInput = z.input<typeof BookingRequest>;

const Instant = z.iso.datetime({ offset: true });

/** A stored booking with every field of spec section 3, its reference and its locked quote. */
export const Booking = z.object({
  id: z.number().int().positive(),
  /** Short human code quoted on the phone, e.g. LX-7K3Q9. */
  reference: z.string(),
  /** Grows by one with every change; the events carry it too. */
  version: z.number().int().positive(),
  customerId: z.number().int().nullable(),
  tripType: TripType,
  pickupDate: z.string(),
  pickupTime: z.string(),
  pickupLocation: z.string(),
  dropoffLocation: z.string().nullable(),
  waypoints: z.array(z.string()),
  duration: z.number().int().nullable(),
  specialRequests: z.string().nullable(),
  /** How many ride (null for bookings made before the form asked). */
  passengers: z.number().int().nullable(),
  /** Suitcases the party brings (0: none declared); absent from a previous release's service. */
  luggage: z.number().int().nonnegative().optional(),
  vehicleId: z.number().int().nullable(),
  driverId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  paymentMethod: z.string(),
  smsUpdates: z.boolean(),
  meetGreet: z.boolean(),
  childSeats: z.boolean(),
  /** The ride's flight ("UA 1542"), arriving or departing as flightDirection says; null when none was given. */
  flightNumber: z.string().nullable().optional(),
  /** An arriving flight as the flight poll last saw it: its status and arrival (null until first asked). */
  flightStatus: z.string().nullable().optional(),
  flightArrival: Instant.nullable().optional(),
  /** The admin pinned the pickup time: the arriving flight no longer moves it. */
  pickupPinned: z.boolean().optional(),
  /** The arriving flight's open alert for the admin (at risk, unknown flight, no fresh status); null when none. */
  flightAlert: FlightAlert.nullable().optional(),
  baseRate: Money,
  serviceFee: Money,
  gratuity: Money,
  totalAmount: Money,
  driverEarnings: Money.nullable(),
  /** The itemised quote stored with the booking (base, add-ons, fee, gratuity, total). */
  price: PriceQuote,
  adminNotes: z.string().nullable(),
  status: BookingStatus,
  assignedAt: Instant.nullable(),
  responseDeadline: Instant.nullable(),
  driverResponse: DriverResponse.nullable(),
  respondedAt: Instant.nullable(),
  startedAt: Instant.nullable(),
  completedAt: Instant.nullable(),
  driverStatus: DriverStatus.nullable(),
  pickedUpAt: Instant.nullable(),
  halfwayAt: Instant.nullable(),
  twoMilesAt: Instant.nullable(),
  droppedOffAt: Instant.nullable(),
  /** When the driver reported "Arrived" at the pickup, and the wait measured at the pickup. */
  arrivedAt: Instant.nullable().optional(),
  wait: MeasuredWait.nullable().optional(),
  /** The final price, once the ride is completed (quote + wait + extras), and its review. */
  settlement: Settlement.nullable().optional(),
  currentLocation: z.string().nullable(),
  estimatedArrival: Instant.nullable(),
  createdAt: Instant,
  updatedAt: Instant,
  /** Roundtrip Relax: the trip reference both legs share, which leg this is, and the other leg's id. */
  tripReference: z.string().nullable().optional(),
  tripLeg: z.enum(['outbound', 'return']).nullable().optional(),
  linkedBookingId: z.number().int().positive().nullable().optional(),
  /** Optional addition: the Refer & Fly code the booking was made through. */
  referralCode: z.string().nullable().optional(),
  /** Optional addition: the free ride and credit held for it in the customers service (its reservation). */
  benefitsReservationId: z.uuid().nullable().optional(),
  /** Optional addition: the company a booker booked it for (null for a customer's own), its name then, and the month's transfer held for it. */
  companyId: z.number().int().positive().nullable().optional(),
  companyName: z.string().nullable().optional(),
  transferReservationId: z.uuid().nullable().optional(),
});
export type Booking = z.infer<typeof Booking>;

/** `GET /api/bookings/pending`: the spec's pending-request read shape (plus the reference). */
export const PendingBookingRequest = z.object({
  id: z.number().int().positive(),
  reference: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhone: z.string(),
  pickupLocation: z.string(),
  dropoffLocation: z.string().nullable(),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  /** The vehicle's name from the fleet; null when the fleet cannot say. */
  vehicleType: z.string().nullable(),
  /** Null for bookings made before the form asked. */
  passengers: z.number().int().nullable(),
  createdAt: Instant,
  status: BookingStatus,
  totalAmount: Money,
  tripType: TripType,
  duration: z.number().int().nullable(),
  vehicleId: z.number().int().nullable(),
  /** The driver the ride is with, while they have yet to answer (`driverResponse: pending`). */
  driverId: z.number().int().nullable(),
  driverResponse: DriverResponse.nullable(),
  assignedAt: Instant.nullable(),
  responseDeadline: Instant.nullable(),
});
export type PendingBookingRequest = z.infer<typeof PendingBookingRequest>;

/** The ride fields an admin may change in the booking dialog (the server re-prices the booking). */
export const RIDE_EDIT_FIELDS = ['tripType', 'pickupDate', 'pickupTime', 'pickupLocation', 'dropoffLocation', 'duration', 'passengers', 'vehicleId'] as const;

/**
 * `PATCH /api/bookings/{id}`: what the admin's booking dialog saves: status and notes (the
 * spec's), the reason for a status change, and the ride itself. `version` is the booking's version as read: a booking changed
 * since is refused (409) rather than overwritten.
 */
const BookingChanges = z.object({
  adminNotes: z
    .string()
    .check(noControlCharacters('Admin notes', 'multi-line'))
    .max(BOOKING_LIMITS.adminNotes, `Admin notes must be at most ${BOOKING_LIMITS.adminNotes} characters`)
    .nullable()
    .optional(),
  status: z.enum(BookingStatus.options, { error: M.status }).optional(),
  version: z.number({ error: M.version }).int(M.version).positive(M.version).max(2_147_483_647, M.version).optional(),
  tripType: TripTypeField.optional(),
  pickupDate: PickupDate.optional(),
  pickupTime: PickupTime.optional(),
  pickupLocation: requiredText(M.pickupLocationRequired, BOOKING_LIMITS.location, 'Pickup location').optional(),
  dropoffLocation: optionalText(BOOKING_LIMITS.location, 'Drop-off location').optional(),
  duration: hours(HOURLY_DURATION.min, HOURLY_DURATION.max).optional(),
  passengers: Passengers.optional(),
  vehicleId: VehicleChoice.optional(),
});
const somethingToUpdate = (body: z.infer<typeof BookingChanges>) =>
  body.adminNotes !== undefined || body.status !== undefined || RIDE_EDIT_FIELDS.some((field) => body[field] !== undefined);

/** What a signed-in customer may change on their booking (`PATCH /api/account/bookings/{id}`): the ride, re-quoted; not its trip type or hours. */
export const CUSTOMER_CHANGE_FIELDS = ['pickupDate', 'pickupTime', 'pickupLocation', 'dropoffLocation', 'passengers', 'luggage', 'vehicleId'] as const;
export const CustomerChangeRequest = BookingChanges.pick({ pickupDate: true, pickupTime: true, pickupLocation: true, dropoffLocation: true, passengers: true, vehicleId: true })
  .extend({ luggage: Luggage.optional() })
  .strict()
  .refine((body) => CUSTOMER_CHANGE_FIELDS.some((field) => body[field] !== undefined), 'Nothing to change: send a new date, time, place, passengers, luggage or vehicle');
export type CustomerChangeRequest = z.infer<typeof CustomerChangeRequest>;

/** The changes as booking.bookings.update.v1 carries them (before `statusReason`), for the previous release's gateways. */
export const UpdateBookingRequestV1 = BookingChanges.strict().refine(somethingToUpdate, M.nothingToUpdate);

const BookingChangesV2 = BookingChanges.extend({
  /** Why the admin moves the status by hand, kept in the timeline; required for a ride its driver has accepted. */
  statusReason: optionalText(BOOKING_LIMITS.statusReason, 'Status reason').optional(),
});
const reasonWithStatus = (body: { statusReason?: string; status?: unknown }) => body.statusReason === undefined || body.status !== undefined;

/** The changes as booking.bookings.update.v2 carries them (before `pickupPinned`), for the previous release's gateways. */
export const UpdateBookingRequestV2 = BookingChangesV2.strict().refine(somethingToUpdate, M.nothingToUpdate).refine(reasonWithStatus, M.statusReasonWithoutStatus);

export const UpdateBookingRequest = BookingChangesV2.extend({
  /** Pins the pickup time: the arriving flight no longer moves it (false: it follows the flight again). */
  pickupPinned: z.boolean({ error: 'pickupPinned must be true or false' }).optional(),
  /** The ride's flight as the admin corrects it ('': none); only for a ride that, as edited, starts or ends at an airport. */
  flightNumber: FlightNumber.optional(),
})
  .strict()
  .refine((body) => somethingToUpdate(body) || body.pickupPinned !== undefined || body.flightNumber !== undefined, M.nothingToUpdate)
  .refine(reasonWithStatus, M.statusReasonWithoutStatus);
export type UpdateBookingRequest = z.infer<typeof UpdateBookingRequest>;

/**
 * An admin who moves the status of a ride its driver has accepted overrides what the driver
 * reports (a ride started before its window, completed for them): `statusReason` says why, in the
 * timeline. An offer not yet answered is simply withdrawn by such a change, as by Withdraw.
 */
export const needsStatusReason = (booking: { driverId: number | null; driverResponse: string | null; status: string }, status: string | undefined) =>
  booking.driverId !== null && booking.driverResponse === 'accepted' && status !== undefined && status !== booking.status;

/** A booking id in a path. */
export const BookingId = wholeNumberText(1, 2_147_483_647, M.bookingId);

/** The Idempotency-Key header: retries with the same key and body create one booking. */
export const IdempotencyKey = z
  .string()
  .min(1, M.idempotencyKey)
  .max(255, M.idempotencyKey)
  .regex(/^[\x21-\x7e]+$/, M.idempotencyKey);

/** One answer of `GET /api/address-autocomplete` (spec section 3), with coordinates when known. */
export const AddressSuggestion = z.object({
  id: z.string(),
  address: z.string(),
  display_name: z.string(),
  lat: z.number().optional(),
  lon: z.number().optional(),
});
export type AddressSuggestion = z.infer<typeof AddressSuggestion>;

export const AddressQuery = z
  .object({
    q: z.string().check(noControlCharacters('Search text')).max(200, 'Search text must be at most 200 characters').default(''),
  })
  .strict();


const FilterDate = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`)
    .optional();

/**
 * The admin bookings list's filters: status, a range of pickup dates (Los Angeles calendar,
 * both ends included; "today" and "next 7 days" are ranges) and a search of the reference, the
 * customer's name, email or phone (digits match however the phone was written).
 */
export const BookingFilters = z.object({
  status: z.enum(BookingStatus.options, { error: M.status }).optional(),
  from: FilterDate('from'),
  to: FilterDate('to'),
  q: z.string().trim().check(noControlCharacters('Search text')).max(100, 'Search text must be at most 100 characters').optional(),
});
export type BookingFilters = z.infer<typeof BookingFilters>;

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 5000';

/**
 * Query of the admin lists (`GET /api/bookings`, `/api/admin/bookings`, `/api/bookings/pending`):
 * the spec's client sends none and gets up to 1000 bookings; `limit` (up to 5000) and `cursor`
 * (from the X-Next-Cursor header of the previous answer) page further. The pending list takes
 * only these; the bookings lists also take the filters (BookingListQuery). Unknown parameters
 * are refused.
 */
export const BookingPageQuery = z
  .object({
    limit: wholeNumberText(1, 5000, LIMIT_MESSAGE).default(1000),
    // Bounded like every id: a cursor beyond Postgres's int4 was a 500 from the database.
    cursor: wholeNumberText(1, 2_147_483_647, 'cursor must be a booking id').optional(),
  })
  .strict();
export type BookingPageQuery = z.infer<typeof BookingPageQuery>;

export const BookingListQuery = BookingFilters.extend(BookingPageQuery.shape)
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'from must not be after to', path: ['from'] });
export type BookingListQuery = z.infer<typeof BookingListQuery>;

/** decimal(10,8) latitude and decimal(11,8) longitude, carried as exact strings. */
const Latitude = z.string().regex(/^-?\d{1,2}(\.\d{1,8})?$/);
const Longitude = z.string().regex(/^-?\d{1,3}(\.\d{1,8})?$/);

/**
 * The spec's Customer entity. Booking needs no account: a booking carries the contact fields
 * itself, and this shape is what a customer record holds where one is kept.
 */
export const Customer = z.object({
  id: z.number().int().positive(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.email(),
  phone: z.string().min(10),
  currentLatitude: Latitude.nullable(),
  currentLongitude: Longitude.nullable(),
  lastLocationUpdate: Instant.nullable(),
  locationPermissionGranted: z.boolean().default(false),
  createdAt: Instant,
});
export type Customer = z.infer<typeof Customer>;


import { z } from 'zod';
import { Money } from '../common/money.js';
import { noControlCharacters } from '../common/text-rule.js';
import { FlightNumber } from './flight.js';
import { FLIGHT_MESSAGES, rideTouchesAirport } from './flight-rules.js';
import { Booking, BookingRequestFields, PickupDate, PickupTime, rideChecks, RideDetailsFields } from './http.js';
import { BOOKING_LIMITS } from './limits.js';
import { PriceQuote } from './quote.js';
import { RETURN_TRIP_MESSAGES } from './round-trip-rules.js';

export { RETURN_TRIP_MESSAGES, ROUND_TRIP } from './round-trip-rules.js';

/** The return leg as priced: its date and time, and its pickup (the outbound drop-off when left out). */
const ReturnLeg = z.object({
  pickupDate: PickupDate,
  pickupTime: PickupTime,
  pickupLocation: z.string().trim().check(noControlCharacters('Return pickup')).max(BOOKING_LIMITS.location, `Return pickup must be at most ${BOOKING_LIMITS.location} characters`).optional(),
});
/** The return as booked, with its flight: arriving at its pickup airport, or departing from the outbound's pickup airport. */
export const ReturnTrip = ReturnLeg.extend({ flightNumber: FlightNumber.optional() }).strict();
export type ReturnTrip = z.infer<typeof ReturnTrip>;
/** A flight does not change a price: quotes take the return without it. */
const QuotedReturn = ReturnLeg.strict();

type WithReturn = { pickupLocation?: unknown; dropoffLocation?: unknown; returnTrip?: { pickupLocation?: string; flightNumber?: string } };

/** The return leg as a one-way ride: from its pickup (the outbound drop-off when left out) back to the outbound pickup. */
const returnLegEnds = (ride: WithReturn) => ({
  tripType: 'one-way',
  pickupLocation: ride.returnTrip?.pickupLocation || ride.dropoffLocation,
  dropoffLocation: ride.pickupLocation,
});

/** A return's flight only when the return leg starts or ends at an airport. */
const returnFlightFits = (ride: WithReturn) => !ride.returnTrip?.flightNumber || rideTouchesAirport(returnLegEnds(ride));
const RETURN_FLIGHT = { error: FLIGHT_MESSAGES.notAirport, path: ['returnTrip', 'flightNumber'] };

/**
 * `POST /api/quotes`: the ride as the wizard has it, no account, no contact details. Prices are
 * the server's: a payload carrying its own price or discount is refused (strict).
 */
const QuoteFields = RideDetailsFields.pick({ tripType: true, pickupDate: true, pickupTime: true, pickupLocation: true, dropoffLocation: true, duration: true, passengers: true, vehicleId: true }).extend({
  meetGreet: z.boolean().default(false),
  childSeats: z.boolean().default(false),
  returnTrip: QuotedReturn.optional(),
});
const oneWayReturn = <T extends z.ZodType<{ tripType: string; returnTrip?: unknown }>>(schema: T) =>
  schema.refine((ride) => !ride.returnTrip || ride.tripType === 'one-way', { error: RETURN_TRIP_MESSAGES.oneWayOnly, path: ['returnTrip'] });
export const QuoteRequest = oneWayReturn(rideChecks(QuoteFields.strict()));
export type QuoteRequest = z.infer<typeof QuoteRequest>;
export type QuoteRequestInput = z.input<typeof QuoteRequest>;

/**
 * `POST /api/quotes`'s body: the ride, and the booking's email as typed so far. A signed-in
 * customer's free ride and credit go on bookings made with their account's email only, so a quote
 * for another email is made without them (it is only compared, never kept: any text).
 */
export const QuoteQuery = oneWayReturn(
  rideChecks(
    QuoteFields.extend({
      email: z.string().trim().toLowerCase().check(noControlCharacters('Email')).max(254, 'Email must be at most 254 characters').optional(),
      /** A signed-in booker's quote for their company (issue 37): the ride on the month's transfers, or billed to it. */
      companyId: z.number().int().positive().optional(),
    }).strict(),
  ),
);
export type QuoteQuery = z.infer<typeof QuoteQuery>;
export type QuoteQueryInput = z.input<typeof QuoteQuery>;

/** The booking wizard's first step: the ride, and its return when it is booked as a round trip. */
export const RoundTripRideDetails = rideChecks(RideDetailsFields.extend({ returnTrip: ReturnTrip.optional() }).strict())
  .refine((ride) => !ride.returnTrip || ride.tripType === 'one-way', { error: RETURN_TRIP_MESSAGES.oneWayOnly, path: ['returnTrip'] })
  .refine(returnFlightFits, RETURN_FLIGHT);
export type RoundTripRideDetails = z.infer<typeof RoundTripRideDetails>;
export type RoundTripRideDetailsInput = z.input<typeof RoundTripRideDetails>;

/** One vehicle's price for the ride (and its return), beside it in the wizard's vehicle choice. */
export const VehiclePrice = z.object({ vehicleId: z.number().int().positive(), total: Money, toBeConfirmed: z.boolean() });
export type VehiclePrice = z.infer<typeof VehiclePrice>;

/** The server's quote: the chosen vehicle's itemised quote, the return leg's, and every vehicle's total. */
export const QuoteResponse = z.object({
  vehicleId: z.number().int().positive(),
  quote: PriceQuote,
  returnQuote: PriceQuote.nullable(),
  /** Both legs together, for a round trip. */
  tripTotal: Money,
  vehicles: z.array(VehiclePrice),
});
export type QuoteResponse = z.infer<typeof QuoteResponse>;

/** `POST /api/bookings` with a return: the wizard's payload and the return leg (two linked bookings). */
export const TripRequest = rideChecks(BookingRequestFields.extend({ returnTrip: ReturnTrip.optional() }).strict())
  .refine((ride) => !ride.returnTrip || ride.tripType === 'one-way', { error: RETURN_TRIP_MESSAGES.oneWayOnly, path: ['returnTrip'] })
  .refine(returnFlightFits, RETURN_FLIGHT);
export type TripRequest = z.infer<typeof TripRequest>;
/** What business accounts added: left out of the previous version's payload. */
const COMPANY_FIELDS = { company: true } as const;
/** The round trip before business accounts: served while gateways of the previous release may send it. */
export const TripRequestV4 = rideChecks(BookingRequestFields.omit(COMPANY_FIELDS).extend({ returnTrip: ReturnTrip.optional() }).strict())
  .refine((ride) => !ride.returnTrip || ride.tripType === 'one-way', { error: RETURN_TRIP_MESSAGES.oneWayOnly, path: ['returnTrip'] })
  .refine(returnFlightFits, RETURN_FLIGHT);
/** What the accounts added (benefits, referral code): left out of the earlier versions' payloads. */
const ACCOUNT_FIELDS = { benefits: true, referralCode: true, ...COMPANY_FIELDS } as const;
/** The round trip before accounts: served while gateways of the previous release may send it. */
export const TripRequestV3 = rideChecks(BookingRequestFields.omit(ACCOUNT_FIELDS).extend({ returnTrip: ReturnTrip.optional() }).strict())
  .refine((ride) => !ride.returnTrip || ride.tripType === 'one-way', { error: RETURN_TRIP_MESSAGES.oneWayOnly, path: ['returnTrip'] })
  .refine(returnFlightFits, RETURN_FLIGHT);
/** The round trip before luggage: served while gateways of releases before may send it. */
export const TripRequestV2 = rideChecks(BookingRequestFields.omit({ ...ACCOUNT_FIELDS, luggage: true }).extend({ returnTrip: ReturnTrip.optional() }).strict())
  .refine((ride) => !ride.returnTrip || ride.tripType === 'one-way', { error: RETURN_TRIP_MESSAGES.oneWayOnly, path: ['returnTrip'] })
  .refine(returnFlightFits, RETURN_FLIGHT);
/** The round trip before flight numbers: served while gateways of releases before may send it. */
export const TripRequestV1 = rideChecks(BookingRequestFields.omit({ ...ACCOUNT_FIELDS, flightNumber: true, luggage: true }).extend({ returnTrip: QuotedReturn.optional() }).strict()).refine(
  (ride) => !ride.returnTrip || ride.tripType === 'one-way',
  { error: RETURN_TRIP_MESSAGES.oneWayOnly, path: ['returnTrip'] },
);
export type TripRequestInput = z.input<typeof TripRequest>;

/** A round trip booked: the outbound and the return, one reference each and the trip's. */
export const CreateTripResult = z.object({
  booking: Booking,
  returnBooking: Booking,
  tripReference: z.string(),
  replayed: z.boolean(),
});
export type CreateTripResult = z.infer<typeof CreateTripResult>;

import { z } from 'zod';
import { noControlCharacters } from '../common/text-rule.js';
import { AccountEmail } from '../customers/account.js';
import { DriverStatus } from './dispatch.js';
import { CustomerChangeRequest } from './http.js';
import { Settlement } from './settlement.js';
import { PriceQuote } from './quote.js';
import { BookingStatus, TripType } from './values.js';

/*
 * Self-service (issue 13): a customer finds their booking with its reference and the email or
 * phone it was made with (or the signed link from their email), sees it, and cancels it up to
 * CANCEL_CUTOFF_HOURS before pickup.
 */

export const SELF_SERVICE_MESSAGES = {
  /** The same answer for an unknown reference and a wrong contact: nobody learns which references exist. */
  noMatch: 'No booking matches these details',
  reference: 'Reference is required',
  contact: 'Email or phone is required',
  detailsOrLink: 'Give the booking reference with its email or phone, or the link from your email',
  notCancellable: 'This booking can no longer be cancelled online',
  notChangeable: 'This booking can no longer be changed online',
} as const;

/** A change asked after the cancel cutoff (409): the same rule as cancelling. */
export const tooLateToChange = (hours: number, phone: string) =>
  `Changes online are possible up to ${hours} hours before pickup. Please call ${phone}.`;

/** A ride a chauffeur is assigned to keeps its time, places and vehicle: the operator re-plans it by phone (409). */
export const chauffeurAssigned = (phone: string) =>
  `A chauffeur is already assigned to this ride: to change its time, places or vehicle, please call ${phone}. Passengers and luggage can still be changed here.`;

/** A round trip's leg keeps its time and places online (the two legs are priced and timed together) (409). */
export const roundTripLegFixed = (tripReference: string, phone: string) =>
  `This ride is a leg of round trip ${tripReference}: to change its time or places, please call ${phone}, or cancel it and book again. Passengers, luggage and vehicle can be changed here.`;

/** 'Cancellation online is possible up to 24 hours before pickup. Please call (310) 555-0142.' */
export const tooLateToCancel = (hours: number, phone: string) =>
  `Cancellation online is possible up to ${hours} hours before pickup. Please call ${phone}.`;

/** Cancelling both legs of a round trip when the other one can no longer be cancelled online (409, nothing cancelled). */
export const otherLegNotCancellable = (leg: 'outbound' | 'return', reference: string, phone: string) =>
  `The ${leg} ${reference} can no longer be cancelled online: cancel this ride alone, or call ${phone}.`;

const M = SELF_SERVICE_MESSAGES;

const Reference = z
  .string({ error: M.reference })
  .trim()
  .toUpperCase()
  .check(noControlCharacters('Reference'))
  .min(1, M.reference)
  .max(20, 'Reference must be at most 20 characters');
const Contact = z
  .string({ error: M.contact })
  .trim()
  .check(noControlCharacters('Email or phone'))
  .min(1, M.contact)
  .max(254, 'Email or phone must be at most 254 characters');

/** The manage page's form: the reference and the email or phone the booking was made with. */
export const ManageBookingDetails = z.object({ reference: Reference, contact: Contact }).strict();
export type ManageBookingDetails = z.infer<typeof ManageBookingDetails>;

/** `POST /api/bookings/lookup` and `/cancel`: `{reference, contact}`, or `{token}` from the email's link. */
export const ManageBookingRequest = z
  .object({
    reference: Reference.optional(),
    contact: Contact.optional(),
    token: z.string().check(noControlCharacters('Link')).max(512, 'The link is not valid').optional(),
    /** Cancelling one leg of a round trip: cancel the other leg too (only on /cancel). */
    alsoOtherLeg: z.boolean().optional(),
  })
  .strict()
  .refine((body) => body.token !== undefined || (body.reference !== undefined && body.contact !== undefined), M.detailsOrLink);
export type ManageBookingRequest = z.infer<typeof ManageBookingRequest>;

/** How the booking service is told which booking: the customer's details, or an id the gateway read from a signed link. */
export const CustomerBookingKey = z.union([
  z.object({ reference: Reference, contact: Contact }).strict(),
  z.object({ bookingId: z.number().int().positive().max(2_147_483_647) }).strict(),
]);
export type CustomerBookingKey = z.infer<typeof CustomerBookingKey>;

const Instant = z.iso.datetime({ offset: true });

/** A booking as its customer may see it: no admin notes, no driver's phone or earnings. */
export const CustomerBookingView = z.object({
  reference: z.string(),
  status: BookingStatus,
  tripType: TripType,
  pickupDate: z.string(),
  pickupTime: z.string(),
  pickupAt: Instant,
  pickupLocation: z.string(),
  dropoffLocation: z.string().nullable(),
  waypoints: z.array(z.string()),
  duration: z.number().int().nullable(),
  passengers: z.number().int().nullable(),
  /** Suitcases the party brings; absent from a previous release's service. */
  luggage: z.number().int().nonnegative().optional(),
  /** The ride's flight ("UA 1542"); absent from a previous release's service. */
  flightNumber: z.string().nullable().optional(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  smsUpdates: z.boolean(),
  meetGreet: z.boolean(),
  childSeats: z.boolean(),
  specialRequests: z.string().nullable(),
  price: PriceQuote,
  vehicleName: z.string().nullable(),
  /** The vehicle's id (the account's change and Book again); absent from a previous release's service. */
  vehicleId: z.number().int().nullable().optional(),
  /** The chauffeur's first name once one has accepted the ride. */
  chauffeurFirstName: z.string().nullable(),
  driverStatus: DriverStatus.nullable(),
  /** Whether the customer can still cancel online, and until when. */
  canCancel: z.boolean(),
  cancelCutoffAt: Instant,
  cancelCutoffHours: z.number().int(),
  /** A round trip's leg: the trip reference, which leg this is, and the other leg. */
  /** The final price once the ride was settled and reviewed (the receipt's); null before. Absent from a previous release's service. */
  settlement: Settlement.nullable().optional(),
  trip: z
    .object({
      reference: z.string(),
      leg: z.enum(['outbound', 'return']),
      other: z.object({
        reference: z.string(),
        status: BookingStatus,
        pickupDate: z.string(),
        pickupTime: z.string(),
        pickupAt: Instant,
        pickupLocation: z.string(),
        dropoffLocation: z.string().nullable(),
        total: z.string(),
        canCancel: z.boolean(),
      }),
    })
    .nullable()
    .optional(),
});
export type CustomerBookingView = z.infer<typeof CustomerBookingView>;

/** Cancelling online (v2): the booking, and for a round trip's leg whether the other leg goes too. */
export const CustomerCancel = z.object({ key: CustomerBookingKey, alsoOtherLeg: z.boolean().default(false) }).strict();
export type CustomerCancel = z.infer<typeof CustomerCancel>;

/** A signed-in customer changes their booking: the session's email (the booking service checks it is the booking's, else 404). */
export const CustomerChange = z.object({ email: AccountEmail, bookingId: z.number().int().positive().max(2_147_483_647), changes: CustomerChangeRequest }).strict();
export type CustomerChange = z.infer<typeof CustomerChange>;

/** The change's price before it is confirmed: the booking's quote as it stands and as it would be. */
export const CustomerChangeQuote = z.object({ previous: PriceQuote, price: PriceQuote });
export type CustomerChangeQuote = z.infer<typeof CustomerChangeQuote>;

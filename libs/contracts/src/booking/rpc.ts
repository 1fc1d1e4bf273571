import { z } from 'zod';
import { defineRpc } from '../common/messages.js';
import { AccountEmail, EmailBooking } from '../customers/account.js';
import { noControlCharacters } from '../common/text-rule.js';
import { AddressSuggestion, Booking, BookingFilters, IdempotencyKey, PendingBookingRequest, BookingRequest, BookingRequestV1, BookingRequestV2, BookingRequestV3, BookingRequestV4, UpdateBookingRequest, UpdateBookingRequestV1, UpdateBookingRequestV2 } from './http.js';
import { BookingSnapshot } from './events.js';
import { FlightDelay, SetFlightDelay } from './flight-delays.js';
import { CustomerBookingKey, CustomerBookingView, CustomerCancel, CustomerChange, CustomerChangeQuote } from './self-service.js';
import { RouteQuery, TrackedRide, TravelEstimate } from './tracking.js';
import { CreateTripResult, QuoteRequest, QuoteResponse, TripRequest, TripRequestV1, TripRequestV2, TripRequestV3, TripRequestV4 } from './quotes.js';
import { CompanyRide, CompanyRidesQuery } from '../customers/companies.js';
import { ReservationHolder, ReservationHoldersQuery } from '../customers/benefits.js';
import { PriceGuide, RateTable, RateTableV1, RatesUpdate, RatesUpdateV1, RatesView, RatesViewV1 } from './rates.js';
import { Actor, Assignment, DriverOption, DriverPosition, DriverRide, DriverStatus, EndedOffer, TimelineEntry, WeekOutlook } from './dispatch.js';
import { RideExtras, SettlementReview } from './settlement.js';
import { BoardRide, DispatchBoardQuery } from './dispatch-board.js';

const Id = z.number().int().positive().max(2_147_483_647);
const DriverCall = z.object({ bookingId: Id, driverId: Id }).strict();
/** Optional addition to quotes and bookings: the signed-in customer (the gateway's session, never the browser's word). */
const SignedInAccount = z.object({ email: AccountEmail }).strict().optional();

export const CreateBookingResult = z.object({
  booking: Booking,
  /** True when an earlier request with the same Idempotency-Key already created it. */
  replayed: z.boolean(),
});
export type CreateBookingResult = z.infer<typeof CreateBookingResult>;

/**
 * Lists travel over NATS a page at a time: a reply must stay under NATS's 1 MB message limit,
 * whatever the number of bookings. The service also cuts a page short by size.
 */
export const BOOKING_PAGE_MAX = 100;
export const BookingPageRequest = z
  .object({
    cursor: Id.optional(),
    limit: z.number().int().min(1).max(BOOKING_PAGE_MAX).default(BOOKING_PAGE_MAX),
  })
  .strict();
export type BookingPageRequest = z.infer<typeof BookingPageRequest>;
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.number().int().nullable() });

export const bookingRpc = {
  create: defineRpc(
    'booking.bookings.create.v5',
    z.object({ booking: BookingRequest, idempotencyKey: IdempotencyKey.optional(), account: SignedInAccount }).strict(),
    CreateBookingResult,
  ),
  /** v4 (no company) stays answered for gateways of the previous release. */
  createV4: defineRpc(
    'booking.bookings.create.v4',
    z.object({ booking: BookingRequestV4, idempotencyKey: IdempotencyKey.optional(), account: SignedInAccount }).strict(),
    CreateBookingResult,
  ),
  /** v3 (no account) stays answered for gateways of the previous release. */
  createV3: defineRpc(
    'booking.bookings.create.v3',
    z.object({ booking: BookingRequestV3, idempotencyKey: IdempotencyKey.optional() }).strict(),
    CreateBookingResult,
  ),
  /** v2 (no luggage) stays answered for gateways of releases before. */
  createV2: defineRpc(
    'booking.bookings.create.v2',
    z.object({ booking: BookingRequestV2, idempotencyKey: IdempotencyKey.optional() }).strict(),
    CreateBookingResult,
  ),
  /** v1 (no flight number) stays answered for gateways of releases before. */
  createV1: defineRpc(
    'booking.bookings.create.v1',
    z.object({ booking: BookingRequestV1, idempotencyKey: IdempotencyKey.optional() }).strict(),
    CreateBookingResult,
  ),
  /** A round trip: both legs stored together, or neither. */
  createTrip: defineRpc('booking.trips.create.v5', z.object({ booking: TripRequest, idempotencyKey: IdempotencyKey.optional(), account: SignedInAccount }).strict(), CreateTripResult),
  /** v4 (no company) stays answered for gateways of the previous release. */
  createTripV4: defineRpc('booking.trips.create.v4', z.object({ booking: TripRequestV4, idempotencyKey: IdempotencyKey.optional(), account: SignedInAccount }).strict(), CreateTripResult),
  /** v3 (no account) stays answered for gateways of the previous release. */
  createTripV3: defineRpc('booking.trips.create.v3', z.object({ booking: TripRequestV3, idempotencyKey: IdempotencyKey.optional() }).strict(), CreateTripResult),
  /** v2 (no luggage) stays answered for gateways of releases before. */
  createTripV2: defineRpc('booking.trips.create.v2', z.object({ booking: TripRequestV2, idempotencyKey: IdempotencyKey.optional() }).strict(), CreateTripResult),
  /** v1 (no flight numbers) stays answered for gateways of releases before. */
  createTripV1: defineRpc('booking.trips.create.v1', z.object({ booking: TripRequestV1, idempotencyKey: IdempotencyKey.optional() }).strict(), CreateTripResult),
  /** The server's quote for a ride (and its return), with every vehicle's price. */
  /** `companyId`: a signed-in booker's quote for their company (issue 37), on the month's transfers or billed to it. */
  quote: defineRpc(
    'booking.quotes.create.v3',
    z.object({ ride: QuoteRequest, account: SignedInAccount, companyId: z.number().int().positive().optional() }).strict(),
    QuoteResponse,
  ),
  /** v2 (no company) stays answered for gateways of the previous release. */
  quoteV2: defineRpc('booking.quotes.create.v2', z.object({ ride: QuoteRequest, account: SignedInAccount }).strict(), QuoteResponse),
  /** v1 (no account) stays answered for gateways of the previous release. */
  quoteV1: defineRpc('booking.quotes.create.v1', z.object({ ride: QuoteRequest }).strict(), QuoteResponse),
  /** The rate table in force, the zones it may name and its history. */
  rates: defineRpc('booking.rates.get.v2', z.object({}).strict(), RatesView),
  /** The admin saves a new version of the table (409 when another was saved since `version`). */
  updateRates: defineRpc('booking.rates.update.v2', RatesUpdate.extend({ actor: Actor }).strict(), RatesView),
  /** What a sample ride costs with the table in force and with a draft of it. */
  previewRates: defineRpc(
    'booking.rates.preview.v2',
    z.object({ table: RateTable, ride: QuoteRequest }).strict(),
    z.object({ before: QuoteResponse, after: QuoteResponse }),
  ),
  /** v1 (tables without the drivers' shares) stays answered for gateways of the previous release. */
  ratesV1: defineRpc('booking.rates.get.v1', z.object({}).strict(), RatesViewV1),
  updateRatesV1: defineRpc('booking.rates.update.v1', RatesUpdateV1.extend({ actor: Actor }).strict(), RatesViewV1),
  previewRatesV1: defineRpc(
    'booking.rates.preview.v1',
    z.object({ table: RateTableV1, ride: QuoteRequest }).strict(),
    z.object({ before: QuoteResponse, after: QuoteResponse }),
  ),
  /** Every price the public site shows, from the table in force. */
  priceGuide: defineRpc('booking.rates.guide.v1', z.object({}).strict(), PriceGuide),
  /** Newest first; `cursor` is the id to continue below; only the bookings the filters match. */
  list: defineRpc('booking.bookings.list.v1', BookingPageRequest.extend(BookingFilters.shape).strict(), page(Booking)),
  /** Oldest first (the longest waiting comes first); `cursor` is the id to continue above. */
  listPending: defineRpc('booking.bookings.pending.v1', BookingPageRequest, page(PendingBookingRequest)),
  update: defineRpc(
    'booking.bookings.update.v3',
    z.object({ id: z.number().int().positive(), changes: UpdateBookingRequest, actor: Actor.optional() }).strict(),
    Booking,
  ),
  /** The same before `pickupPinned`: served while gateways of the previous release may call it. */
  updateV2: defineRpc(
    'booking.bookings.update.v2',
    z.object({ id: z.number().int().positive(), changes: UpdateBookingRequestV2, actor: Actor.optional() }).strict(),
    Booking,
  ),
  /** The same before `statusReason`: served while gateways of the previous release may call it. */
  updateV1: defineRpc(
    'booking.bookings.update.v1',
    z.object({ id: z.number().int().positive(), changes: UpdateBookingRequestV1, actor: Actor.optional() }).strict(),
    Booking,
  ),
  suggestAddresses: defineRpc(
    'booking.addresses.suggest.v1',
    z.object({ q: z.string().check(noControlCharacters('Search text')).max(200) }).strict(),
    z.array(AddressSuggestion),
  ),
  /**
   * Paged current state of every booking, in id order, for rebuilding reporting's projections
   * from the source (services talk only over NATS, never through each other's tables). Pages stay
   * at 1000 or fewer so a reply fits NATS's default 1 MB message limit.
   */
  snapshots: defineRpc(
    'booking.bookings.snapshots.v1',
    z
      .object({
        afterId: z.number().int().nonnegative().default(0),
        limit: z.number().int().min(1).max(1000).default(500),
      })
      .strict(),
    z.object({ items: z.array(BookingSnapshot), nextAfterId: z.number().int().nullable() }),
  ),
  /** The booking as its customer may see it (404 'No booking matches these details' for any mismatch). */
  /** A company's rides with pickup in a month (issue 37): its statement's and month view's lines, at most COMPANY_RIDES_MAX. */
  companyRides: defineRpc('booking.companies.rides.v1', CompanyRidesQuery, z.array(CompanyRide)),
  /** Which of these benefits or transfer reservations a stored booking names (the customers service asks before releasing one never bound). */
  reservationHolders: defineRpc('booking.reservations.holders.v1', ReservationHoldersQuery, z.array(ReservationHolder)),
  /** Every booking made with this email (a signed-in customer's account), any status. */
  emailBookings: defineRpc('booking.self-service.by-email.v1', z.object({ email: AccountEmail }).strict(), z.array(EmailBooking)),
  customerView: defineRpc('booking.self-service.view.v1', CustomerBookingKey, CustomerBookingView),
  /** The customer cancels, up to CANCEL_CUTOFF_HOURS before pickup (409 after). */
  customerCancel: defineRpc('booking.self-service.cancel.v2', CustomerCancel, CustomerBookingView),
  /** A signed-in customer's change, re-quoted and not stored: the new price to confirm (404 for another email's booking). */
  customerChangeQuote: defineRpc('booking.self-service.change-quote.v1', CustomerChange, CustomerChangeQuote),
  /** A signed-in customer's change: within the cancel cutoff and the lead time, re-quoted, stored with its timeline line and `updated` event. */
  customerChange: defineRpc('booking.self-service.change.v1', CustomerChange, CustomerBookingView),
  /** v1 (no round trips) stays answered for gateways of the previous release. */
  customerCancelV1: defineRpc('booking.self-service.cancel.v1', CustomerBookingKey, CustomerBookingView),
  /** A ride as its tracking link shows it, with whether the tracking window is open. */
  trackRide: defineRpc('booking.self-service.track.v1', z.object({ bookingId: Id }).strict(), TrackedRide),
  /** How long a car takes from one point to another now (routing service or time-of-day estimate): the tracking page's ETA. */
  travelEstimate: defineRpc('booking.tracking.travel-estimate.v1', RouteQuery, TravelEstimate),
  /** Assigns an on-duty driver (and the vehicle) to a pending ride; the driver has until the deadline to answer. */
  assign: defineRpc(
    'booking.dispatch.assign.v1',
    z.object({ bookingId: Id, driverId: Id, vehicleId: Id.optional(), actor: Actor }).strict(),
    Booking,
  ),
  /** Takes back an unanswered assignment (admin). */
  withdraw: defineRpc('booking.dispatch.withdraw.v1', z.object({ bookingId: Id, actor: Actor }).strict(), Booking),
  /** The assigned driver's answer. */
  respond: defineRpc('booking.dispatch.respond.v1', DriverCall.extend({ answer: z.enum(['accept', 'decline']) }).strict(), DriverRide),
  /** The assigned driver moves the ride forward. */
  progress: defineRpc('booking.dispatch.progress.v2', DriverCall.extend({ driverStatus: DriverStatus, extras: RideExtras.default([]) }).strict(), DriverRide),
  /** v1 (no extras) stays answered for gateways of the previous release. */
  progressV1: defineRpc('booking.dispatch.progress.v1', DriverCall.extend({ driverStatus: DriverStatus }).strict(), DriverRide),
  /** An admin approves a completed ride's final price, or adjusts it with a reason: the receipt goes out. */
  reviewSettlement: defineRpc('booking.dispatch.review-settlement.v1', z.object({ bookingId: Id, review: SettlementReview, actor: Actor }).strict(), Booking),
  /** The driver's rides waiting for an answer, confirmed or in progress, soonest first. */
  driverRides: defineRpc('booking.dispatch.driver-rides.v1', z.object({ driverId: Id }).strict(), z.array(DriverRide)),
  /** Offers to the driver that expired or were withdrawn in the last ENDED_OFFER_HOURS, newest first. */
  endedOffers: defineRpc('booking.dispatch.ended-offers.v1', z.object({ driverId: Id }).strict(), z.array(EndedOffer)),
  /** The driver's rides over the next 7 Los Angeles days, by day. */
  weekOutlook: defineRpc('booking.dispatch.week-outlook.v1', z.object({ driverId: Id }).strict(), WeekOutlook),
  /** A ride's history, oldest first. */
  timeline: defineRpc('booking.dispatch.timeline.v1', z.object({ bookingId: Id }).strict(), z.array(TimelineEntry)),
  /** For the admin's driver dropdown: which of these drivers a ride would overlap. */
  driverOptions: defineRpc(
    'booking.dispatch.driver-options.v2',
    z
      .object({
        bookingId: Id,
        drivers: z.array(z.object({ driverId: Id, name: z.string(), username: z.string(), location: DriverPosition.nullable().default(null) }).strict()).max(1000),
      })
      .strict(),
    z.array(DriverOption),
  ),
  /** v1 (no locations: no distances) stays answered for gateways of the previous release. */
  driverOptionsV1: defineRpc(
    'booking.dispatch.driver-options.v1',
    z.object({ bookingId: Id, drivers: z.array(z.object({ driverId: Id, name: z.string(), username: z.string() })).max(1000) }).strict(),
    z.array(DriverOption),
  ),
  /** The dispatch board's rides: every ride of a Los Angeles day but the cancelled, by pickup, each with its block. */
  dispatchDay: defineRpc('booking.dispatch.day.v1', DispatchBoardQuery, z.object({ rides: z.array(BoardRide) })),
  /** The simulated flight provider's "what if": a flight lands late on a date (admin; 0 clears it). */
  setFlightDelay: defineRpc('booking.flights.set-delay.v1', SetFlightDelay, FlightDelay),
  /** Every assignment in id order, a page at a time (rebuilding reporting's dispatch figures). */
  assignments: defineRpc(
    'booking.dispatch.assignments.v1',
    z.object({ after: z.string().default(''), limit: z.number().int().min(1).max(1000).default(500) }).strict(),
    z.object({
      items: z.array(Assignment.extend({ reference: z.string() })),
      next: z.string().nullable(),
    }),
  ),
};

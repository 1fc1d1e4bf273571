import { z } from 'zod';
import { defineEvent } from '../common/messages.js';
import { Actor, Assignment, DriverStatus, MeasuredWait } from './dispatch.js';
import { Booking } from './http.js';
import { PriceQuote } from './quote.js';
import { BookingStatus } from './values.js';
import { Money } from '../common/money.js';
import { Settlement, SettlementStatus } from './settlement.js';

/**
 * What every booking event carries: the booking's state after the change, enough for the
 * reporting projections. `version` grows by one with every change of the booking, so a
 * consumer can ignore an event older than what it already applied. Taken from `Booking` itself,
 * so the two cannot drift apart.
 */
export const BookingSnapshot = Booking.pick({
  id: true,
  reference: true,
  version: true,
  tripType: true,
  status: true,
  pickupDate: true,
  pickupTime: true,
  pickupLocation: true,
  dropoffLocation: true,
  duration: true,
  vehicleId: true,
  driverId: true,
  firstName: true,
  lastName: true,
  email: true,
  phone: true,
  totalAmount: true,
  createdAt: true,
  updatedAt: true,
  /** Set while the status is `completed`; revenue counts on its Los Angeles day. */
  completedAt: true,
}).extend({
  /**
   * Optional addition: the itemised quote locked to the booking. Its fare, vehicle and offer
   * lines came later, so events written before them still read.
   */
  price: PriceQuote.partial({ fare: true, vehicle: true, offer: true }).optional(),
  /** Optional addition: the customer asked for text messages (the notifications service reads it). */
  smsUpdates: Booking.shape.smsUpdates.optional(),
  // Dispatch's fields, optional so that events written before dispatch still read.
  passengers: Booking.shape.passengers.optional(),
  /** Optional addition: the suitcases declared (the messages name them). */
  luggage: Booking.shape.luggage,
  driverResponse: Booking.shape.driverResponse.optional(),
  driverStatus: Booking.shape.driverStatus.optional(),
  driverEarnings: Booking.shape.driverEarnings.optional(),
  pickedUpAt: Booking.shape.pickedUpAt.optional(),
  /** The pickup instant (pickupDate and pickupTime in Los Angeles). */
  pickupAt: z.iso.datetime({ offset: true }).optional(),
  // Round trips: the legs' shared reference, this leg, and the other leg.
  tripReference: Booking.shape.tripReference,
  tripLeg: Booking.shape.tripLeg,
  linkedBookingId: Booking.shape.linkedBookingId,
  /** Optional addition: the ride's flight (airport rides), for the messages and the flight follower. */
  flightNumber: Booking.shape.flightNumber,
  /** Optional addition: a completed ride's final price (quote + wait + extras); revenue counts it. */
  finalAmount: Money.nullable().optional(),
  settlementStatus: SettlementStatus.nullable().optional(),
  /** Optional addition: the arriving flight's open alert, for the admin's bell (reporting). */
  flightAlert: Booking.shape.flightAlert,
  /** Optional addition: Refer & Fly's code and the benefits' reservation (the customers service reads them). */
  referralCode: Booking.shape.referralCode,
  benefitsReservationId: Booking.shape.benefitsReservationId,
  /** Optional addition: the company a booker booked it for, and the month's transfer held for it (the customers service binds and releases it). */
  companyId: Booking.shape.companyId,
  companyName: Booking.shape.companyName,
  transferReservationId: Booking.shape.transferReservationId,
});
export type BookingSnapshot = z.infer<typeof BookingSnapshot>;

export const BookingStatusChange = z.object({
  booking: BookingSnapshot,
  previousStatus: BookingStatus,
  status: BookingStatus,
});

/** What every dispatch event carries: the booking after the change and the assignment concerned. */
const DispatchChange = z.object({ booking: BookingSnapshot, assignment: Assignment, actor: Actor });

export const bookingEvents = {
  created: defineEvent('booking.booking.created.v1', z.object({ booking: BookingSnapshot })),
  /** Any change that is not a status change (notes, driver, details). */
  updated: defineEvent('booking.booking.updated.v1', z.object({ booking: BookingSnapshot })),
  statusChanged: defineEvent('booking.booking.status-changed.v1', BookingStatusChange),
  /** An admin gave the ride to a driver, who must answer before `assignment.responseDeadline`. */
  rideAssigned: defineEvent('booking.ride.assigned.v1', DispatchChange),
  /** The driver accepted (booking confirmed) or declined (back to pending): `assignment.response`. */
  rideAnswered: defineEvent('booking.ride.answered.v1', DispatchChange),
  /** The deadline passed unanswered: back to pending. */
  assignmentExpired: defineEvent('booking.ride.assignment-expired.v1', DispatchChange),
  /** An admin took an unanswered assignment back. */
  assignmentWithdrawn: defineEvent('booking.ride.assignment-withdrawn.v1', DispatchChange),
  /** The driver moved the ride to `driverStatus` (completed: the booking is completed, earnings set). */
  rideProgressed: defineEvent(
    'booking.ride.progressed.v1',
    z.object({
      booking: BookingSnapshot,
      /** The assignment the driver is working under (null for a ride an admin gave a driver by hand). */
      assignmentId: z.uuid().nullable(),
      driverId: z.number().int().positive(),
      driverStatus: DriverStatus,
      at: z.iso.datetime({ offset: true }),
      /** Set with `completed`: what the driver earns for the ride. */
      driverEarnings: Booking.shape.driverEarnings,
    }),
  ),
  /**
   * An admin reviewed a completed ride's final price: approved it, or adjusted it with a reason.
   * The customer's receipt (a corrected one when `corrected`) goes out from it.
   */
  rideSettled: defineEvent(
    'booking.ride.settled.v1',
    z.object({ booking: BookingSnapshot, settlement: Settlement, wait: MeasuredWait.nullable(), actor: Actor, corrected: z.boolean() }),
  ),
  /** The admin saved a new version of the rate table: quotes and the price guide follow it. */
  ratesChanged: defineEvent(
    'booking.rates.changed.v1',
    z.object({ version: z.number().int().positive(), changedBy: z.string(), summary: z.array(z.string()) }),
  ),
};

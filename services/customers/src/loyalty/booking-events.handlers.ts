import { Controller } from '@nestjs/common';
import { bookingEvents, type BookingSnapshot } from '@limo/contracts';
import { EventConsumer, OnEvent, type EventContext, type EventOf } from '@limo/messaging';
import { BenefitReservations } from '../benefits/benefit-reservations.use-case.js';
import { CompanyTransfers } from '../companies/company-transfers.use-case.js';
import type { CustomersTx } from '../customers.tx.js';
import { ReferAndFly } from '../referrals/refer-and-fly.use-case.js';
import { phoneDigits } from '../referrals/referral-rules.js';
import { CountAirportRides } from './count-airport-rides.use-case.js';

/** Every other change of a booking: each carries the booking's new state, applied alike. */
const BOOKING_CHANGES = [
  bookingEvents.statusChanged,
  bookingEvents.rideAssigned,
  bookingEvents.rideAnswered,
  bookingEvents.assignmentExpired,
  bookingEvents.assignmentWithdrawn,
  bookingEvents.rideProgressed,
  bookingEvents.rideSettled,
] as const;

/** A first version neither completed nor giving a reservation back (cancelled): it counts no ride and settles nothing. */
const changesNothingYet = (booking: BookingSnapshot) =>
  booking.version === 1 && booking.status !== 'completed' && !(booking.status === 'cancelled' && (booking.benefitsReservationId || booking.transferReservationId));

/**
 * Every booking event that carries the booking, applied with its processed-event marker in one
 * transaction (the rate table's events are acknowledged unread): to the punch cards, and, when its
 * version is newer than the booking's last one applied, to the benefits' reservations and Refer &
 * Fly (so a replayed or late event changes nothing there either); and to a company ride's month
 * transfer (bound by the booking, given back when it is cancelled).
 */
@Controller()
@EventConsumer({ durable: 'customers-bookings' })
export class BookingEventsHandlers {
  constructor(
    private readonly rides: CountAirportRides,
    private readonly reservations: BenefitReservations,
    private readonly referAndFly: ReferAndFly,
    private readonly transfers: CompanyTransfers,
  ) {}

  /**
   * Most bookings arrive as a first version that changes nothing yet but its row (not completed,
   * nothing released) and, for a signed-in booking, binding its reservation: both are written
   * together before the batch commits, one statement each for the batch rather than a locked read
   * and writes per booking (`npm run bench bookings`). A newer event of the same booking in the
   * batch applies at once and wins (the insert skips a booking's row; its follow binds first, so
   * the batch's bind finds the reservation bound and leaves it).
   */
  @OnEvent(bookingEvents.created)
  created(event: EventOf<typeof bookingEvents.created>, ctx: EventContext<CustomersTx>) {
    const { booking } = event.data;
    this.notePhone(booking, ctx);
    if (!changesNothingYet(booking)) return this.apply(booking, ctx);
    const transferId = booking.transferReservationId;
    if (transferId) ctx.batch.collect('new-transfers', { reservationId: transferId, bookingId: booking.id }, (all) => this.transfers.bindAll(ctx.tx, all));
    ctx.batch.collect('new-rides', booking, (all) => this.rides.insertNew(ctx.tx, all));
    const reservationId = booking.benefitsReservationId;
    if (reservationId) ctx.batch.collect('new-bindings', { reservationId, bookingId: booking.id }, (all) => this.reservations.bindAll(ctx.tx, all));
  }

  @OnEvent(bookingEvents.updated)
  updated(event: EventOf<typeof bookingEvents.updated>, ctx: EventContext<CustomersTx>) {
    this.notePhone(event.data.booking, ctx);
    return this.apply(event.data.booking, ctx);
  }

  @OnEvent(...BOOKING_CHANGES)
  changed(event: EventOf<(typeof BOOKING_CHANGES)[number]>, ctx: EventContext<CustomersTx>) {
    return this.apply(event.data.booking, ctx);
  }

  /** The phone the booking was made with, for Refer & Fly's own-referral check (the batch's in one statement). */
  private notePhone(booking: BookingSnapshot, ctx: EventContext<CustomersTx>): void {
    ctx.batch.collect('booking-phones', { email: booking.email.toLowerCase(), phone: phoneDigits(booking.phone) }, (all) => this.referAndFly.notePhones(ctx.tx, all));
  }

  private async apply(booking: BookingSnapshot, ctx: EventContext<CustomersTx>): Promise<void> {
    // A company's transfer only moves forward (held, bound, released), so any version may apply, in any order.
    await this.transfers.follow(ctx.tx, booking);
    if (!(await this.rides.apply(ctx.tx, booking))) return;
    await this.reservations.follow(ctx.tx, booking);
    // The company pays for its rides: none is the booker's first ride for Refer & Fly (nor counts on their card, countsForLoyalty).
    if (!booking.companyId) await this.referAndFly.follow(ctx.tx, booking);
  }
}

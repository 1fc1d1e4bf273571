import { Inject, Injectable } from '@nestjs/common';
import {
  chauffeurAssigned,
  rideTouchesAirport,
  roundTripLegFixed,
  SELF_SERVICE_MESSAGES,
  tooLateToChange,
  type Actor,
  type CustomerBookingView,
  type CustomerChange,
  type CustomerChangeQuote,
} from '@limo/contracts';
import { COMPANY } from '@limo/contracts/common/company';
import { badRequest, conflict, notFound } from '@limo/messaging';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../../booking.config.js';
import { PrismaClient, type Booking as BookingRow } from '../../generated/prisma/client.js';
import { FleetVehicles } from '../../fleet/fleet-vehicles.js';
import { QuoteRides } from '../../rates/quote-rides/quote-rides.use-case.js';
import { heldBenefits, heldPlan } from '../../rates/apply-benefits.js';
import { priceOf } from '../../rides/booking.mapper.js';
import { leadTimeProblem, luggageProblem, seatingProblem } from '../../rides/ride-rules.js';
import { ReturnLegAlone } from '../../bookings/round-trip/return-leg-alone.js';
import { UpdateBooking } from '../../bookings/update-booking/update-booking.use-case.js';
import { planRideEdit } from '../../bookings/update-booking/ride-edit.js';
import { CustomerBookings } from '../customer-bookings.js';
import { customerChangeProblem } from './customer-change-rules.js';

const CUSTOMER: Actor = { kind: 'customer', id: null, name: null };

/**
 * A signed-in customer changes their booking (date, time, places, passengers, luggage, vehicle):
 * only a booking made with their email (404 otherwise, as for an unknown one), pending or
 * confirmed, before the cancel cutoff, the new pickup after the lead time. It is re-quoted and
 * stored by the admin's edit (UpdateBooking: the booking's own offers, the timeline line, the
 * `updated` event, the version), pinned to the version these checks read, so a change made
 * meanwhile is a 409 rather than a change the checks never saw. `quote` answers the new price
 * first and writes nothing.
 */
@Injectable()
export class ChangeByCustomer {
  constructor(
    private readonly db: PrismaClient,
    private readonly bookings: CustomerBookings,
    private readonly updateBooking: UpdateBooking,
    private readonly fleet: FleetVehicles,
    private readonly quotes: QuoteRides,
    private readonly returnLeg: ReturnLegAlone,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  async quote(request: CustomerChange): Promise<CustomerChangeQuote> {
    const { row, ride } = await this.plan(request);
    // Priced as the change will store it (UpdateBooking): with the free ride and credit the booking holds.
    const previous = priceOf(row);
    const quoted = await this.quotes.execute({ ...ride, returnLeg: await this.returnLeg.pricedAsReturn(this.db, row) }, row.createdAt, { everyVehicle: false, benefits: heldBenefits(previous), plan: heldPlan(previous) });
    return { previous, price: quoted.quote };
  }

  async execute(request: CustomerChange): Promise<CustomerBookingView> {
    const { row, ride } = await this.plan(request);
    // A ride moved away from the airport has no flight to follow: cleared with it (the admin is asked to clear it; a customer cannot).
    const noFlight = row.flightNumber && !rideTouchesAirport(ride) ? { flightNumber: '' } : {};
    await this.updateBooking.execute({ id: row.id, changes: { ...request.changes, ...noFlight, version: row.version }, actor: CUSTOMER });
    return this.bookings.view(await this.bookings.find({ bookingId: row.id }));
  }

  /** The booking and its ride as changed, or the 4xx that says why the customer cannot make this change online. */
  private async plan({ email, bookingId, changes }: CustomerChange) {
    const row = await this.ownBooking(email, bookingId);
    const check = this.bookings.cancelCheck(row);
    if (check === 'too-late') throw conflict(tooLateToChange(this.config.CANCEL_CUTOFF_HOURS, COMPANY.phone.display));
    if (check !== 'ok') throw conflict(SELF_SERVICE_MESSAGES.notChangeable);
    const refused = customerChangeProblem(row, changes);
    if (refused === 'chauffeur-assigned') throw conflict(chauffeurAssigned(COMPANY.phone.display));
    if (refused === 'round-trip-leg') throw conflict(roundTripLegFixed(row.tripReference ?? row.reference, COMPANY.phone.display));
    const vehicles = await this.fleet.list();
    const edit = planRideEdit(row, changes, vehicles);
    if (edit.kind === 'invalid') throw badRequest(edit.message);
    if (edit.kind === 'none') throw badRequest('Nothing changes: this is the booking as it stands');
    const problem =
      leadTimeProblem(edit.ride, new Date(), this.config.BOOKING_MIN_LEAD_MINUTES) ?? seatingProblem(edit.ride, vehicles) ?? luggageProblem(edit.ride, vehicles);
    if (problem) throw badRequest(problem);
    return { row, ride: edit.ride };
  }

  /** The booking, only when it was made with the signed-in email: another's answers as an unknown one. */
  private async ownBooking(email: string, bookingId: number): Promise<BookingRow> {
    const row = await this.db.booking.findUnique({ where: { id: bookingId } });
    if (!row || row.email.trim().toLowerCase() !== email) throw notFound(SELF_SERVICE_MESSAGES.noMatch);
    return row;
  }
}

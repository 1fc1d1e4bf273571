import { DISPATCH_MESSAGES, fromCents, toCents, type BookingRequest, type BookingStatus, type PriceQuote, type UpdateBookingRequest } from '@limo/contracts';
import type { Booking as BookingRow, Prisma } from '../generated/prisma/client.js';
import { UNSETTLED } from '../rides/settlement.js';

/**
 * The row to store for a wizard payload and the server's own quote (the price strings the
 * browser sent are ignored). Fields that do not apply to the trip type are dropped (the spec's
 * client sends dropoff '' for hourly rides and duration 1 for one-way ones).
 */
export function newBookingData(request: BookingRequest, reference: string, quote: PriceQuote, rateVersion: number): Prisma.BookingCreateInput {
  const hourly = request.tripType === 'hourly';
  const dropoff = request.dropoffLocation?.trim();
  const requests = request.specialRequests?.trim();
  return {
    reference,
    tripType: request.tripType,
    pickupDate: new Date(`${request.pickupDate}T00:00:00Z`),
    pickupTime: request.pickupTime,
    pickupLocation: request.pickupLocation,
    dropoffLocation: hourly || !dropoff ? null : dropoff,
    waypoints: request.waypoints,
    duration: hourly ? (request.duration ?? null) : null,
    specialRequests: requests ? requests : null,
    passengers: request.passengers ?? null,
    luggage: request.luggage ?? 0,
    vehicleId: request.vehicleId,
    firstName: request.firstName,
    lastName: request.lastName,
    email: request.email,
    phone: request.phone,
    paymentMethod: request.paymentMethod,
    smsUpdates: request.smsUpdates,
    meetGreet: request.meetGreet,
    childSeats: request.childSeats,
    flightNumber: request.flightNumber || null,
    referralCode: request.referralCode ?? null,
    ...quoteColumns(quote, rateVersion),
    status: 'pending',
  };
}

/** A quote's lines as the booking's columns (a new booking, or an admin's edit re-priced). */
export function quoteColumns(quote: PriceQuote, rateVersion: number) {
  const { lines, method, pricedAs, includes, toBeConfirmed, returnDiscount, airportSurcharge, freeRide, credit, planTransfer, planNote } = quote;
  return {
    rateVersion,
    priceDetail: { lines, method, pricedAs, includes, toBeConfirmed, returnDiscount, airportSurcharge, planNote },
    fare: quote.fare,
    vehicleFare: quote.vehicle,
    offerCode: quote.offer?.code ?? null,
    offerSaving: quote.offer?.saving ?? '0.00',
    baseRate: quote.base,
    meetGreetFee: quote.meetGreet,
    childSeatsFee: quote.childSeats,
    serviceFee: quote.serviceFee,
    gratuity: quote.gratuity,
    totalAmount: quote.total,
    freeRideAmount: freeRide ?? '0.00',
    creditAmount: credit ?? '0.00',
    planTransferAmount: planTransfer ?? '0.00',
  } satisfies Partial<Prisma.BookingCreateInput>;
}

/** `history`: the timeline's lines for what changed besides the status and the ride. */
export type BookingChange =
  | { kind: 'none' }
  | { kind: 'updated'; data: Prisma.BookingUpdateInput; history: string[] }
  | { kind: 'statusChanged'; data: Prisma.BookingUpdateInput; previousStatus: BookingStatus; status: BookingStatus; history: string[] };

/**
 * What an admin edit changes. Any status can follow any other (spec section 4). completedAt is
 * set when a booking becomes completed and cleared when it leaves that status; every real change
 * bumps the version, and an edit that changes nothing changes nothing (no event either).
 */
export function planChange(
  row: Pick<BookingRow, 'status' | 'adminNotes' | 'version' | 'completedAt' | 'pickupPinned' | 'flightNumber' | 'totalAmount' | 'freeRideAmount' | 'creditAmount' | 'planTransferAmount' | 'priceDetail'>,
  changes: Omit<UpdateBookingRequest, 'actor'>,
  now: Date,
): BookingChange {
  const notes = changes.adminNotes === undefined ? undefined : changes.adminNotes?.trim() ? changes.adminNotes : null;
  const notesChanged = notes !== undefined && notes !== row.adminNotes;
  const statusChanged = changes.status !== undefined && changes.status !== row.status;
  const pinChanged = changes.pickupPinned !== undefined && changes.pickupPinned !== row.pickupPinned;
  const flight = changes.flightNumber === undefined ? undefined : changes.flightNumber || null;
  const flightChanged = flight !== undefined && flight !== row.flightNumber;
  if (!notesChanged && !statusChanged && !pinChanged && !flightChanged) return { kind: 'none' };
  const data: Prisma.BookingUpdateInput = { version: row.version + 1 };
  const history: string[] = [];
  if (notesChanged) {
    data.adminNotes = notes;
    // A status change's own line says enough when the notes change with it.
    if (!statusChanged) history.push('Admin notes changed');
  }
  if (pinChanged) {
    data.pickupPinned = changes.pickupPinned;
    // Unpinned: the next poll compares the flight with its schedule again, so a delay seen while pinned moves it.
    if (!changes.pickupPinned) Object.assign(data, { flightArrival: null, flightCheckedAt: null });
    history.push(changes.pickupPinned ? 'Pickup pinned: the flight no longer moves it' : 'Pickup unpinned: it follows the flight again');
  }
  if (flightChanged) {
    // Another flight: what the poll knew of the old one no longer applies.
    Object.assign(data, { flightNumber: flight, flightScheduledArrival: null, flightArrival: null, flightStatus: null, flightCheckedAt: null });
    history.push(`Flight ${row.flightNumber ?? 'none'} → ${flight ?? 'none'}`);
  }
  if (!statusChanged) return { kind: 'updated', data, history };
  const status = changes.status!;
  data.status = status;
  data.completedAt = status === 'completed' ? now : null;
  if (row.status === 'cancelled') Object.assign(data, withoutReleasedBenefits(row, history));
  return { kind: 'statusChanged', data, previousStatus: row.status as BookingStatus, status, history };
}

/**
 * A cancelled booking's free ride and credit went back to the account (the customers service
 * released its hold at the cancellation) and may be spent since, as a company ride's transfer went
 * back to the month: restored, the booking is priced without them, so nothing is spent twice.
 */
function withoutReleasedBenefits(row: Pick<BookingRow, 'totalAmount' | 'freeRideAmount' | 'creditAmount' | 'planTransferAmount' | 'priceDetail'>, history: string[]): Prisma.BookingUpdateInput {
  const [freeRide, credit, transfer] = [toCents(row.freeRideAmount.toFixed(2)), toCents(row.creditAmount.toFixed(2)), toCents(row.planTransferAmount.toFixed(2))];
  if (freeRide === 0 && credit === 0 && transfer === 0) return {};
  const total = fromCents(toCents(row.totalAmount.toFixed(2)) + freeRide + credit + transfer);
  if (transfer > 0) {
    history.push(`Restored without the company's transfer it had (returned to the month's transfers at its cancellation): total $${total}, billed to the company`);
    const detail = { ...(row.priceDetail as Record<string, unknown> | null), planNote: 'Restored after its cancellation gave its transfer back: priced as usual and billed to the company' };
    return { totalAmount: total, planTransferAmount: '0.00', priceDetail: detail as Prisma.InputJsonValue };
  }
  history.push(`Restored without the free ride and credit it had (returned to the customer's account at its cancellation): total $${total}`);
  return { totalAmount: total, freeRideAmount: '0.00', creditAmount: '0.00' };
}

/** The timeline's line for a status change: 'Status confirmed → in-progress. Reason: the driver's phone died'. */
export function statusChangeDetail(previous: BookingStatus, status: BookingStatus, reason: string | undefined): string {
  return `Status ${previous} → ${status}${reason ? `. Reason: ${reason}` : ''}`;
}

/** A ride's progress, cleared when it is to be driven again. */
const NOT_STARTED: Prisma.BookingUpdateInput = { driverStatus: null, startedAt: null, pickedUpAt: null, halfwayAt: null, twoMilesAt: null, droppedOffAt: null };

export interface DriverEffects {
  /** Why the change is refused (a 409), if it is. */
  refused?: string;
  releaseHold: boolean;
  /** The ride holds its driver and vehicle again (back from cancelled or completed). */
  takeHold: boolean;
  data: Prisma.BookingUpdateInput;
  withdrawAssignment: boolean;
  setEarnings: boolean;
}

/**
 * What an admin's status change does to the ride's driver (decisions.md: the admin may set any
 * status). Back to pending: the driver is let go (an unanswered assignment counts as withdrawn)
 * and the ride starts over. Cancelled or completed: the driver and vehicle are free again.
 * Completed with a driver who accepted: the driver's earnings are set, as when the driver
 * completes it; a ride taken out of completed loses them, its final price, and its progress. Confirmed or in
 * progress with a driver who accepted: the ride holds them again (it may have been let go by a
 * cancellation); while the driver has not answered it is refused: the answer, or a withdrawal,
 * decides. An unanswered assignment cancelled or completed is withdrawn, its driver let go.
 */
export function driverEffects(
  row: Pick<BookingRow, 'status' | 'driverId' | 'driverResponse' | 'driverEarnings'>,
  status: BookingStatus,
): DriverEffects {
  const none = { releaseHold: false, takeHold: false, withdrawAssignment: false, setEarnings: false };
  const data: Prisma.BookingUpdateInput = {
    ...(row.driverEarnings !== null && status !== 'completed' ? { driverEarnings: null } : {}),
    // Out of completed, the final price goes too: the ride is settled again when completed again.
    ...(row.status === 'completed' && status !== 'completed' ? UNSETTLED : {}),
  };
  if (row.driverId === null) return { ...none, data };
  const unanswered = row.driverResponse === 'pending';
  if (status === 'pending') {
    return {
      ...none,
      releaseHold: true,
      data: { ...data, ...NOT_STARTED, driverId: null, driverResponse: unanswered ? 'withdrawn' : null },
      withdrawAssignment: unanswered,
    };
  }
  if (status === 'cancelled' || status === 'completed') {
    return {
      ...none,
      releaseHold: true,
      // An assignment never answered is withdrawn, its driver let go (as a withdrawal does), so
      // the ride cannot later hold, or be driven by, a driver who never accepted it.
      data: { ...data, ...(unanswered ? { driverResponse: 'withdrawn', driverId: null } : {}) },
      withdrawAssignment: unanswered,
      setEarnings: status === 'completed' && row.driverResponse === 'accepted' && row.driverEarnings === null,
    };
  }
  if (unanswered) return { ...none, data, refused: DISPATCH_MESSAGES.awaitingAnswer };
  // A completed ride made confirmed or in progress again is to be driven again (its driver
  // reports en route anew); only a driver who accepted it holds it.
  return { ...none, takeHold: row.driverResponse === 'accepted', data: row.status === 'completed' ? { ...data, ...NOT_STARTED } : data };
}

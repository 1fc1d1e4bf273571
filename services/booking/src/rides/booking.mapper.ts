import { OFFER_NAMES, type Booking, type BookingSnapshot, type FlightAlert, type MeasuredWait, type OfferCode, type PendingBookingRequest, type PriceQuote, type RideExtra, type Settlement } from '@limo/contracts';
import { fromCents, toCents } from '@limo/contracts';
import type { Booking as BookingRow } from '../generated/prisma/client.js';

type Decimalish = { toFixed(digits: number): string };
/** A Decimal column, or a quote's exact amount string (a new booking's draft, create-booking/new-booking.ts). */
const money = (value: Decimalish | string) => (typeof value === 'string' ? value : value.toFixed(2));
const iso = (value: Date | null) => (value ? value.toISOString() : null);
/** A DATE column comes back as UTC midnight of that calendar day. */
export const calendarDate = (value: Date) => value.toISOString().slice(0, 10);

/**
 * The ride itself as every outside view shows it (the customer's page, the driver's job): where,
 * when, how long and for how many, the instants as ISO and the date as YYYY-MM-DD.
 */
export function rideOf(row: BookingRow) {
  return {
    reference: row.reference,
    tripType: row.tripType,
    pickupDate: calendarDate(row.pickupDate),
    pickupTime: row.pickupTime,
    pickupAt: row.pickupAt.toISOString(),
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    waypoints: row.waypoints,
    duration: row.duration,
    passengers: row.passengers,
    luggage: row.luggage,
    flightNumber: row.flightNumber,
  };
}

/** The wait measured at the pickup (rides/waiting.ts); null until then, or when "Arrived" was skipped. */
export function waitOf(row: BookingRow): MeasuredWait | null {
  if (row.waitMinutes === null || row.waitFreeMinutes === null || row.waitChargedMinutes === null || row.waitCharge === null) return null;
  return { minutes: row.waitMinutes, freeMinutes: row.waitFreeMinutes, chargedMinutes: row.waitChargedMinutes, charge: money(row.waitCharge) };
}

/** A completed ride's final price and its review (rides/settlement.ts); null before completion. */
export function settlementOf(row: BookingRow): Settlement | null {
  if (row.settlementStatus === null || row.finalAmount === null || row.settledAt === null) return null;
  return {
    status: row.settlementStatus as Settlement['status'],
    quote: money(row.totalAmount),
    wait: row.settledWait === null ? '0.00' : money(row.settledWait),
    extras: extrasOf(row),
    extrasTotal: row.extrasTotal === null ? '0.00' : money(row.extrasTotal),
    finalAmount: money(row.finalAmount),
    settledAt: row.settledAt.toISOString(),
    reviewedAt: iso(row.reviewedAt),
    reviewedBy: row.reviewedBy,
    adjustmentReason: row.adjustmentReason,
  };
}

/** The extras as stored: [{kind, amount, note}] (written only by the settlement, from checked input). */
const extrasOf = (row: BookingRow): RideExtra[] => (Array.isArray(row.extras) ? (row.extras as unknown as RideExtra[]) : []);

/** The flight's open alert for the admin (flights/flight-alerts.ts), null when none. */
export function flightAlertOf(row: Pick<BookingRow, 'flightAlert' | 'flightAlertDetail' | 'flightAlertAt'>): FlightAlert | null {
  if (row.flightAlert === null || row.flightAlertAt === null) return null;
  return { kind: row.flightAlert as FlightAlert['kind'], detail: row.flightAlertDetail ?? '', at: row.flightAlertAt.toISOString() };
}

/** The itemised quote locked to the booking, as its columns hold it. */
export function priceOf(row: BookingRow): PriceQuote {
  const addOns = toCents(money(row.meetGreetFee)) + toCents(money(row.childSeatsFee));
  const offer = row.offerCode as OfferCode | null;
  return {
    fare: money(row.fare),
    vehicle: money(row.vehicleFare),
    offer: offer ? { code: offer, name: OFFER_NAMES[offer], saving: money(row.offerSaving) } : null,
    base: money(row.baseRate),
    meetGreet: money(row.meetGreetFee),
    childSeats: money(row.childSeatsFee),
    addOns: fromCents(addOns),
    serviceFee: money(row.serviceFee),
    gratuity: money(row.gratuity),
    total: money(row.totalAmount),
    ...benefitsOf(row),
    // Lines and words of a quote from the rate table (none for one of the spec's formula).
    ...detailOf(row.priceDetail),
  };
}

/** The signed-in customer's free ride and credit, when they took something off. */
function benefitsOf(row: BookingRow): Pick<PriceQuote, 'freeRide' | 'credit' | 'planTransfer'> {
  const [freeRide, credit, planTransfer] = [money(row.freeRideAmount), money(row.creditAmount), money(row.planTransferAmount)];
  return { ...(freeRide !== '0.00' ? { freeRide } : {}), ...(credit !== '0.00' ? { credit } : {}), ...(planTransfer !== '0.00' ? { planTransfer } : {}) };
}

/** The quote's optional parts as stored (PriceQuote's), with what is unset left out. */
function detailOf(detail: unknown): Partial<PriceQuote> {
  if (!detail || typeof detail !== 'object') return {};
  return Object.fromEntries(Object.entries(detail).filter(([, v]) => v !== undefined)) as Partial<PriceQuote>;
}

/**
 * Row to contract shape: amounts as exact strings, instants as ISO, the date as YYYY-MM-DD. Not
 * checked against the contract here: the RPC server checks every reply against its contract
 * before sending it and the caller checks it on arrival, and a third check here cost 4 of the 11
 * µs this took for the bench's booking (a loop over the built mapper), and a page of bookings
 * checked a hundred. The columns' values are the contract's (the database's CHECK constraints
 * hold them), hence the casts.
 */
export function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    reference: row.reference,
    version: row.version,
    customerId: row.customerId,
    tripType: row.tripType as Booking['tripType'],
    pickupDate: calendarDate(row.pickupDate),
    pickupTime: row.pickupTime,
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    waypoints: row.waypoints,
    duration: row.duration,
    specialRequests: row.specialRequests,
    passengers: row.passengers,
    luggage: row.luggage,
    vehicleId: row.vehicleId,
    driverId: row.driverId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    paymentMethod: row.paymentMethod,
    smsUpdates: row.smsUpdates,
    meetGreet: row.meetGreet,
    childSeats: row.childSeats,
    flightNumber: row.flightNumber,
    flightStatus: row.flightStatus,
    flightArrival: iso(row.flightArrival),
    pickupPinned: row.pickupPinned,
    flightAlert: flightAlertOf(row),
    baseRate: money(row.baseRate),
    serviceFee: money(row.serviceFee),
    gratuity: money(row.gratuity),
    totalAmount: money(row.totalAmount),
    driverEarnings: row.driverEarnings === null ? null : money(row.driverEarnings),
    price: priceOf(row),
    adminNotes: row.adminNotes,
    status: row.status as Booking['status'],
    assignedAt: iso(row.assignedAt),
    responseDeadline: iso(row.responseDeadline),
    driverResponse: row.driverResponse as Booking['driverResponse'],
    respondedAt: iso(row.respondedAt),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    driverStatus: row.driverStatus as Booking['driverStatus'],
    pickedUpAt: iso(row.pickedUpAt),
    halfwayAt: iso(row.halfwayAt),
    twoMilesAt: iso(row.twoMilesAt),
    droppedOffAt: iso(row.droppedOffAt),
    arrivedAt: iso(row.arrivedAt),
    wait: waitOf(row),
    settlement: settlementOf(row),
    currentLocation: row.currentLocation,
    estimatedArrival: iso(row.estimatedArrival),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...tripOf(row),
  };
}

/** A round trip's leg: its trip reference, which leg, and the other leg's id (null for a single ride). */
function tripOf(row: BookingRow) {
  return {
    tripReference: row.tripReference,
    tripLeg: row.tripLeg as Booking['tripLeg'],
    linkedBookingId: row.linkedBookingId,
    // And the account's: Refer & Fly's code and the benefits' hold (the customers service reads them).
    referralCode: row.referralCode,
    benefitsReservationId: row.benefitsReservationId,
    // And a company's: the company, its name then, and the month's transfer held for it.
    companyId: row.companyId,
    companyName: row.companyName,
    transferReservationId: row.transferReservationId,
  };
}

/** What every booking event carries (booking-events.ts). */
export function toSnapshot(row: BookingRow): BookingSnapshot {
  return {
    id: row.id,
    reference: row.reference,
    version: row.version,
    tripType: row.tripType as BookingSnapshot['tripType'],
    status: row.status as BookingSnapshot['status'],
    pickupDate: calendarDate(row.pickupDate),
    pickupTime: row.pickupTime,
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    duration: row.duration,
    vehicleId: row.vehicleId,
    driverId: row.driverId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    totalAmount: money(row.totalAmount),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: iso(row.completedAt),
    price: priceOf(row),
    smsUpdates: row.smsUpdates,
    passengers: row.passengers,
    luggage: row.luggage,
    driverResponse: row.driverResponse as BookingSnapshot['driverResponse'],
    driverStatus: row.driverStatus as BookingSnapshot['driverStatus'],
    driverEarnings: row.driverEarnings === null ? null : money(row.driverEarnings),
    pickupAt: row.pickupAt.toISOString(),
    pickedUpAt: iso(row.pickedUpAt),
    flightNumber: row.flightNumber,
    finalAmount: row.finalAmount === null ? null : money(row.finalAmount),
    settlementStatus: row.settlementStatus as BookingSnapshot['settlementStatus'],
    flightAlert: flightAlertOf(row),
    ...tripOf(row),
  };
}

/** The pending-request read shape of spec section 3. */
export function toPendingRequest(row: BookingRow, vehicleNames: ReadonlyMap<number, string>): PendingBookingRequest {
  return {
    id: row.id,
    reference: row.reference,
    customerName: `${row.firstName} ${row.lastName}`,
    customerEmail: row.email,
    customerPhone: row.phone,
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    scheduledDate: calendarDate(row.pickupDate),
    scheduledTime: row.pickupTime,
    vehicleType: row.vehicleId === null ? null : (vehicleNames.get(row.vehicleId) ?? null),
    passengers: row.passengers,
    createdAt: row.createdAt.toISOString(),
    status: row.status as PendingBookingRequest['status'],
    totalAmount: money(row.totalAmount),
    tripType: row.tripType as PendingBookingRequest['tripType'],
    duration: row.duration,
    vehicleId: row.vehicleId,
    driverId: row.driverResponse === 'pending' ? row.driverId : null,
    driverResponse: row.driverResponse as PendingBookingRequest['driverResponse'],
    assignedAt: iso(row.assignedAt),
    responseDeadline: iso(row.responseDeadline),
  };
}

import { toCents, type BookingSnapshot } from '@limo/contracts';
import { laDate, monthStart } from '../calendar/los-angeles.js';
import { AWAITING_ANSWER, type AggregateDelta } from '../projections/aggregate-tables.js';

/** What reporting keeps of one booking: the version applied and what it counts towards. */
export interface BookingFact {
  bookingId: number;
  version: number;
  status: string;
  totalCents: number;
  createdAt: string;
  /** YYYY-MM-01, Los Angeles month of createdAt. */
  createdMonth: string;
  completedAt: string | null;
  /** YYYY-MM-DD, Los Angeles day of completion; set exactly while the status is completed. */
  completedDay: string | null;
  customerKey: string;
  pickupLocation: string;
  /** '' for hourly rides (and one-way rides without a drop-off). */
  dropoffLocation: string;
  driverId: number | null;
  vehicleId: number | null;
  /** Pending with a driver yet to answer. */
  awaitingAnswer: boolean;
  driverEarningsCents: number | null;
  pickupAt: string | null;
  pickedUpAt: string | null;
  reference: string;
  /** The arriving flight's open alert (the admin's bell); null when none. */
  flightAlert: string | null;
  flightAlertDetail: string | null;
  flightAlertAt: string | null;
  /** A completed ride's final price: to-review (the bell lists it) or approved; null before completion. */
  settlementStatus: string | null;
}

/** A pickup no later than this after the pickup time is on time (the dispatch issue's rule). */
const ON_TIME_GRACE_MS = 10 * 60_000;

export function factFromSnapshot(booking: BookingSnapshot): BookingFact {
  const completed = booking.status === 'completed';
  // completedAt is set while completed (booking-events.ts); updatedAt is only a safety net.
  const completedAt = completed ? new Date(booking.completedAt ?? booking.updatedAt) : null;
  const createdAt = new Date(booking.createdAt);
  return {
    bookingId: booking.id,
    version: booking.version,
    status: booking.status,
    // A settled ride counts its final price (quote + wait + extras); any other its quote.
    totalCents: toCents(booking.finalAmount ?? booking.totalAmount),
    createdAt: createdAt.toISOString(),
    createdMonth: monthStart(laDate(createdAt)),
    completedAt: completedAt?.toISOString() ?? null,
    completedDay: completedAt ? laDate(completedAt) : null,
    customerKey: booking.email.trim().toLowerCase(),
    pickupLocation: booking.pickupLocation.trim(),
    dropoffLocation: booking.tripType === 'hourly' ? '' : (booking.dropoffLocation ?? '').trim(),
    driverId: booking.driverId,
    vehicleId: booking.vehicleId,
    awaitingAnswer: booking.status === 'pending' && booking.driverResponse === 'pending' && booking.driverId !== null,
    driverEarningsCents: completed && booking.driverEarnings ? toCents(booking.driverEarnings) : null,
    pickupAt: booking.pickupAt ?? null,
    pickedUpAt: booking.pickedUpAt ?? null,
    reference: booking.reference,
    flightAlert: booking.flightAlert?.kind ?? null,
    flightAlertDetail: booking.flightAlert?.detail ?? null,
    flightAlertAt: booking.flightAlert?.at ?? null,
    settlementStatus: completed ? (booking.settlementStatus ?? null) : null,
  };
}

/**
 * What one booking adds to each aggregate. Revenue counts completed bookings on their Los
 * Angeles day of completion; customers, routes and vehicle bookings leave cancelled ones out.
 * The SQL recomputation in recompute-aggregates.ts must say the same thing: the rebuild test
 * holds the two together.
 */
export function contributions(fact: BookingFact): AggregateDelta[] {
  const out: AggregateDelta[] = [
    { table: 'status', key: [fact.status], values: { bookings: 1, amount_cents: fact.totalCents } },
    { table: 'createdMonthly', key: [fact.createdMonth], values: { bookings: 1 } },
  ];
  const completed = fact.status === 'completed' && fact.completedDay !== null;
  const revenue = completed ? fact.totalCents : 0;
  if (completed) {
    const day = fact.completedDay!;
    out.push({ table: 'revenueDaily', key: [day], values: { revenue_cents: revenue, bookings: 1 } });
    out.push({ table: 'revenueMonthly', key: [monthStart(day)], values: { revenue_cents: revenue, bookings: 1 } });
    if (fact.driverId !== null) {
      const values: Record<string, number> = { completed_rides: 1, revenue_cents: revenue };
      if (fact.driverEarningsCents) values.earnings_cents = fact.driverEarningsCents;
      out.push({ table: 'driver', key: [fact.driverId], values });
    }
    if (fact.vehicleId !== null) out.push({ table: 'vehicleMonthly', key: [monthStart(day), fact.vehicleId], values: { completed_trips: 1 } });
  }
  if (fact.driverId !== null && fact.pickedUpAt !== null && fact.pickupAt !== null) {
    const onTime = new Date(fact.pickedUpAt).getTime() <= new Date(fact.pickupAt).getTime() + ON_TIME_GRACE_MS;
    out.push({ table: 'driver', key: [fact.driverId], values: { pickups: 1, on_time_pickups: onTime ? 1 : 0 } });
  }
  if (fact.awaitingAnswer) out.push({ table: 'counter', key: [AWAITING_ANSWER], values: { value: 1 } });
  if (fact.status !== 'cancelled') {
    out.push({ table: 'customer', key: [fact.customerKey], values: { bookings: 1 } });
    out.push({ table: 'route', key: [fact.pickupLocation, fact.dropoffLocation], values: { bookings: 1, revenue_cents: revenue } });
    if (fact.vehicleId !== null) {
      out.push({ table: 'vehicle', key: [fact.vehicleId], values: { bookings: 1, completed_trips: completed ? 1 : 0, revenue_cents: revenue } });
    }
  }
  return out;
}

import { BoardRide } from '@limo/contracts';
import type { BoardRow } from '../rides/dispatch.repository.js';
import { flightAlertOf } from '../rides/booking.mapper.js';
import { holdSpan, type SpanRules } from '../rides/hold-span.js';
import type { Point } from '../rates/rate-zones.js';

/**
 * A ride as a bar of the dispatch board: from its pickup to the end of its block by the overlap
 * rule (the span it holds, or would hold, its driver), with the offer waiting and the flight's alert.
 */
export function toBoardRide(row: BoardRow, rules: SpanRules, pickup: Point | null): BoardRide {
  const offerWaiting = row.status === 'pending' && row.driverResponse === 'pending' && row.responseDeadline !== null;
  return {
    id: row.id,
    reference: row.reference,
    status: row.status as BoardRide['status'],
    tripType: row.tripType as BoardRide['tripType'],
    pickupTime: row.pickupTime,
    pickupAt: row.pickupAt.toISOString(),
    blockEnd: holdSpan(row, rules).to.toISOString(),
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    pickup,
    customerName: `${row.firstName} ${row.lastName}`,
    passengers: row.passengers,
    vehicleId: row.vehicleId,
    driverId: row.driverId,
    driverResponse: row.driverResponse as BoardRide['driverResponse'],
    driverStatus: row.driverStatus as BoardRide['driverStatus'],
    responseDeadline: offerWaiting ? row.responseDeadline!.toISOString() : null,
    flightNumber: row.flightNumber,
    flightAlert: flightAlertOf(row),
  };
}

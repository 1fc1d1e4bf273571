import { DriverRide } from '@limo/contracts';
import type { BookingRow } from '../rides/rides.repository.js';
import { rideOf, waitOf } from '../rides/booking.mapper.js';
import { startableFrom } from './dispatch-rules.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A booking as its driver sees it: the job, not the admin's notes or the prices. */
export function toDriverRide(row: BookingRow, vehicleNames: ReadonlyMap<number, string>, startWindowMinutes: number): DriverRide {
  return DriverRide.parse({
    id: row.id,
    ...rideOf(row),
    status: row.status,
    vehicleId: row.vehicleId,
    vehicleName: row.vehicleId === null ? null : (vehicleNames.get(row.vehicleId) ?? null),
    customerName: `${row.firstName} ${row.lastName}`,
    customerPhone: row.phone,
    specialRequests: row.specialRequests,
    meetGreet: row.meetGreet,
    childSeats: row.childSeats,
    driverResponse: row.driverResponse,
    driverStatus: row.driverStatus,
    assignedAt: iso(row.assignedAt),
    responseDeadline: iso(row.responseDeadline),
    startableFrom: startableFrom(row.pickupAt, startWindowMinutes).toISOString(),
    driverEarnings: row.driverEarnings === null ? null : row.driverEarnings.toFixed(2),
    arrivedAt: iso(row.arrivedAt),
    wait: waitOf(row),
  });
}

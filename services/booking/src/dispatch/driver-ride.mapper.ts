import { DriverRide } from '@limo/contracts';
import type { BookingRow } from '../bookings/bookings.repository.js';
import { calendarDate } from '../bookings/booking.mapper.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A booking as its driver sees it: the job, not the admin's notes or the prices. */
export function toDriverRide(row: BookingRow, vehicleNames: ReadonlyMap<number, string>): DriverRide {
  return DriverRide.parse({
    id: row.id,
    reference: row.reference,
    status: row.status,
    tripType: row.tripType,
    pickupDate: calendarDate(row.pickupDate),
    pickupTime: row.pickupTime,
    pickupAt: row.pickupAt.toISOString(),
    pickupLocation: row.pickupLocation,
    dropoffLocation: row.dropoffLocation,
    waypoints: row.waypoints,
    duration: row.duration,
    passengers: row.passengers,
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
    driverEarnings: row.driverEarnings === null ? null : row.driverEarnings.toFixed(2),
  });
}

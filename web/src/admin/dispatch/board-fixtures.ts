import type { BoardRide } from '@limo/contracts';

/** A ride of the board for the tests: unassigned, 09:00 to 11:30 on 2026-12-01 (PST), unless told. */
export const boardRide = (id: number, extra: Partial<BoardRide> = {}): BoardRide => ({
  id,
  reference: `LX-${id}`,
  status: 'pending',
  tripType: 'one-way',
  pickupTime: '09:00',
  pickupAt: '2026-12-01T17:00:00.000Z',
  blockEnd: '2026-12-01T19:30:00.000Z',
  pickupLocation: 'LAX',
  dropoffLocation: 'Downtown Los Angeles',
  pickup: null,
  customerName: 'Riley Rider',
  passengers: 2,
  vehicleId: 1,
  driverId: null,
  driverResponse: null,
  driverStatus: null,
  responseDeadline: null,
  flightNumber: null,
  flightAlert: null,
  ...extra,
});

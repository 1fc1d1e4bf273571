import { z } from 'zod';
import { calendarDate } from '../common/field-rules.js';
import { DriverPosition, DriverResponse, DriverStatus } from './dispatch.js';
import { FlightAlert } from './flight.js';
import { BookingStatus, TripType } from './values.js';

/*
 * The dispatch board (issue 35, `/admin/dispatch`): one Los Angeles day's rides on a timeline,
 * each a bar from its pickup to the end of its block (decisions.md, Dispatch, "Overlap"), with the
 * drivers as rows.
 */

const Iso = z.iso.datetime({ offset: true });
const Id = z.number().int().positive().max(2_147_483_647);

export const DISPATCH_BOARD_MESSAGES = {
  date: 'date must be a date (YYYY-MM-DD)',
} as const;

/** `GET /api/admin/dispatch?date=YYYY-MM-DD`: the board of that Los Angeles day. */
export const DispatchBoardQuery = z
  .object({
    date: calendarDate(DISPATCH_BOARD_MESSAGES.date),
  })
  .strict();
export type DispatchBoardQuery = z.infer<typeof DispatchBoardQuery>;

/** One ride of the day, as a bar. */
export const BoardRide = z.object({
  id: Id,
  reference: z.string(),
  status: BookingStatus,
  tripType: TripType,
  /** HH:MM, Los Angeles. */
  pickupTime: z.string(),
  pickupAt: Iso,
  /**
   * The end of the ride's block: pickup + duration (hourly) or ONE_WAY_BLOCK_MINUTES, plus
   * TURNAROUND_MINUTES; for a ride holding its driver, the span it holds.
   */
  blockEnd: Iso,
  pickupLocation: z.string(),
  dropoffLocation: z.string().nullable(),
  /** The pickup's coordinates, when the place is known. */
  pickup: z.object({ lat: z.number(), lon: z.number() }).nullable(),
  customerName: z.string(),
  passengers: z.number().int().nullable(),
  vehicleId: z.number().int().nullable(),
  driverId: z.number().int().nullable(),
  driverResponse: DriverResponse.nullable(),
  driverStatus: DriverStatus.nullable(),
  /** An offer waiting for its driver's answer: until when (null: none waiting). */
  responseDeadline: Iso.nullable(),
  flightNumber: z.string().nullable(),
  /** The arriving flight's open alert (late, unknown, no fresh status); null when none. */
  flightAlert: FlightAlert.nullable(),
});
export type BoardRide = z.infer<typeof BoardRide>;

/** A row of the board: an active driver. */
export const BoardDriver = z.object({
  id: Id,
  name: z.string(),
  onDuty: z.boolean(),
  /** The last shared location and when; null when they never shared one. */
  location: DriverPosition.nullable(),
});
export type BoardDriver = z.infer<typeof BoardDriver>;

export const DispatchBoard = z.object({
  date: z.string(),
  rides: z.array(BoardRide),
  drivers: z.array(BoardDriver),
});
export type DispatchBoard = z.infer<typeof DispatchBoard>;

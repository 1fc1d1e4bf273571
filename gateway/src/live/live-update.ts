import { bookingEvents, driverEvents, EventEnvelope, type LiveUpdate } from '@limo/contracts';

/** The booking events that change what a dispatch board shows. */
const RIDE_EVENTS = new Set<string>([
  bookingEvents.created.type,
  bookingEvents.updated.type,
  bookingEvents.statusChanged.type,
  bookingEvents.rideAssigned.type,
  bookingEvents.rideAnswered.type,
  bookingEvents.assignmentExpired.type,
  bookingEvents.assignmentWithdrawn.type,
  bookingEvents.rideProgressed.type,
]);

const DRIVER_EVENTS = new Set<string>([
  driverEvents.registered.type,
  driverEvents.updated.type,
  driverEvents.dutyChanged.type,
  driverEvents.locationUpdated.type,
]);

interface DriverData {
  driverId?: number;
  driver?: { id: number };
  latitude?: string;
  longitude?: string;
}

interface RideData {
  booking?: { id: number; reference: string; status: string; driverId: number | null; driverStatus?: string | null; driverResponse?: string | null };
  assignment?: { driverId: number };
  driverId?: number;
}

/** What a board needs to know of an event, and which drivers it concerns (for their own streams). */
export interface LiveChange {
  update: LiveUpdate;
  drivers: number[];
  /** A ride's change (else a driver's). */
  rides: boolean;
}

export function toLiveUpdate(raw: unknown): LiveChange | null {
  const parsed = EventEnvelope.safeParse(raw);
  if (!parsed.success) return null;
  const { type, occurredAt, data } = parsed.data;
  const d = (data ?? {}) as RideData;
  if (RIDE_EVENTS.has(type) && d.booking) {
    const b = d.booking;
    // A declined or expired ride no longer names its driver: the assignment still does.
    const drivers = [b.driverId, d.assignment?.driverId, d.driverId].filter((id): id is number => typeof id === 'number');
    return {
      rides: true,
      drivers: [...new Set(drivers)],
      update: {
        type,
        at: occurredAt,
        bookingId: b.id,
        reference: b.reference,
        status: b.status,
        driverId: b.driverId,
        driverStatus: b.driverStatus ?? null,
        driverResponse: b.driverResponse ?? null,
      },
    };
  }
  if (DRIVER_EVENTS.has(type)) {
    const driver = (data ?? {}) as DriverData;
    const driverId = driver.driverId ?? driver.driver?.id;
    const update: LiveUpdate = { type, at: occurredAt, driverId: driverId ?? null };
    if (type === driverEvents.locationUpdated.type && driver.latitude !== undefined && driver.longitude !== undefined) {
      update.latitude = Number(driver.latitude);
      update.longitude = Number(driver.longitude);
    }
    return { rides: false, drivers: driverId ? [driverId] : [], update };
  }
  return null;
}

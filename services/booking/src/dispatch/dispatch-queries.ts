import { Injectable } from '@nestjs/common';
import { addDays, businessToday, DISPATCH_MESSAGES as M, ENDED_OFFER_HOURS, type BoardRide, type DriverOption, type DriverPosition, type DriverRide, type EndedOffer, type WeekOutlook } from '@limo/contracts';
import { notFound } from '@limo/messaging';
import { calendarDate } from '../rides/booking.mapper.js';
import { RidesRepository } from '../rides/rides.repository.js';
import { VehicleNames } from '../fleet/vehicle-names.js';
import { holdSpan } from '../rides/hold-span.js';
import { DispatchRepository } from '../rides/dispatch.repository.js';
import { DispatchSettings } from '../rides/dispatch-settings.js';
import { toDriverRide } from './driver-ride.mapper.js';
import { toBoardRide } from './board-ride.mapper.js';
import { PlaceLocator } from '../rates/place-locator.js';
import { LOCATION_HORIZON_MS, rankDrivers, reckonPosition, type Candidate } from './assign-suggestions.js';

const OUTLOOK_DAYS = 7;

/**
 * Lists of rides place them from the gazetteer, typed coordinates and what the geocoder already
 * answered, never by asking it: a day's board would be up to 1,000 outside calls per refresh. They
 * pin their places on maps, so a street is never put at its city's centre (area: false).
 */
const OFFLINE = { geocoder: false, area: false };

/** The reads of dispatch: a driver's rides and week, a ride's timeline, the admin's driver choices. */
@Injectable()
export class DispatchQueries {
  constructor(
    private readonly rides: RidesRepository,
    private readonly dispatch: DispatchRepository,
    private readonly vehicleNames: VehicleNames,
    private readonly settings: DispatchSettings,
    private readonly places: PlaceLocator,
  ) {}

  /** The driver's rides, each with its places on the map (the ride card draws them). */
  async driverRides(driverId: number): Promise<DriverRide[]> {
    const [rows, names] = await Promise.all([this.dispatch.driverRides(driverId), this.vehicleNames.byId()]);
    return Promise.all(
      rows.map(async (row) => ({
        ...toDriverRide(row, names, this.settings.startWindowMinutes),
        pickupPoint: await this.places.geoPointOf(row.pickupLocation, OFFLINE),
        dropoffPoint: row.dropoffLocation === null ? null : await this.places.geoPointOf(row.dropoffLocation, OFFLINE),
      })),
    );
  }


  /** Offers that ended without the driver's answer lately, so the driver is told instead of seeing them vanish. */
  async endedOffers(driverId: number, now = new Date()): Promise<EndedOffer[]> {
    const rows = await this.dispatch.endedOffers(driverId, new Date(now.getTime() - ENDED_OFFER_HOURS * 3_600_000));
    return rows.map((a) => ({ assignmentId: a.id, bookingId: a.bookingId, reference: a.reference, outcome: a.response as EndedOffer['outcome'], at: a.respondedAt!.toISOString() }));
  }

  /** The next 7 Los Angeles days, today first, each with the driver's rides that day. */
  async weekOutlook(driverId: number, today = businessToday()): Promise<WeekOutlook> {
    const last = addDays(today, OUTLOOK_DAYS - 1);
    const [rows, names] = await Promise.all([this.dispatch.driverRidesOnDates(driverId, today, last), this.vehicleNames.byId()]);
    const days = Array.from({ length: OUTLOOK_DAYS }, (_, i) => ({ date: addDays(today, i), rides: [] as DriverRide[] }));
    for (const row of rows) days.find((d) => d.date === calendarDate(row.pickupDate))?.rides.push(toDriverRide(row, names, this.settings.startWindowMinutes));
    return { days };
  }

  /** The dispatch board's rides of a Los Angeles day, each with its block and, when the place is known, its pickup's coordinates. */
  async day(date: string): Promise<{ rides: BoardRide[] }> {
    const rows = await this.dispatch.dayRides(date);
    const rides = await Promise.all(rows.map(async (row) => toBoardRide(row, this.settings, await this.places.pointOf(row.pickupLocation, OFFLINE))));
    return { rides };
  }

  async timeline(bookingId: number) {
    if (!(await this.dispatch.bookingExists(bookingId))) throw notFound(M.bookingNotFound);
    return this.dispatch.timeline(bookingId);
  }

  /**
   * Each candidate driver, free at the ride's time or with the ride that overlaps, ranked as
   * suggestions (assign-suggestions.ts): free first, then nearest to the pickup from where they
   * will be (the drop-off of their ride before it, or their fresh last location).
   */
  async driverOptions(bookingId: number, drivers: { driverId: number; name: string; username: string; location?: DriverPosition | null }[], now = new Date()): Promise<DriverOption[]> {
    const row = await this.rides.find(bookingId);
    if (!row) throw notFound(M.bookingNotFound);
    const ids = drivers.map((d) => d.driverId);
    const [overlaps, previous, pickup] = await Promise.all([
      this.dispatch.overlapsByDriver(bookingId, holdSpan(row, this.settings), ids),
      this.dispatch.previousRides(bookingId, row.pickupAt, LOCATION_HORIZON_MS, ids),
      this.places.pointOf(row.pickupLocation),
    ]);
    const candidates = await Promise.all(
      drivers.map(async (d): Promise<Candidate> => {
        const before = previous.get(d.driverId);
        const end = before ? { point: await this.places.pointOf(before.tripType === 'hourly' || !before.dropoffLocation ? before.pickupLocation : before.dropoffLocation), reference: before.reference } : null;
        const location = d.location ? { lat: d.location.lat, lon: d.location.lon, at: new Date(d.location.at) } : null;
        return { ...d, conflict: overlaps.get(d.driverId) ?? null, position: reckonPosition(end, location, row.pickupAt, now) };
      }),
    );
    return rankDrivers(pickup, candidates, now);
  }

  async assignments(after: string, limit: number) {
    const page = await this.dispatch.assignmentsPage(after, limit);
    return {
      next: page.next,
      items: page.items.map((a) => ({
        id: a.id,
        bookingId: a.bookingId,
        driverId: a.driverId,
        vehicleId: a.vehicleId,
        assignedAt: a.assignedAt.toISOString(),
        responseDeadline: a.responseDeadline.toISOString(),
        response: a.response as 'pending',
        respondedAt: a.respondedAt?.toISOString() ?? null,
        reference: a.reference,
      })),
    };
  }
}

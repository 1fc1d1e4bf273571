import { Inject, Injectable } from '@nestjs/common';
import { driversRpc, SELF_SERVICE_MESSAGES, type CustomerBookingKey, type CustomerBookingView, type EmailBooking, type TrackedRide } from '@limo/contracts';
import { notFound, RpcClient } from '@limo/messaging';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../booking.config.js';
import { PrismaClient, type Booking as BookingRow } from '../generated/prisma/client.js';
import { calendarDate, priceOf, rideOf, settlementOf } from '../rides/booking.mapper.js';
import { VehicleNames } from '../fleet/vehicle-names.js';
import { PlaceLocator } from '../rates/place-locator.js';
import { cancelCutoff, checkCancellation, contactMatches, followedDriver, trackingWindow, trackingWindowEnd } from './customer-rules.js';

/**
 * Finds a booking the way a customer may: by reference and their email or phone (or by id, once
 * the gateway has checked a signed link), and shows it as they may see it.
 */
@Injectable()
export class CustomerBookings {
  constructor(
    private readonly db: PrismaClient,
    private readonly vehicleNames: VehicleNames,
    private readonly rpc: RpcClient,
    private readonly places: PlaceLocator,
    @Inject(SERVICE_CONFIG) private readonly config: BookingConfig,
  ) {}

  /** The booking, or the one 404 for an unknown reference and a wrong contact alike. */
  async find(key: CustomerBookingKey): Promise<BookingRow> {
    const row =
      'bookingId' in key
        ? await this.db.booking.findUnique({ where: { id: key.bookingId } })
        : await this.db.booking.findUnique({ where: { reference: key.reference.trim().toUpperCase() } });
    if (!row || ('contact' in key && !contactMatches(row, key.contact))) throw notFound(SELF_SERVICE_MESSAGES.noMatch);
    return row;
  }

  /**
   * Every booking made with this email (lower-cased by the caller), whatever its status: a
   * signed-in customer's account. Matched on lower(email), the index of migration
   * 20261127134000_bookings_by_email, so "Ann@x.com" and "ann@x.com" are one customer's.
   */
  async byEmail(email: string): Promise<EmailBooking[]> {
    const ids = await this.db.$queryRaw<{ id: number }[]>`SELECT id FROM bookings WHERE lower(email) = ${email}`;
    if (ids.length === 0) return [];
    const [rows, names] = await Promise.all([
      this.db.booking.findMany({ where: { id: { in: ids.map((r) => r.id) } }, orderBy: { pickupAt: 'asc' } }),
      this.vehicleNames.byId(),
    ]);
    return rows.map((row) => {
      const { reference, pickupDate, pickupTime, pickupAt, pickupLocation, dropoffLocation } = rideOf(row);
      return {
        id: row.id,
        ...{ reference, pickupDate, pickupTime, pickupAt, pickupLocation, dropoffLocation },
        status: row.status as EmailBooking['status'],
        tripType: row.tripType as EmailBooking['tripType'],
        vehicleName: row.vehicleId === null ? null : (names.get(row.vehicleId) ?? null),
        total: priceOf(row).total,
      };
    });
  }

  async view(row: BookingRow): Promise<CustomerBookingView> {
    const hours = this.config.CANCEL_CUTOFF_HOURS;
    const [names, chauffeurFirstName, trip] = await Promise.all([this.vehicleNames.byId(), this.chauffeurFirstName(row), this.trip(row)]);
    return {
      ...rideOf(row),
      status: row.status as CustomerBookingView['status'],
      tripType: row.tripType as CustomerBookingView['tripType'],
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      phone: row.phone,
      smsUpdates: row.smsUpdates,
      meetGreet: row.meetGreet,
      childSeats: row.childSeats,
      specialRequests: row.specialRequests,
      price: priceOf(row),
      vehicleName: row.vehicleId === null ? null : (names.get(row.vehicleId) ?? null),
      vehicleId: row.vehicleId,
      chauffeurFirstName,
      driverStatus: row.driverStatus as CustomerBookingView['driverStatus'],
      canCancel: this.cancelCheck(row) === 'ok',
      cancelCutoffAt: cancelCutoff(row.pickupAt, hours).toISOString(),
      cancelCutoffHours: hours,
      // The receipt's final amount: only once the admin reviewed it (when the receipt email goes out).
      settlement: row.settlementStatus === 'approved' ? settlementOf(row) : null,
      trip,
    };
  }

  /** Whether the customer can cancel this booking online now. */
  cancelCheck(row: Pick<BookingRow, 'status' | 'pickupAt'>) {
    return checkCancellation(row.status, row.pickupAt, this.config.CANCEL_CUTOFF_HOURS, new Date());
  }

  /** A round trip's leg: the trip and its other leg as the customer may see it; null for a single ride. */
  private async trip(row: BookingRow): Promise<CustomerBookingView['trip']> {
    if (!row.tripReference || !row.tripLeg || row.linkedBookingId === null) return null;
    const other = await this.db.booking.findUnique({ where: { id: row.linkedBookingId } });
    if (!other) return null;
    return {
      reference: row.tripReference,
      leg: row.tripLeg as 'outbound' | 'return',
      other: {
        reference: other.reference,
        status: other.status as CustomerBookingView['status'],
        pickupDate: calendarDate(other.pickupDate),
        pickupTime: other.pickupTime,
        pickupAt: other.pickupAt.toISOString(),
        pickupLocation: other.pickupLocation,
        dropoffLocation: other.dropoffLocation,
        total: priceOf(other).total,
        canCancel: this.cancelCheck(other) === 'ok',
      },
    };
  }

  /** The ride as its tracking link shows it (the gateway checks the window and adds the position). */
  async tracked(bookingId: number): Promise<TrackedRide> {
    const row = await this.find({ bookingId });
    const [names, chauffeurFirstName, pickupPoint, dropoffPoint] = await Promise.all([
      this.vehicleNames.byId(),
      this.chauffeurFirstName(row),
      this.places.geoPointOf(row.pickupLocation),
      row.dropoffLocation === null ? null : this.places.geoPointOf(row.dropoffLocation),
    ]);
    return {
      reference: row.reference,
      status: row.status as TrackedRide['status'],
      driverStatus: row.driverStatus as TrackedRide['driverStatus'],
      driverId: followedDriver(row),
      chauffeurFirstName,
      vehicleName: row.vehicleId === null ? null : (names.get(row.vehicleId) ?? null),
      pickupLocation: row.pickupLocation,
      dropoffLocation: row.dropoffLocation,
      pickupPoint,
      dropoffPoint,
      window: trackingWindow(row, this.config.TRACKING_AFTER_DROPOFF_MINUTES, new Date()),
      windowEndsAt: trackingWindowEnd(row, this.config.TRACKING_AFTER_DROPOFF_MINUTES)?.toISOString() ?? null,
    };
  }

  /** Only a chauffeur who accepted is named; a lookup failure leaves the name out rather than the page. */
  private async chauffeurFirstName(row: BookingRow): Promise<string | null> {
    if (row.driverId === null || row.driverResponse !== 'accepted') return null;
    try {
      return (await this.rpc.request(driversRpc.get, { id: row.driverId }, { timeoutMs: 1000 })).firstName;
    } catch {
      return null;
    }
  }
}

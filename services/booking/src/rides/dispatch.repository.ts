import { Injectable } from '@nestjs/common';
import type { Actor, DriverResponse, DriverStatus, TimelineEntry, TimelineKind } from '@limo/contracts';
import { PrismaClient, type Prisma, type RideAssignment } from '../generated/prisma/client.js';
import type { BookingRow, BookingTx } from './rides.repository.js';

export interface NewTimelineEntry {
  bookingId: number;
  at: Date;
  kind: TimelineKind;
  actor: Actor;
  driverId?: number | null;
  driverName?: string | null;
  driverStatus?: DriverStatus | null;
  detail?: string | null;
}

/** The columns of a ride that the dispatch board shows (board-ride.mapper.ts). */
const BOARD_COLUMNS = {
  id: true,
  reference: true,
  status: true,
  tripType: true,
  pickupTime: true,
  pickupAt: true,
  duration: true,
  pickupLocation: true,
  dropoffLocation: true,
  firstName: true,
  lastName: true,
  passengers: true,
  vehicleId: true,
  driverId: true,
  driverResponse: true,
  driverStatus: true,
  responseDeadline: true,
  flightNumber: true,
  flightAlert: true,
  flightAlertDetail: true,
  flightAlertAt: true,
} as const satisfies Prisma.BookingSelect;
export type BoardRow = Prisma.BookingGetPayload<{ select: typeof BOARD_COLUMNS }>;

/** What a held ride overlaps: another ride holding the same driver or vehicle. */
export interface Overlap {
  bookingId: number;
  reference: string;
}

/**
 * Reads and writes of assignments, holds and the timeline; the rules live in the use cases. The
 * holds are SQL: hold_span is a tstzrange (Unsupported in the Prisma schema) under the overlap
 * exclusion constraints, which Prisma can neither write nor compare with &&.
 */
@Injectable()
export class DispatchRepository {
  constructor(private readonly db: PrismaClient) {}

  /** The plain client, for a read outside any transaction. */
  get reader(): PrismaClient {
    return this.db;
  }

  /** Holds the ride's driver and vehicle for [from, to); the database refuses an overlap (23P01). */
  async hold(tx: BookingTx, bookingId: number, span: { from: Date; to: Date }): Promise<void> {
    // SQL: a tstzrange Prisma cannot write.
    await tx.$executeRawUnsafe(`UPDATE bookings SET hold_span = tstzrange($2, $3, '[)') WHERE id = $1`, bookingId, span.from, span.to);
  }

  /** Whether the ride holds its driver and vehicle now (assigned and not yet finished). */
  async isHeld(tx: BookingTx, bookingId: number): Promise<boolean> {
    // SQL: Prisma cannot read an Unsupported column, even to test it for null.
    const rows = await tx.$queryRawUnsafe<{ held: boolean }[]>(`SELECT hold_span IS NOT NULL AS held FROM bookings WHERE id = $1`, bookingId);
    return rows[0]?.held ?? false;
  }

  async release(tx: BookingTx, bookingId: number): Promise<void> {
    // SQL: Prisma cannot write an Unsupported column, even to clear it.
    await tx.$executeRawUnsafe(`UPDATE bookings SET hold_span = NULL WHERE id = $1`, bookingId);
  }

  /** Another ride already holding this driver or vehicle during the span, if any. */
  async overlap(db: BookingTx | PrismaClient, bookingId: number, span: { from: Date; to: Date }, holder: { driverId?: number; vehicleId?: number | null }): Promise<Overlap | null> {
    // SQL: the range overlap (&&) the exclusion constraints use, which Prisma cannot express.
    const rows = await db.$queryRawUnsafe<{ id: number; reference: string }[]>(
      `SELECT id, reference FROM bookings
       WHERE id <> $1 AND hold_span && tstzrange($2, $3, '[)') AND (driver_id = $4 OR vehicle_id = $5)
       ORDER BY pickup_at LIMIT 1`,
      bookingId,
      span.from,
      span.to,
      holder.driverId ?? null,
      holder.vehicleId ?? null,
    );
    return rows[0] ? { bookingId: rows[0].id, reference: rows[0].reference } : null;
  }

  /** For the admin's dropdown: per driver, the first held ride overlapping the span (one query). */
  async overlapsByDriver(bookingId: number, span: { from: Date; to: Date }, driverIds: number[]): Promise<Map<number, Overlap>> {
    if (driverIds.length === 0) return new Map();
    // SQL: the range overlap (&&) and DISTINCT ON, which Prisma cannot express.
    const rows = await this.db.$queryRawUnsafe<{ driver_id: number; id: number; reference: string }[]>(
      `SELECT DISTINCT ON (driver_id) driver_id, id, reference FROM bookings
       WHERE id <> $1 AND hold_span && tstzrange($2, $3, '[)') AND driver_id = ANY($4::int[])
       ORDER BY driver_id, pickup_at`,
      bookingId,
      span.from,
      span.to,
      driverIds,
    );
    return new Map(rows.map((r) => [r.driver_id, { bookingId: r.id, reference: r.reference }]));
  }

  /**
   * Each driver's held ride that starts before `pickupAt` (by at most `withinMs`) and is not this
   * one, the latest: where the driver will have been just before it.
   */
  async previousRides(bookingId: number, pickupAt: Date, withinMs: number, driverIds: number[]): Promise<Map<number, { reference: string; tripType: string; pickupLocation: string; dropoffLocation: string | null }>> {
    if (driverIds.length === 0) return new Map();
    // SQL: DISTINCT ON, which Prisma cannot express.
    const rows = await this.db.$queryRawUnsafe<{ driver_id: number; reference: string; trip_type: string; pickup_location: string; dropoff_location: string | null }[]>(
      `SELECT DISTINCT ON (driver_id) driver_id, reference, trip_type, pickup_location, dropoff_location FROM bookings
       WHERE id <> $1 AND hold_span IS NOT NULL AND pickup_at < $2 AND pickup_at >= $3 AND driver_id = ANY($4::int[])
       ORDER BY driver_id, pickup_at DESC`,
      bookingId,
      pickupAt,
      new Date(pickupAt.getTime() - withinMs),
      driverIds,
    );
    return new Map(rows.map((r) => [r.driver_id, { reference: r.reference, tripType: r.trip_type, pickupLocation: r.pickup_location, dropoffLocation: r.dropoff_location }]));
  }

  async insertAssignment(tx: BookingTx, assignment: Omit<RideAssignment, 'seq' | 'respondedAt' | 'pickedUpAt' | 'response'>): Promise<RideAssignment> {
    return tx.rideAssignment.create({ data: { ...assignment, response: 'pending' } });
  }

  async answerAssignment(tx: BookingTx, id: string, response: DriverResponse, at: Date): Promise<RideAssignment> {
    return tx.rideAssignment.update({ where: { id }, data: { response, respondedAt: at } });
  }

  async markPickedUp(tx: BookingTx, id: string, at: Date): Promise<RideAssignment> {
    return tx.rideAssignment.update({ where: { id }, data: { pickedUpAt: at } });
  }

  findAssignment(tx: BookingTx, id: string): Promise<RideAssignment | null> {
    return tx.rideAssignment.findUnique({ where: { id } });
  }

  /** Whether this driver was ever given this ride (to tell "given to another" from "not yours"). */
  async wasAssigned(tx: BookingTx, bookingId: number, driverId: number): Promise<boolean> {
    return (await tx.rideAssignment.count({ where: { bookingId, driverId } })) > 0;
  }

  latestAssignmentOf(tx: BookingTx, bookingId: number, driverId: number): Promise<RideAssignment | null> {
    return tx.rideAssignment.findFirst({ where: { bookingId, driverId }, orderBy: { seq: 'desc' } });
  }

  /** The driver's name as it was recorded when they were given this ride. */
  async assignedDriverName(tx: BookingTx, bookingId: number, driverId: number): Promise<string | null> {
    const entry = await tx.timelineEntry.findFirst({ where: { bookingId, driverId, kind: 'assigned' }, orderBy: { id: 'desc' }, select: { driverName: true } });
    return entry?.driverName ?? null;
  }

  async appendTimeline(tx: BookingTx, entry: NewTimelineEntry): Promise<void> {
    await tx.timelineEntry.create({
      data: {
        bookingId: entry.bookingId,
        at: entry.at,
        kind: entry.kind,
        actorKind: entry.actor.kind,
        actorId: entry.actor.id,
        actorName: entry.actor.name,
        driverId: entry.driverId ?? null,
        driverName: entry.driverName ?? null,
        driverStatus: entry.driverStatus ?? null,
        detail: entry.detail ?? null,
      },
    });
  }

  async timeline(bookingId: number): Promise<TimelineEntry[]> {
    const rows = await this.db.timelineEntry.findMany({ where: { bookingId }, orderBy: { id: 'asc' } });
    return rows.map((r) => ({
      at: r.at.toISOString(),
      kind: r.kind as TimelineKind,
      actor: { kind: r.actorKind as Actor['kind'], id: r.actorId, name: r.actorName },
      driverId: r.driverId,
      driverName: r.driverName,
      driverStatus: r.driverStatus as DriverStatus | null,
      detail: r.detail,
    }));
  }

  async bookingExists(bookingId: number): Promise<boolean> {
    return (await this.db.booking.count({ where: { id: bookingId } })) > 0;
  }

  /** The driver's rides waiting for an answer, confirmed or in progress, soonest pickup first. */
  driverRides(driverId: number): Promise<BookingRow[]> {
    return this.db.booking.findMany({
      where: {
        driverId,
        OR: [
          { status: 'pending', driverResponse: 'pending' },
          { status: { in: ['confirmed', 'in-progress'] } },
        ],
      },
      orderBy: [{ pickupAt: 'asc' }, { id: 'asc' }],
    });
  }

  /**
   * A Los Angeles day's rides but the cancelled, soonest pickup first (the dispatch board; indexed
   * by pickup date). Only the board's columns: a whole row is four times as many, and reading
   * them was most of the board's time at 1,000 rides (`npm run bench dispatch`).
   */
  dayRides(date: string): Promise<BoardRow[]> {
    return this.db.booking.findMany({
      where: { pickupDate: new Date(`${date}T00:00:00Z`), status: { not: 'cancelled' } },
      orderBy: [{ pickupAt: 'asc' }, { id: 'asc' }],
      select: BOARD_COLUMNS,
    });
  }

  /** The driver's rides (awaiting an answer, confirmed, in progress or done) picked up on these LA dates. */
  driverRidesOnDates(driverId: number, firstDate: string, lastDate: string): Promise<BookingRow[]> {
    return this.db.booking.findMany({
      where: {
        driverId,
        pickupDate: { gte: new Date(`${firstDate}T00:00:00Z`), lte: new Date(`${lastDate}T00:00:00Z`) },
        OR: [{ status: 'pending', driverResponse: 'pending' }, { status: { in: ['confirmed', 'in-progress', 'completed'] } }],
      },
      orderBy: [{ pickupAt: 'asc' }, { id: 'asc' }],
    });
  }

  /** Assignments still unanswered past their deadline (the sweep's safety net for lost jobs). */
  async overdue(now: Date, limit = 100): Promise<{ bookingId: number; assignmentId: string }[]> {
    const rows = await this.db.booking.findMany({
      where: { status: 'pending', driverResponse: 'pending', responseDeadline: { lt: now }, assignmentId: { not: null } },
      select: { id: true, assignmentId: true },
      orderBy: { responseDeadline: 'asc' },
      take: limit,
    });
    return rows.map((r) => ({ bookingId: r.id, assignmentId: r.assignmentId! }));
  }

  /** Every assignment in creation order, a page at a time (rebuilding reporting's dispatch figures). */
  async assignmentsPage(after: string, limit: number): Promise<{ items: (RideAssignment & { reference: string })[]; next: string | null }> {
    const rows = await this.db.rideAssignment.findMany({
      where: after ? { seq: { gt: BigInt(after) } } : undefined,
      orderBy: { seq: 'asc' },
      take: limit,
    });
    return {
      items: await this.withReferences(rows),
      next: rows.length === limit ? String(rows[rows.length - 1].seq) : null,
    };
  }

  /** The driver's assignments that ended without their answer (expired, withdrawn) since then, newest first. */
  async endedOffers(driverId: number, since: Date, limit = 20): Promise<(RideAssignment & { reference: string })[]> {
    const rows = await this.db.rideAssignment.findMany({
      where: { driverId, response: { in: ['expired', 'withdrawn'] }, respondedAt: { gte: since } },
      orderBy: { respondedAt: 'desc' },
      take: limit,
    });
    return this.withReferences(rows);
  }

  private async withReferences(rows: RideAssignment[]): Promise<(RideAssignment & { reference: string })[]> {
    const bookings = await this.db.booking.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.bookingId))] } }, select: { id: true, reference: true } });
    const references = new Map(bookings.map((b) => [b.id, b.reference]));
    return rows.map((r) => ({ ...r, reference: references.get(r.bookingId)! }));
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { bookingEvents, businessDateOf, businessDateTimeOf, flightDirection, type Actor, type FlightAlertKind } from '@limo/contracts';
import type { EventWriter } from '@limo/database';
import { Outbox } from '@limo/service-runtime';
import { PrismaClient } from '../generated/prisma/client.js';
import { holdSpan } from '../rides/hold-span.js';
import { DispatchRepository } from '../rides/dispatch.repository.js';
import { DispatchSettings } from '../rides/dispatch-settings.js';
import { RidesRepository, type BookingRow, type BookingTx } from '../rides/rides.repository.js';
import { toSnapshot } from '../rides/booking.mapper.js';
import { FlightSettings } from './flight-settings.js';
import { FLIGHT_STATUS_PROVIDER, FlightStatusUnavailable, type FlightStatus, type FlightStatusProvider } from './flight-status.js';
import { expectedArrival, followFlight, isDue, type FlightOutcome } from './follow-flight.js';

const FLIGHT_TRACKING: Actor = { kind: 'system', id: null, name: 'Flight tracking' };
/** The rides whose flight the poll follows: booked and not yet started, cancelled or finished. */
const FOLLOWED_STATUSES = ['pending', 'confirmed'];
/** The flight status a ride shows while the provider has had nothing fresh to say close to its pickup. */
const NO_FRESH_STATUS = 'no-fresh-status';
/** Close to the pickup (decisions.md's "2 hours before pickup"), an answer older than this is not fresh. */
const STALE_WARNING_MS = 2 * 3600_000;
const STALE_AFTER_MS = 30 * 60_000;
/** Rides a poll follows at once: under the service's database pool (10), beside its requests. */
const POLL_CONCURRENCY = 4;

export interface PollResult {
  asked: number;
  moved: number;
  unavailable: number;
  /** At-risk rides whose driver and vehicle are free again at the new time (held again, alert gone). */
  resolved: number;
  /** Rides not asked because the poll's time budget ran out (a slow provider): still due at the next poll. */
  deferred: number;
}

/**
 * What an answer does to the ride's alert: a flight the provider does not know is the admin's to
 * check (an at-risk alert says more, and stays); an answer about a known flight ends that, and a
 * stale one. The columns to write, or null when the alert stays as it is.
 */
function alertAfter(row: BookingRow, status: FlightStatus, outcome: FlightOutcome, now: Date): ReturnType<typeof alertColumns> | null {
  const unknown = status.state === 'unknown';
  if (unknown && row.flightAlert !== 'unknown-flight' && row.flightAlert !== 'at-risk') {
    const detail = outcome.kind === 'noted' && outcome.news ? outcome.news : `Flight ${row.flightNumber} is not known to the flight-status provider`;
    return alertColumns({ kind: 'unknown-flight', detail, at: now });
  }
  if (!unknown && (row.flightAlert === 'unknown-flight' || row.flightAlert === 'no-fresh-status')) return alertColumns(null);
  return null;
}

/** The columns that record an answer on the ride. */
function seenColumns(status: FlightStatus, now: Date) {
  return {
    flightStatus: status.state,
    flightCheckedAt: now,
    ...(status.scheduledArrival ? { flightScheduledArrival: status.scheduledArrival } : {}),
    ...(status.estimatedArrival ? { flightArrival: status.estimatedArrival } : {}),
  };
}

/** The booking columns of a flight alert: set (kind and words) or cleared (null). */
function alertColumns(alert: { kind: FlightAlertKind; detail: string; at: Date } | null) {
  return { flightAlert: alert?.kind ?? null, flightAlertDetail: alert?.detail ?? null, flightAlertAt: alert?.at ?? null };
}

/**
 * One poll of the arriving flights (decisions.md, "Airport rides"): the upcoming rides whose
 * pickup is an airport and that carry a flight, from FLIGHT_POLL_HOURS_AHEAD before the pickup
 * until it, each asked when its last answer is stale (more often as the pickup nears). A moved
 * arrival moves the pickup as an admin's edit would, the price untouched: version + 1, a line in
 * the history, `booking.updated` through the outbox, the driver held again for the new span. Each
 * ride is written under its row lock and decided from the locked row, so two replicas polling at
 * once (or a poll repeated) move it once. A provider that cannot answer leaves the ride as it was.
 *
 * What the admin must act on is the ride's flight alert (in the booking, its events and so the
 * admin's bell): a move onto another ride of the driver or vehicle (at-risk, until a poll finds
 * them free at the new time: another driver, the other ride moved, the driver taken off), a flight
 * the provider does not know, no fresh status within 2 hours of the pickup (both until the
 * provider answers with a known flight). Setting or clearing one is a change of the booking:
 * version + 1 and `booking.updated`.
 */
@Injectable()
export class FollowFlights {
  private readonly log = new Logger('FollowFlights');

  constructor(
    private readonly db: PrismaClient,
    private readonly outbox: Outbox,
    private readonly rides: RidesRepository,
    private readonly dispatch: DispatchRepository,
    private readonly dispatchSettings: DispatchSettings,
    private readonly settings: FlightSettings,
    @Inject(FLIGHT_STATUS_PROVIDER) private readonly provider: FlightStatusProvider,
  ) {}

  /**
   * `budgetMs` (half the poll interval unless given): no new flight is asked after it, so a slow
   * or failing provider (each question has its own retry budget, a quarter of the interval) ends
   * the poll well before the next one is due.
   */
  async poll(now = new Date(), budgetMs = this.settings.pollSeconds * 500): Promise<PollResult> {
    const result: PollResult = { asked: 0, moved: 0, unavailable: 0, resolved: 0, deferred: 0 };
    const stopAsking = Date.now() + budgetMs;
    // One question per flight and expected arrival in a poll, however many rides it carries.
    const answers = new Map<string, Promise<FlightStatus>>();
    const seenOnly: { ride: BookingRow; status: FlightStatus }[] = [];
    const follow = async (ride: BookingRow): Promise<void> => {
      result.asked++;
      // The flight's own day: its (scheduled, else expected) arrival's, not the pickup's: a delay may carry the pickup past midnight, and a 00:00 pickup's flight lands the evening before.
      const arrival = expectedArrival(ride);
      const query = { flightNumber: ride.flightNumber as string, date: businessDateOf(arrival), expectedArrival: arrival };
      const key = `${query.flightNumber}|${query.date}|${query.expectedArrival.getTime()}`;
      if (!answers.has(key)) answers.set(key, this.provider.status(query));
      let status: FlightStatus;
      try {
        status = await (answers.get(key) as Promise<FlightStatus>);
      } catch (error) {
        if (!(error instanceof FlightStatusUnavailable)) throw error;
        // The last known arrival stands; the next poll asks again.
        result.unavailable++;
        this.log.warn(`flight ${ride.flightNumber} of booking ${ride.reference}: ${error.message}`);
        await this.noteStale(ride, now, error).catch((failed: Error) => this.log.warn(`booking ${ride.reference}: ${failed.message}`));
        return;
      }
      // Most answers change nothing but the record of them: written together at the end, not one transaction each.
      const outcome = followFlight({ ...ride, flightNumber: ride.flightNumber as string }, status);
      if (outcome.kind === 'noted' && outcome.news === null && alertAfter(ride, status, outcome, now) === null) {
        seenOnly.push({ ride, status });
        return;
      }
      try {
        if (await this.apply(ride.id, status, now)) result.moved++;
      } catch (error) {
        // One ride that cannot be written now (another ride took its driver meanwhile) does not hold up the others.
        this.log.warn(`booking ${ride.reference} could not follow flight ${ride.flightNumber}: ${(error as Error).message}`);
      }
    };
    // A few rides at a time (measured: one after the other, a poll of 2,000 flights waited on the
    // database for most of its 10 s); each ride is still decided under its own row lock.
    const due = await this.dueRides(now);
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(POLL_CONCURRENCY, due.length) }, async () => {
        while (next < due.length) {
          if (Date.now() >= stopAsking) {
            result.deferred = due.length - next;
            next = due.length;
            break;
          }
          await follow(due[next++]);
        }
      }),
    );
    await this.recordSeen(seenOnly, now);
    for (const ride of await this.atRisk(now)) {
      try {
        if (await this.resolveAtRisk(ride.id, now)) result.resolved++;
      } catch (error) {
        this.log.warn(`booking ${ride.reference}: ${(error as Error).message}`);
      }
    }
    return result;
  }

  /**
   * The provider has had no answer for the ride's flight for STALE_AFTER_MS and the pickup is
   * STALE_WARNING_MS away or less: the history tells the admin once (until an answer comes).
   */
  private async noteStale(ride: BookingRow, now: Date, error: FlightStatusUnavailable): Promise<void> {
    if (ride.pickupAt.getTime() - now.getTime() > STALE_WARNING_MS) return;
    if (ride.flightCheckedAt && now.getTime() - ride.flightCheckedAt.getTime() < STALE_AFTER_MS) return;
    await this.outbox.transaction(async (tx: BookingTx, events) => {
      const row = await this.rides.lock(tx, ride.id);
      if (!row || row.flightStatus === NO_FRESH_STATUS || row.flightCheckedAt?.getTime() !== ride.flightCheckedAt?.getTime()) return;
      const detail = `No fresh status for flight ${row.flightNumber} (the provider: ${error.reason}) and the pickup is within 2 hours: pickup kept at ${businessDateTimeOf(row.pickupAt).time}; check the flight`;
      // An at-risk alert says more (the clash stands whatever the flight does): it stays.
      const alert = row.flightAlert === 'at-risk' ? {} : alertColumns({ kind: 'no-fresh-status', detail, at: now });
      await this.changed(tx, events, row, { flightStatus: NO_FRESH_STATUS, ...alert });
      await this.dispatch.appendTimeline(tx, { bookingId: ride.id, at: now, kind: 'edited', actor: FLIGHT_TRACKING, detail });
    });
  }

  /**
   * Records answers that change nothing else in one statement (measured: one transaction per
   * flight cost a poll of 2,000 flights more CPU per flight than a booking insert). Decided from
   * the rows as read without a lock, so a row is written only while its version and last check
   * are still those: one moved, edited or asked again (a what-if) meanwhile is left to the next
   * poll.
   */
  private async recordSeen(answers: { ride: BookingRow; status: FlightStatus }[], now: Date): Promise<void> {
    for (let i = 0; i < answers.length; i += 1000) {
      const batch = answers.slice(i, i + 1000);
      const column = <T>(pick: (a: { ride: BookingRow; status: FlightStatus }) => T) => batch.map(pick);
      await this.db.$executeRawUnsafe(
        `UPDATE bookings b
         SET flight_status = v.state, flight_checked_at = $7, updated_at = $7,
             flight_scheduled_arrival = coalesce(v.scheduled, b.flight_scheduled_arrival), flight_arrival = coalesce(v.arrival, b.flight_arrival)
         FROM unnest($1::int[], $2::int[], $3::timestamptz[], $4::text[], $5::timestamptz[], $6::timestamptz[]) AS v(id, version, checked, state, scheduled, arrival)
         WHERE b.id = v.id AND b.version = v.version AND b.flight_checked_at IS NOT DISTINCT FROM v.checked AND b.status = ANY($8::text[])`,
        column((a) => a.ride.id),
        column((a) => a.ride.version),
        column((a) => a.ride.flightCheckedAt),
        column((a) => a.status.state),
        column((a) => a.status.scheduledArrival),
        column((a) => a.status.estimatedArrival),
        now,
        FOLLOWED_STATUSES,
      );
    }
  }

  /** Writes a change of the ride that is news to the other services: version + 1 and `booking.updated`. */
  private async changed(tx: BookingTx, events: EventWriter, row: BookingRow, data: Parameters<RidesRepository['update']>[2]): Promise<BookingRow> {
    const updated = await this.rides.update(tx, row.id, { ...data, version: row.version + 1 });
    await events.append(bookingEvents.updated, row.id, { booking: toSnapshot(updated) });
    return updated;
  }

  /** The upcoming followed rides at risk: checked at every poll, due or not. */
  private atRisk(now: Date): Promise<BookingRow[]> {
    return this.db.booking.findMany({ where: { flightAlert: 'at-risk', status: { in: FOLLOWED_STATUSES }, pickupAt: { gte: now } }, orderBy: { pickupAt: 'asc' } });
  }

  /** An at-risk ride whose driver and vehicle are free at its time now (or that holds none any more) is held and its alert goes; true then. */
  private resolveAtRisk(id: number, now: Date): Promise<boolean> {
    return this.outbox.transaction(async (tx: BookingTx, events) => {
      const row = await this.rides.lock(tx, id);
      if (!row || row.flightAlert !== 'at-risk' || !FOLLOWED_STATUSES.includes(row.status)) return false;
      if (await this.holdAgain(tx, row)) return false;
      await this.changed(tx, events, row, alertColumns(null));
      const detail = row.driverId === null ? 'No longer at risk: no driver holds the ride' : `No longer at risk: the driver and vehicle are held for ${businessDateTimeOf(row.pickupAt).time}`;
      await this.dispatch.appendTimeline(tx, { bookingId: id, at: now, kind: 'edited', actor: FLIGHT_TRACKING, detail });
      return true;
    });
  }

  private async dueRides(now: Date): Promise<BookingRow[]> {
    const upcoming = await this.db.booking.findMany({
      where: {
        flightNumber: { not: null },
        status: { in: FOLLOWED_STATUSES },
        pickupAt: { gte: now, lte: new Date(now.getTime() + this.settings.hoursAhead * 3600_000) },
      },
      orderBy: { pickupAt: 'asc' },
    });
    return upcoming.filter((ride) => flightDirection(ride) === 'arriving' && isDue(ride, now, this.settings));
  }

  /** Writes the flight's answer to the ride; true when its pickup moved. */
  private apply(id: number, status: FlightStatus, now: Date): Promise<boolean> {
    return this.outbox.transaction(async (tx: BookingTx, events) => {
      const row = await this.rides.lock(tx, id);
      if (!row || !row.flightNumber || !FOLLOWED_STATUSES.includes(row.status)) return false;
      const outcome = followFlight({ ...row, flightNumber: row.flightNumber }, status);
      const seen = seenColumns(status, now);
      const alert = alertAfter(row, status, outcome, now);
      if (outcome.kind === 'noted') {
        if (alert) await this.changed(tx, events, row, { ...seen, ...alert });
        else await this.rides.update(tx, id, seen);
        if (outcome.news) await this.dispatch.appendTimeline(tx, { bookingId: id, at: now, kind: 'edited', actor: FLIGHT_TRACKING, detail: outcome.news });
        return false;
      }
      const moved = await this.rides.update(tx, id, {
        ...seen,
        ...(alert ?? {}),
        pickupDate: new Date(`${outcome.pickupDate}T00:00:00Z`),
        pickupTime: outcome.pickupTime,
      });
      const conflict = await this.holdAgain(tx, moved);
      const detail = conflict ? `${outcome.detail}. At risk: ${conflict}` : outcome.detail;
      // At risk until a poll finds the driver and vehicle free at the new time; a move that holds them ends an earlier risk.
      await this.changed(tx, events, row, conflict ? alertColumns({ kind: 'at-risk', detail, at: now }) : row.flightAlert === 'at-risk' ? alertColumns(null) : {});
      await this.dispatch.appendTimeline(tx, { bookingId: id, at: now, kind: 'edited', actor: FLIGHT_TRACKING, detail });
      if (conflict) this.log.warn(`booking ${row.reference}: ${detail}`);
      return true;
    });
  }

  /**
   * A ride that holds its driver and vehicle is held for its new span. When another ride already
   * holds one of them then, the move stands (the flight lands when it lands) and the ride keeps
   * its old hold, so the clash is never a silent double booking: the words for the admin.
   */
  private async holdAgain(tx: BookingTx, ride: BookingRow): Promise<string | null> {
    if (ride.driverId === null || !(await this.dispatch.isHeld(tx, ride.id))) return null;
    const span = holdSpan(ride, this.dispatchSettings);
    const driver = await this.dispatch.overlap(tx, ride.id, span, { driverId: ride.driverId });
    if (driver) return `the driver already has ride ${driver.reference} at the new time; reassign one of them`;
    const vehicle = ride.vehicleId === null ? null : await this.dispatch.overlap(tx, ride.id, span, { vehicleId: ride.vehicleId });
    if (vehicle) return `the vehicle is already booked for ride ${vehicle.reference} at the new time; reassign one of them`;
    await this.dispatch.hold(tx, ride.id, span);
    return null;
  }
}

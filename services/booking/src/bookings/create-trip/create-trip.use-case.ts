import { Inject, Injectable } from '@nestjs/common';
import { BENEFITS_MESSAGES, bookingEvents, COMPANY_MESSAGES, CreateTripResult, type BookingRequest, type TripRequest } from '@limo/contracts';
import { claimedBenefits } from '../../benefits/claimed-benefits.js';
import { checkCompanyClaim, CompanyTransfers } from '../../benefits/company-transfers.js';
import { CustomerBenefits } from '../../benefits/customer-benefits.js';
import { HoldClock, HoldsTooOld, holdsTooOldRefusal } from '../../benefits/hold-age.js';
import { legClaimsOf, transferGone, type PlanLegs } from '../../benefits/plan-legs.js';
import type { Spent } from '../../rates/apply-benefits.js';
import { isConnectionLoss } from '@limo/database';
import { badRequest, ServiceError } from '@limo/messaging';
import { Outbox, SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../../booking.config.js';
import { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { requestHash } from '../../idempotency/request-hash.js';
import { QuoteRides, type RideQuotes } from '../../rates/quote-rides/quote-rides.use-case.js';
import { leadTimeProblem } from '../../rides/ride-rules.js';
import { REFERENCE_GENERATOR, type ReferenceSource } from '../booking-reference.js';
import { newBookingData } from '../booking-rules.js';
import { toBooking, toSnapshot } from '../../rides/booking.mapper.js';
import type { BookingTx } from '../../rides/rides.repository.js';
import { storedResponse } from '../../idempotency/idempotency.store.js';

const TRIP_SCOPE = 'trips.create';
const ATTEMPTS = 8;

/** A trip reference such as RT-7K3Q9: both legs carry it (each keeps its own LX- reference). */
const tripReference = (next: () => string) => `RT-${next().slice(-5)}`;

const isUniqueViolation = (error: unknown) => error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';

/**
 * Roundtrip Relax (decisions.md): a one-way ride and its return as two linked bookings, one
 * reference each and one trip reference, stored together or not at all (with their timeline
 * entries, `created` events and the Idempotency-Key's answer), each priced by the rate table: the
 * return's fare 20% off unless a better single offer applies to it. Not the measured hot path: a
 * Prisma transaction (see create-booking for the batched single rides). As a single booking's,
 * legs whose holds were taken too long ago (STORE_HOLDS_WITHIN_MS) are not stored: the holds are
 * given back and the trip answered 503, to be tried again.
 */
@Injectable()
export class CreateTrip {
  private readonly leadMinutes: number;

  constructor(
    private readonly outbox: Outbox,
    private readonly db: PrismaClient,
    private readonly quotes: QuoteRides,
    private readonly benefits: CustomerBenefits,
    private readonly transfers: CompanyTransfers,
    private readonly clock: HoldClock,
    @Inject(REFERENCE_GENERATOR) private readonly references: ReferenceSource,
    @Inject(SERVICE_CONFIG) config: BookingConfig,
  ) {
    this.leadMinutes = config.BOOKING_MIN_LEAD_MINUTES;
  }

  async execute({ request, idempotencyKey, account }: { request: TripRequest; idempotencyKey?: string; account?: { email: string } }): Promise<CreateTripResult> {
    const { returnTrip, ...outbound } = request;
    if (!returnTrip) throw badRequest('A round trip needs its return');
    const hash = idempotencyKey ? requestHash(request) : '';
    const now = new Date();
    const tooSoon = leadTimeProblem(outbound, now, this.leadMinutes);
    if (tooSoon) return this.replayOr(idempotencyKey, hash, badRequest(tooSoon));
    const companyClaim = checkCompanyClaim(outbound, account);
    let company: { companyId: number; legs: PlanLegs } | null = null;
    try {
      if (companyClaim && account) company = { companyId: companyClaim.companyId, legs: await this.transfers.legs(account.email, companyClaim.companyId, request, legClaimsOf(companyClaim)) };
    } catch (error) {
      if (error instanceof ServiceError) return this.replayOr(idempotencyKey, hash, error);
      throw error;
    }
    if (companyClaim && company && transferGone(company.legs, legClaimsOf(companyClaim))) return this.replayOr(idempotencyKey, hash, new ServiceError(409, COMPANY_MESSAGES.transferGone));
    const claimed = company ? undefined : claimedBenefits(outbound, account);
    const plan = company ? { outbound: company.legs.outbound, back: company.legs.back } : undefined;
    const quoted = await this.quotes.execute({ ...outbound, returnTrip }, now, { everyVehicle: false, benefits: claimed, plan });
    if (claimed?.freeRide && !quoted.spent.freeRide && !quoted.returnSpent?.freeRide) throw badRequest(BENEFITS_MESSAGES.notAirport);
    // Each leg holds what it spends (a leg cancelled alone hands back its own), before the legs are
    // stored; a retry of a stored trip finds them held by its legs, and gets the trip.
    let holds: [string | null, string | null] = [null, null];
    // Before the first is asked for: neither of the customers service's holds is older than this.
    const holdsAsked = this.clock.now();
    try {
      if (account && company) holds = await this.holdTransfers(account.email, company.companyId, company.legs, [outbound.pickupDate, returnTrip.pickupDate]);
      else if (account) holds = await this.holdBoth(account.email, quoted.spent, quoted.returnSpent);
    } catch (error) {
      if (error instanceof ServiceError) return this.replayOr(idempotencyKey, hash, error);
      throw error;
    }
    const back = {
      ...outbound,
      pickupDate: returnTrip.pickupDate,
      pickupTime: returnTrip.pickupTime,
      pickupLocation: returnTrip.pickupLocation || outbound.dropoffLocation || '',
      dropoffLocation: outbound.pickupLocation,
      waypoints: [],
      flightNumber: returnTrip.flightNumber,
    };
    try {
      const takenAt = holds.some((hold) => hold !== null) ? holdsAsked : null;
      return await this.store(request, outbound, back, quoted, { ids: holds, takenAt }, company ? { companyId: company.companyId, companyName: company.legs.companyName } : null, idempotencyKey, hash);
    } catch (error) {
      // As a single booking's: a connection lost at the commit may have stored both legs, whose holds stay for the sweep to settle.
      if (!isConnectionLoss(error)) await this.release(holds, company !== null);
      if (error instanceof HoldsTooOld) throw holdsTooOldRefusal(company !== null);
      throw error;
    }
  }

  /** Each covered leg holds one of its month's transfers (the return's is handed back if the outbound's cannot be held, and the other way round). */
  private async holdTransfers(email: string, companyId: number, legs: PlanLegs, [outboundDate, returnDate]: [string, string]): Promise<[string | null, string | null]> {
    const first = legs.outbound.covered ? await this.transfers.reserve(email, companyId, outboundDate) : null;
    try {
      return [first, legs.back?.covered ? await this.transfers.reserve(email, companyId, returnDate) : null];
    } catch (error) {
      await this.transfers.release(first);
      throw error;
    }
  }

  private async release(holds: [string | null, string | null], transfers: boolean): Promise<void> {
    await Promise.all(holds.map((hold) => (transfers ? this.transfers.release(hold) : this.benefits.release(hold))));
  }

  private async holdBoth(email: string, outbound: Spent, back: Spent | null): Promise<[string | null, string | null]> {
    const first = await this.benefits.reserve(email, outbound);
    try {
      return [first, back ? await this.benefits.reserve(email, back) : null];
    } catch (error) {
      await this.benefits.release(first);
      throw error;
    }
  }

  private async store(
    request: TripRequest,
    outbound: Omit<TripRequest, 'returnTrip'>,
    back: BookingRequest,
    quoted: RideQuotes,
    { ids: [outboundHold, returnHold], takenAt }: { ids: [string | null, string | null]; takenAt: number | null },
    company: { companyId: number; companyName: string } | null,
    idempotencyKey: string | undefined,
    hash: string,
  ): Promise<CreateTripResult> {
    const { returnTrip } = request;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.outbox.transaction(async (tx: BookingTx, events) => {
          if (idempotencyKey) {
            const claimed = await tx.idempotencyKey.createMany({ data: [{ scope: TRIP_SCOPE, key: idempotencyKey, requestHash: hash }], skipDuplicates: true });
            if (claimed.count === 0) throw new KeyTaken();
          }
          // The last moment before the legs are written: rolled back whole, the holds are given back.
          if (this.clock.tooOld(takenAt)) throw new HoldsTooOld();
          const trip = tripReference(this.references.next);
          const leg = (data: Prisma.BookingCreateInput, tripLeg: 'outbound' | 'return') => tx.booking.create({ data: { ...data, tripReference: trip, tripLeg } });
          // A leg's hold is the company's transfer on a company's ride, else the account's benefits.
          const holdOf = (hold: string | null) => (company ? { ...company, transferReservationId: hold } : { benefitsReservationId: hold });
          const first = await leg({ ...newBookingData(outbound, this.references.next(), quoted.quote, quoted.rateVersion), ...holdOf(outboundHold) }, 'outbound');
          const second = await leg({ ...newBookingData(back, this.references.next(), quoted.returnQuote!, quoted.rateVersion), ...holdOf(returnHold) }, 'return');
          const outboundRow = await tx.booking.update({ where: { id: first.id }, data: { linkedBookingId: second.id } });
          const returnRow = await tx.booking.update({ where: { id: second.id }, data: { linkedBookingId: first.id } });
          for (const row of [outboundRow, returnRow]) {
            await tx.timelineEntry.create({ data: { bookingId: row.id, at: row.createdAt, kind: 'created', actorKind: 'customer', detail: `Booked as ${row.reference}, the ${row.tripLeg} of round trip ${trip}` } });
            await events.append(bookingEvents.created, row.id, { booking: toSnapshot(row) }, row.createdAt);
          }
          const result = { booking: toBooking(outboundRow), returnBooking: toBooking(returnRow), tripReference: trip, replayed: false };
          if (idempotencyKey) await tx.idempotencyKey.update({ where: { scope_key: { scope: TRIP_SCOPE, key: idempotencyKey } }, data: { bookingId: first.id, response: result as unknown as Prisma.InputJsonValue } });
          return result;
        });
      } catch (error) {
        if (error instanceof KeyTaken) {
          // The first request's legs hold their own benefits.
          await this.release([outboundHold, returnHold], company !== null);
          return this.replay(idempotencyKey!, hash);
        }
        if (attempt < ATTEMPTS && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  /** A retry of a stored request gets its trip, whatever has changed since (the lead time passing). */
  private async replayOr(key: string | undefined, hash: string, error: ServiceError): Promise<CreateTripResult> {
    if (!key) throw error;
    try {
      return await this.replay(key, hash);
    } catch {
      throw error;
    }
  }

  private async replay(key: string, hash: string): Promise<CreateTripResult> {
    const first = await storedResponse<CreateTripResult>(this.db, TRIP_SCOPE, key, hash);
    return CreateTripResult.parse({ ...first, replayed: true });
  }
}

/** Another request holds the Idempotency-Key: its trip is answered instead. */
class KeyTaken extends Error {}


import { setTimeout } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import { BENEFITS_MESSAGES, COMPANY_MESSAGES, CreateBookingResult, type Booking, type BookingRequest, type CompanyClaim } from '@limo/contracts';
import { CustomerBenefits } from '../../benefits/customer-benefits.js';
import { checkCompanyClaim, CompanyTransfers } from '../../benefits/company-transfers.js';
import { legClaimsOf, transferGone, type PlanLegs } from '../../benefits/plan-legs.js';
import { claimedBenefits } from '../../benefits/claimed-benefits.js';
import { HoldClock, HoldsTooOld, holdsTooOldRefusal } from '../../benefits/hold-age.js';
import { isConnectionLoss } from '@limo/database';
import { badRequest, ServiceError } from '@limo/messaging';
import { SERVICE_CONFIG } from '@limo/service-runtime';
import type { BookingConfig } from '../../booking.config.js';
import { requestHash } from '../../idempotency/request-hash.js';
import { REFERENCE_GENERATOR, type ReferenceSource } from '../booking-reference.js';
import { newBookingData } from '../booking-rules.js';
import { BookingsRepository } from '../bookings.repository.js';
import { QuoteRides, type RideQuotes } from '../../rates/quote-rides/quote-rides.use-case.js';
import { leadTimeProblem } from '../../rides/ride-rules.js';
import { newBooking, type KeyClaim } from './new-booking.js';
import { isReferenceCollision } from './new-booking.store.js';
import { NewBookingWriter } from './new-booking-writer.js';

export interface CreateBookingCommand {
  request: BookingRequest;
  idempotencyKey?: string;
  /** The signed-in customer (the gateway's session): their free ride and credit may apply. */
  account?: { email: string };
  /** Off only for the demo seeder, whose sample rides include today's completed ones. */
  checkLeadTime?: boolean;
}

/** What a booking holds in the customers service before it is stored: the account's benefits, or a company's transfer. */
interface Holds {
  benefits: string | null;
  transfer: string | null;
  /** When they were taken (HoldClock); null when nothing is held. */
  takenAt: number | null;
}
const NO_HOLDS: Holds = { benefits: null, transfer: null, takenAt: null };

/** A booker's ride for their company: the claim and its legs on the plan. */
interface CompanyRide {
  claim: CompanyClaim;
  legs: PlanLegs;
}

const CREATE_SCOPE = 'bookings.create';
const REFERENCE_ATTEMPTS = 8;
/** How long a retry whose benefits were found held looks for its first request's booking: 10 x 100 ms. */
const RETRY_WAITS = 10;
const RETRY_WAIT_MS = 100;

/**
 * Stores a booking with its timeline entry and `created` event, in one statement with the
 * Idempotency-Key (if any) and the response it gets (with the other bookings that arrived at the
 * same time: NewBookingWriter): a retry with the key answers the first
 * booking and creates nothing. Before that, the ride is held to the lead time and the fleet's
 * seats and priced by the server (the browser's figures and any offer it claims are ignored). A
 * reference that is already taken (ReferenceTaken, or the unique violation when another statement
 * stored it meanwhile) stores nothing, and the next attempt draws a new one. A booking whose
 * holds were taken too long ago to be stored safely (STORE_HOLDS_WITHIN_MS) is not stored: its
 * holds are given back and it is answered 503, to be tried again.
 */
@Injectable()
export class CreateBooking {
  private readonly leadMinutes: number;

  constructor(
    private readonly writer: NewBookingWriter,
    private readonly bookings: BookingsRepository,
    @Inject(REFERENCE_GENERATOR) private readonly references: ReferenceSource,
    private readonly quotes: QuoteRides,
    private readonly benefits: CustomerBenefits,
    private readonly transfers: CompanyTransfers,
    private readonly clock: HoldClock,
    @Inject(SERVICE_CONFIG) config: BookingConfig,
  ) {
    this.leadMinutes = config.BOOKING_MIN_LEAD_MINUTES;
  }

  async execute({ request, idempotencyKey, account, checkLeadTime = true }: CreateBookingCommand): Promise<CreateBookingResult> {
    const hash = idempotencyKey ? requestHash(request) : '';
    const claim = idempotencyKey ? { scope: CREATE_SCOPE, key: idempotencyKey, hash } : undefined;
    const now = new Date();
    let quote: RideQuotes;
    let company: CompanyRide | null = null;
    let holds = NO_HOLDS;
    try {
      const tooSoon = checkLeadTime ? leadTimeProblem(request, now, this.leadMinutes) : null;
      if (tooSoon) throw badRequest(tooSoon);
      const claim = checkCompanyClaim(request, account);
      company = claim && account ? { claim, legs: await this.transfers.legs(account.email, claim.companyId, request, legClaimsOf(claim)) } : null;
      quote = company ? await this.companyQuote(request, now, company) : await this.quote(request, now, account);
      // Held before the booking is stored, named by its `created` event; handed back if it is not.
      holds = await this.hold(request, quote, account, company);
    } catch (error) {
      // A retry of a request that was stored gets its booking, even once the pickup is too near
      // or its benefits are held by that booking (waited for a moment: that first request may be
      // committing its booking right now, holding the benefits the retry found gone).
      const first = claim && error instanceof ServiceError ? await this.storedOrCommitting(claim, error.status === 409) : null;
      if (first) return CreateBookingResult.parse({ booking: first, replayed: true });
      throw error;
    }
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const data = {
            ...newBookingData(request, this.references.next(), quote.quote, quote.rateVersion),
            benefitsReservationId: holds.benefits,
            ...(company ? { companyId: company.claim.companyId, companyName: company.legs.companyName, transferReservationId: holds.transfer } : {}),
          };
          const booking = await this.writer.write(newBooking(data, claim), holds.takenAt);
          if (booking) return { booking, replayed: false };
          // The key was taken (and its request committed: the claim waited on it): its booking holds its own benefits.
          await this.release(holds);
          return CreateBookingResult.parse({ booking: await this.bookings.replayOf(claim!), replayed: true });
        } catch (error) {
          if (attempt < REFERENCE_ATTEMPTS && isReferenceCollision(error)) continue;
          throw error;
        }
      }
    } catch (error) {
      // A connection lost at the commit leaves the booking maybe stored (a resend with its key
      // would find it): its holds stay, and the customers service's sweep asks this service
      // whether a booking names them before it gives them back.
      if (!isConnectionLoss(error)) await this.release(holds);
      if (error instanceof HoldsTooOld) throw holdsTooOldRefusal(holds.transfer !== null);
      throw error;
    }
  }

  /** A company's ride holds one of the month's transfers when its quote took one; a customer's own, the benefits it spends. */
  private async hold(request: BookingRequest, quote: RideQuotes, account: { email: string } | undefined, company: CompanyRide | null): Promise<Holds> {
    if (!account) return NO_HOLDS;
    // Before it is asked for: the customers service's hold is never older than this.
    const takenAt = this.clock.now();
    if (!company) {
      const benefits = await this.benefits.reserve(account.email, quote.spent);
      return { benefits, transfer: null, takenAt: benefits ? takenAt : null };
    }
    if (!company.legs.outbound.covered) return NO_HOLDS;
    return { benefits: null, transfer: await this.transfers.reserve(account.email, company.claim.companyId, request.pickupDate), takenAt };
  }

  private async release(holds: Holds): Promise<void> {
    await Promise.all([this.benefits.release(holds.benefits), this.transfers.release(holds.transfer)]);
  }

  private async storedOrCommitting(claim: KeyClaim, wait: boolean): Promise<Booking | null> {
    for (let attempt = 0; ; attempt++) {
      const first = await this.bookings.storedCreate(claim);
      if (first || !wait || attempt === RETRY_WAITS) return first;
      await setTimeout(RETRY_WAIT_MS);
    }
  }

  /**
   * A booker's ride priced on the company's plan: one of the month's transfers when the customer's
   * quote showed one (409 when the last went meanwhile), else priced and billed to the company.
   */
  private async companyQuote(request: BookingRequest, now: Date, company: CompanyRide): Promise<RideQuotes> {
    if (transferGone(company.legs, legClaimsOf(company.claim))) throw new ServiceError(409, COMPANY_MESSAGES.transferGone);
    return this.quotes.execute(request, now, { everyVehicle: false, plan: company.legs });
  }

  /**
   * The server's quote for the ride (the quote holds the vehicle to the party: else a 400), with
   * the free ride and credit the customer's quote showed.
   */
  private async quote(request: BookingRequest, now: Date, account: { email: string } | undefined): Promise<RideQuotes> {
    const claimed = claimedBenefits(request, account);
    const quote = await this.quotes.execute(request, now, { everyVehicle: false, benefits: claimed });
    if (claimed.freeRide && !quote.spent.freeRide) throw badRequest(BENEFITS_MESSAGES.notAirport);
    return quote;
  }
}

import { Injectable } from '@nestjs/common';
import { BENEFITS_MESSAGES, fromCents, toCents, type AccountBenefits, type BookingSnapshot, type ReserveBenefits } from '@limo/contracts';
import { ServiceError } from '@limo/messaging';
import { PrismaClient } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';
import { lockEmails } from '../email-locks.js';
import { CreditLedgerBook } from '../credits/credit-ledger.js';
import { CreditsRepository } from '../credits/credits.repository.js';
import { take } from '../credits/ledger-rules.js';
import { BenefitsRepository, type ReservationRow } from './benefits.repository.js';
import { CreditReservationsRepository } from './credit-reservations.repository.js';
import { StoredBookings } from '../stored-bookings.js';

/**
 * A booking's hold on the customer's free ride and credit (benefits.ts). The booking service
 * reserves what the quote showed before it stores the booking and names the reservation in the
 * booking's `created` event; the booking's events then settle it (completed) or release it
 * (cancelled). Every change of an email's benefits runs under that email's lock in Postgres, so
 * two bookings at once, on any replicas, never hold the same free ride or cent.
 */
@Injectable()
export class BenefitReservations {
  constructor(
    private readonly db: PrismaClient,
    private readonly reservations: BenefitsRepository,
    private readonly credits: CreditsRepository,
    private readonly ledger: CreditLedgerBook,
    private readonly creditReservations: CreditReservationsRepository,
    private readonly storedBookings: StoredBookings,
  ) {}

  /** What the email can spend now: its free ride expiring first and its available credit. */
  async get(email: string, now = new Date()): Promise<AccountBenefits> {
    const [freeRide, credit] = await Promise.all([this.reservations.freeRide(this.db, email, now), this.ledger.available(this.db, email, now)]);
    return { freeRide: freeRide ? { expiresAt: freeRide.expiresAt.toISOString() } : null, credit: fromCents(credit) };
  }

  /** Holds the claim, all or nothing (409 gone); the same reservation id again holds nothing more. */
  async reserve({ email, reservationId, claim }: ReserveBenefits, now = new Date()): Promise<void> {
    const cents = toCents(claim.credit);
    // Credit alone (what most signed-in bookings hold) takes the short transaction of the booking's hot path.
    const held = claim.freeRide
      ? await this.reserveWithFreeRide(email, reservationId, cents, now)
      : await this.creditReservations.reserve(email, reservationId, cents, (grants) => take(grants, cents, now), now);
    if (!held) throw new ServiceError(409, BENEFITS_MESSAGES.gone);
  }

  private reserveWithFreeRide(email: string, reservationId: string, cents: number, now: Date): Promise<boolean> {
    return this.db.$transaction(async (tx) => {
      // The card's lock first, as the booking events take it: a free ride is not withdrawn while it is being held.
      await lockEmails(tx, 'loyalty', [email]);
      await this.credits.lockEmails(tx, [email]);
      if (await this.reservations.lock(tx, reservationId)) return true;
      const reward = await this.reservations.freeRide(tx, email, now);
      if (!reward || !(await this.reservations.holdReward(tx, reward.id, reservationId))) throw new ServiceError(409, BENEFITS_MESSAGES.gone);
      await this.reservations.insert(tx, { id: reservationId, email, rewardId: reward.id, cents });
      // Throwing rolls back the free ride held above as well: all or nothing.
      if (!(await this.ledger.reserve(tx, email, reservationId, cents, now))) throw new ServiceError(409, BENEFITS_MESSAGES.gone);
      return true;
    });
  }

  /**
   * Hands back a reservation whose booking was not stored. One already bound to a booking is left
   * to that booking's events (a stored booking keeps what it reserved until it is cancelled).
   * Whether it was given back now (false: unknown, bound, or no longer held).
   */
  async release(reservationId: string, reason = 'Booking not made', now = new Date()): Promise<boolean> {
    const email = await this.reservations.emailOf(reservationId);
    if (!email) return false;
    return this.db.$transaction(async (tx) => {
      await this.credits.lockEmails(tx, [email]);
      const reservation = await this.reservations.lock(tx, reservationId);
      if (reservation?.status !== 'held' || reservation.bookingId !== null) return false;
      await this.giveBack(tx, reservation, reason, now);
      return true;
    });
  }

  /** Releases the reservations no booking event has bound within 15 minutes and no stored booking names; binds those one names (StoredBookings.sweep). */
  releaseUnbound(now = new Date()): Promise<number> {
    return this.storedBookings.sweep(now, {
      unboundSince: (before) => this.reservations.unboundSince(before),
      bind: (stored) => this.reservations.bindAll(this.db, stored),
      // Those it gives back: one bound by its late event, or released by the booking service, since the question is not.
      release: async (ids) => {
        let released = 0;
        for (const id of ids) if (await this.release(id, 'Booking not made', now)) released++;
        return released;
      },
    });
  }

  /**
   * Follows a booking's newer version: the `created` event binds its reservation; cancelled
   * releases it (credit and free ride back); completed spends it (the reward is redeemed by the
   * booking). A spent reservation stays spent: a completed ride moved back out of completed keeps
   * what it used, and a released one stays released.
   */
  async follow(tx: CustomersTx, booking: BookingSnapshot, now = new Date()): Promise<void> {
    if (booking.benefitsReservationId) await this.reservations.bind(tx, booking.benefitsReservationId, booking.id);
    if (booking.status !== 'cancelled' && booking.status !== 'completed') return;
    const email = await this.reservations.emailOfBooking(tx, booking.id);
    if (!email) return;
    // The email's lock before the reservation's row, as reserve and release take them.
    await this.credits.lockEmails(tx, [email]);
    const bound = await this.reservations.lockOfBooking(tx, booking.id);
    if (bound?.status !== 'held') return;
    if (booking.status === 'cancelled') return this.giveBack(tx, bound, `Booking ${booking.reference} cancelled`, now);
    // What the ride's price took at completion: an admin's re-price may have used less than was held.
    const price = booking.price;
    if (price && !price.freeRide) await this.reservations.freeReward(tx, bound.id);
    else await this.reservations.redeemReward(tx, bound.id, booking.id);
    await this.ledger.settle(tx, bound.email, bound.id, `Booking ${booking.reference} completed`, booking.id, now, price ? toCents(price.credit ?? '0.00') : undefined);
    await this.reservations.setStatus(tx, bound.id, 'spent');
  }

  /** Binds first versions' reservations to their bookings (those not bound already), in one statement. */
  async bindAll(tx: CustomersTx, bindings: { reservationId: string; bookingId: number }[]): Promise<void> {
    await this.reservations.bindAll(tx, bindings);
  }

  private async giveBack(tx: CustomersTx, reservation: ReservationRow, reason: string, now: Date): Promise<void> {
    await this.reservations.freeReward(tx, reservation.id);
    await this.ledger.release(tx, reservation.email, reservation.id, reason, reservation.bookingId, now);
    await this.reservations.setStatus(tx, reservation.id, 'released');
  }
}

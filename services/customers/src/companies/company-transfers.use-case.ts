import { Injectable } from '@nestjs/common';
import { COMPANY_MESSAGES, type BookerCompany, type BookingSnapshot, type CompanyTransfers as Transfers, type ReserveTransfer } from '@limo/contracts';
import { ServiceError } from '@limo/messaging';
import { PrismaClient } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';
import { CompaniesRepository } from './companies.repository.js';
import { businessMonth, mayHoldTransfer, monthTransfers, tierIn } from './plan-rules.js';
import { TransfersRepository } from './transfers.repository.js';
import { StoredBookings } from '../stored-bookings.js';

/**
 * The month transfers of a company's rides. The booking service reserves one before it stores a
 * booker's ride (or only checks the booker and the plan for a ride billed to the company) and
 * names the reservation in the booking's `created` event; the booking's events then bind it, or
 * release it when the ride is cancelled, so the transfer is there for another ride of its month.
 */
@Injectable()
export class CompanyTransfers {
  constructor(
    private readonly db: PrismaClient,
    private readonly companies: CompaniesRepository,
    private readonly transfers: TransfersRepository,
    private readonly storedBookings: StoredBookings,
  ) {}

  /** What a booker's company has for these months (403 for anyone who does not book for it). */
  async forBooker({ email, companyId, months }: { email: string; companyId: number; months: string[] }): Promise<Transfers> {
    const booker = await this.companies.booker(this.db, email);
    if (booker?.companyId !== companyId) throw new ServiceError(403, COMPANY_MESSAGES.notBooker);
    const periods = await this.companies.periods(this.db, companyId);
    const answers = await Promise.all(
      months.map(async (month) => {
        const tier = tierIn(periods, month);
        const used = tier ? await this.transfers.used(this.db, companyId, month) : 0;
        return { month, active: tier !== null, left: monthTransfers(month, tier, used).left };
      }),
    );
    return { companyId, companyName: booker.companyName, months: answers };
  }

  /** The company the email books for, with this month's transfers; null for one who books for none. */
  async bookerCompany(email: string, now = new Date()): Promise<BookerCompany | null> {
    const booker = await this.companies.booker(this.db, email);
    if (!booker) return null;
    const month = businessMonth(now);
    const tier = tierIn(await this.companies.periods(this.db, booker.companyId), month);
    const used = await this.transfers.used(this.db, booker.companyId, month);
    return { ...booker, transfers: monthTransfers(month, tier, used, now) };
  }

  /**
   * Holds one of the month's transfers (with `transfer`), or only checks a ride billed to the
   * company. The count and the hold run under the company+month lock, so of two bookers asking
   * for the last transfer at once exactly one gets it; the same reservation id again holds nothing more.
   * The company's row is locked shared first: a plan change (which locks it for update) waits for
   * the reserves under way and counts their transfers, and a reserve after it reads the new plan.
   */
  async reserve({ reservationId, email, companyId, month, transfer }: ReserveTransfer, now = new Date()): Promise<void> {
    await this.db.$transaction(async (tx) => {
      if (!(await this.companies.lockShared(tx, companyId))) throw new ServiceError(403, COMPANY_MESSAGES.notBooker);
      const booker = await this.companies.booker(tx, email);
      if (booker?.companyId !== companyId) throw new ServiceError(403, COMPANY_MESSAGES.notBooker);
      const tier = tierIn(await this.companies.periods(tx, companyId), month);
      if (!tier) throw new ServiceError(409, COMPANY_MESSAGES.planNotActive);
      if (!transfer) return;
      await this.transfers.lockMonth(tx, companyId, month);
      if (await this.transfers.exists(tx, reservationId)) return;
      if (!mayHoldTransfer(tier, await this.transfers.used(tx, companyId, month))) throw new ServiceError(409, COMPANY_MESSAGES.transferGone);
      await this.transfers.insert(tx, { id: reservationId, companyId, month, email }, now);
    });
  }

  /** Hands back a transfer whose booking was not stored; one a booking has bound is left to its events. */
  async release(reservationId: string, now = new Date()): Promise<void> {
    await this.transfers.releaseUnbound(reservationId, now);
  }

  /** Releases the transfers no booking event has bound within 15 minutes and no stored booking names; binds those one names (StoredBookings.sweep). */
  releaseUnbound(now = new Date()): Promise<number> {
    return this.storedBookings.sweep(now, {
      unboundSince: (before) => this.transfers.unboundSince(before),
      bind: (stored) => this.transfers.bindAll(this.db, stored, now),
      release: (ids) => this.transfers.releaseUnboundAll(ids, now),
    });
  }

  /**
   * Follows any version of a booking that names a transfer: cancelled gives it back, any other
   * status binds it to the booking. Held, bound and released only ever move forward, so a late
   * or replayed event changes nothing, and a booking restored from cancelled does not take its
   * transfer back (the booking service re-prices it without).
   */
  async follow(tx: CustomersTx, booking: BookingSnapshot, now = new Date()): Promise<void> {
    const reservationId = booking.transferReservationId;
    if (!reservationId) return;
    if (booking.status === 'cancelled') await this.transfers.release(tx, reservationId, now);
    else await this.transfers.bindAll(tx, [{ reservationId, bookingId: booking.id }], now);
  }

  /** Binds first versions' transfers to their bookings, in one statement for a batch of events. */
  bindAll(tx: CustomersTx, bindings: { reservationId: string; bookingId: number }[], now = new Date()): Promise<void> {
    return this.transfers.bindAll(tx, bindings, now);
  }
}

import { Injectable } from '@nestjs/common';
import { fromCents, type CreditLedger } from '@limo/contracts';
import type { CustomersTx } from '../customers.tx.js';
import { RESERVED_REASON } from '../benefits/credit-reservations.repository.js';
import { CreditsRepository, type EntryToWrite } from './credits.repository.js';
import { availableOf, creditExpiry, expiredOf, giveBack, splitHold, take, usable, type Grant, type Take } from './ledger-rules.js';

const EXPIRED_REASON = 'Expired 12 months after it was earned';

/**
 * The credit ledger's moves, each inside the caller's transaction and under the email's lock
 * (CreditsRepository.lockEmails, taken by the caller): every change of a grant is written as a
 * ledger entry in the same transaction, so the entries always add up to what the grants hold.
 */
@Injectable()
export class CreditLedgerBook {
  constructor(private readonly credits: CreditsRepository) {}

  /** Credit earned (or adjusted up): a grant expiring 12 months later. */
  async grant(tx: CustomersTx, entry: EntryToWrite, now: Date): Promise<void> {
    await this.credits.addGrant(tx, { email: entry.email, cents: entry.cents, reason: entry.reason, earnedAt: now, expiresAt: creditExpiry(now) });
    await this.credits.write(tx, [entry], now);
  }

  /** Holds `cents` for a reservation from the grants expiring first; false (nothing held) when the email has less. */
  async reserve(tx: CustomersTx, email: string, reservationId: string, cents: number, now: Date): Promise<boolean> {
    if (cents === 0) return true;
    const takes = take(await this.credits.grants(tx, email), cents, now);
    if (!takes) return false;
    await this.credits.changeAvailable(tx, takes, 1);
    await this.credits.addHolds(tx, reservationId, takes);
    await this.credits.write(tx, [{ email, kind: 'reserved', cents: -cents, reason: RESERVED_REASON, reservationId }], now);
    return true;
  }

  /** Gives a reservation's hold back to its grants; what returns to an expired grant is written off. */
  async release(tx: CustomersTx, email: string, reservationId: string, reason: string, bookingId: number | null, now: Date): Promise<void> {
    const holds = await this.credits.holdsOf(tx, reservationId);
    if (holds.length === 0) return;
    await this.giveBackHolds(tx, email, holds, await this.credits.grants(tx, email), reservationId, reason, bookingId, now);
  }

  private async giveBackHolds(tx: CustomersTx, email: string, holds: Take[], grants: Grant[], reservationId: string, reason: string, bookingId: number | null, now: Date): Promise<void> {
    const { released, expired } = giveBack(holds, grants, now);
    const usableIds = new Set(grants.filter((grant) => usable(grant, now)).map((grant) => grant.id));
    await this.credits.changeAvailable(tx, holds.filter((hold) => usableIds.has(hold.grantId)), -1);
    const entries: EntryToWrite[] = [{ email, kind: 'released', cents: released, reason, bookingId, reservationId }];
    if (expired > 0) entries.push({ email, kind: 'expired', cents: -expired, reason: EXPIRED_REASON, bookingId, reservationId });
    await this.credits.write(tx, entries, now);
  }

  /**
   * The hold becomes spent: it had already left the available credit, so the entry is 0.00. When
   * the ride's final price used less than was held (`usedCents`, an admin's re-price), the rest
   * goes back first, as a release.
   */
  async settle(tx: CustomersTx, email: string, reservationId: string, reason: string, bookingId: number, now: Date, usedCents?: number): Promise<void> {
    const holds = await this.credits.holdsOf(tx, reservationId);
    if (holds.length === 0) return;
    if (usedCents !== undefined) {
      const grants = await this.credits.grants(tx, email);
      const { back } = splitHold(holds, usedCents, grants);
      if (back.length > 0) await this.giveBackHolds(tx, email, back, grants, reservationId, `${reason}: not all the credit held was used`, bookingId, now);
    }
    await this.credits.write(tx, [{ email, kind: 'spent', cents: 0, reason, bookingId, reservationId }], now);
  }

  /** An admin's adjustment; false (nothing changed) when taking it would leave less than $0.00 available. */
  async adjust(tx: CustomersTx, email: string, cents: number, reason: string, actor: string, now: Date, idempotencyKey?: string): Promise<boolean> {
    const entry: EntryToWrite = { email, kind: 'adjusted', cents, reason, actor, idempotencyKey };
    if (cents > 0) {
      await this.grant(tx, entry, now);
      return true;
    }
    const takes = take(await this.credits.grants(tx, email), -cents, now);
    if (!takes) return false;
    await this.credits.changeAvailable(tx, takes, 1);
    await this.credits.write(tx, [entry], now);
    return true;
  }

  /** Writes off what is left of the email's expired grants. */
  async expire(tx: CustomersTx, email: string, now: Date): Promise<void> {
    const expired = expiredOf(await this.credits.grants(tx, email), now);
    if (expired.length === 0) return;
    await this.credits.changeAvailable(tx, expired, 1);
    const cents = expired.reduce((sum, part) => sum + part.cents, 0);
    await this.credits.write(tx, [{ email, kind: 'expired', cents: -cents, reason: EXPIRED_REASON }], now);
  }

  async available(tx: CustomersTx, email: string, now: Date): Promise<number> {
    return availableOf(await this.credits.grants(tx, email), now);
  }

  /** The email's ledger as the account and the admin read it. */
  async ledger(email: string, now = new Date()): Promise<CreditLedger> {
    const [grants, reserved, entries] = await Promise.all([this.credits.grantsOf(email), this.credits.reservedOf(email), this.credits.entriesOf(email)]);
    const next = grants.filter((grant) => usable(grant, now) && grant.available > 0).sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime())[0];
    return {
      email,
      available: fromCents(availableOf(grants, now)),
      reserved: fromCents(reserved),
      nextExpiry: next ? { amount: fromCents(next.available), at: next.expiresAt.toISOString() } : null,
      entries: entries.map((entry) => ({ id: entry.id, at: entry.at.toISOString(), kind: entry.kind, amount: entry.amount, reason: entry.reason, bookingId: entry.bookingId })),
    };
  }
}

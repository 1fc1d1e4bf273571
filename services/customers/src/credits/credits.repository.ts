import { Injectable } from '@nestjs/common';
import { fromCents, toCents, type CreditEntryKind } from '@limo/contracts';
import { PrismaClient } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';
import { lockEmails } from '../email-locks.js';
import type { Grant, Take } from './ledger-rules.js';

export interface EntryToWrite {
  email: string;
  kind: CreditEntryKind;
  /** Signed cents: what it did to the available credit. */
  cents: number;
  reason: string;
  bookingId?: number | null;
  reservationId?: string | null;
  actor?: string | null;
  /** An admin's adjustment's Idempotency-Key. */
  idempotencyKey?: string | null;
}

export interface EntryRow {
  id: number;
  at: Date;
  kind: CreditEntryKind;
  amount: string;
  reason: string;
  bookingId: number | null;
}

/** How many ledger lines an email's ledger shows (newest first): years of a busy customer. */
const LEDGER_LINES = 500;

/** Reads and writes of the credit ledger: grants, the holds of reservations on them, the entries. */
@Injectable()
export class CreditsRepository {
  constructor(private readonly db: PrismaClient) {}

  /** Serialises every change of these emails' benefits (credit and what reservations hold) across replicas, until the transaction ends. */
  async lockEmails(tx: CustomersTx, emails: string[]): Promise<void> {
    await lockEmails(tx, 'benefits', emails);
  }

  async grants(tx: CustomersTx, email: string): Promise<Grant[]> {
    // Amounts read as text, made exact cents here (a numeric of 10 digits can pass an int's range).
    const rows = await tx.$queryRaw<{ id: number; available: string; expiresAt: Date }[]>`
      SELECT id, available::text, expires_at AS "expiresAt" FROM credit_grants WHERE email = ${email}`;
    return rows.map((row) => ({ ...row, available: toCents(row.available) }));
  }

  async addGrant(tx: CustomersTx, grant: { email: string; cents: number; reason: string; earnedAt: Date; expiresAt: Date }): Promise<void> {
    const amount = fromCents(grant.cents);
    await tx.$executeRaw`INSERT INTO credit_grants (email, amount, available, reason, earned_at, expires_at)
      VALUES (${grant.email}, ${amount}::numeric, ${amount}::numeric, ${grant.reason}, ${grant.earnedAt}, ${grant.expiresAt})`;
  }

  /** Takes (+) or gives back (-) cents of grants' remainders. */
  async changeAvailable(tx: CustomersTx, takes: Take[], sign: 1 | -1): Promise<void> {
    for (const { grantId, cents } of takes) await tx.$executeRaw`UPDATE credit_grants SET available = available - ${fromCents(sign * cents)}::numeric WHERE id = ${grantId}`;
  }

  async addHolds(tx: CustomersTx, reservationId: string, takes: Take[]): Promise<void> {
    for (const { grantId, cents } of takes) await tx.$executeRaw`INSERT INTO credit_holds (reservation_id, grant_id, amount) VALUES (${reservationId}::uuid, ${grantId}, ${fromCents(cents)}::numeric)`;
  }

  async holdsOf(tx: CustomersTx, reservationId: string): Promise<Take[]> {
    const rows = await tx.$queryRaw<{ grantId: number; amount: string }[]>`SELECT grant_id AS "grantId", amount::text FROM credit_holds WHERE reservation_id = ${reservationId}::uuid`;
    return rows.map((row) => ({ grantId: row.grantId, cents: toCents(row.amount) }));
  }

  async write(tx: CustomersTx, entries: EntryToWrite[], at: Date): Promise<void> {
    for (const entry of entries)
      await tx.$executeRaw`INSERT INTO credit_entries (email, at, kind, amount, reason, booking_id, reservation_id, actor, idempotency_key)
        VALUES (${entry.email}, ${at}, ${entry.kind}, ${fromCents(entry.cents)}::numeric, ${entry.reason}, ${entry.bookingId ?? null}, ${entry.reservationId ?? null}::uuid, ${entry.actor ?? null}, ${entry.idempotencyKey ?? null})`;
  }

  /** The adjustment made with this Idempotency-Key, if any. */
  async adjustmentWithKey(tx: CustomersTx, key: string): Promise<{ email: string; cents: number } | null> {
    const [row] = await tx.$queryRaw<{ email: string; amount: string }[]>`SELECT email, amount::text FROM credit_entries WHERE idempotency_key = ${key}`;
    return row ? { email: row.email, cents: toCents(row.amount) } : null;
  }

  /** The emails with credit left on expired grants (to write off). */
  async emailsWithExpired(now: Date): Promise<string[]> {
    const rows = await this.db.$queryRaw<{ email: string }[]>`SELECT DISTINCT email FROM credit_grants WHERE expires_at <= ${now} AND available > 0`;
    return rows.map((row) => row.email);
  }

  /** Cents held by the email's reservations not yet spent or released. */
  async reservedOf(email: string): Promise<number> {
    const [row] = await this.db.$queryRaw<{ amount: string }[]>`
      SELECT coalesce(sum(h.amount), 0)::text AS amount FROM credit_holds h JOIN benefit_reservations r ON r.id = h.reservation_id
      WHERE r.email = ${email} AND r.status = 'held'`;
    return toCents(row.amount);
  }

  async grantsOf(email: string): Promise<Grant[]> {
    return this.grants(this.db, email);
  }

  async entriesOf(email: string): Promise<EntryRow[]> {
    return this.db.$queryRaw<EntryRow[]>`
      SELECT id, at, kind, amount::text AS amount, reason, booking_id AS "bookingId" FROM credit_entries
      WHERE email = ${email} ORDER BY id DESC LIMIT ${LEDGER_LINES}`;
  }
}

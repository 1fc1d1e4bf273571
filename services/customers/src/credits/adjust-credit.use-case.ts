import { Injectable } from '@nestjs/common';
import { CREDIT_MESSAGES, toCents, type Actor, type CreditAdjustment, type CreditLedger } from '@limo/contracts';
import { ServiceError } from '@limo/messaging';
import { PrismaClient } from '../generated/prisma/client.js';
import { CreditLedgerBook } from './credit-ledger.js';
import { CreditsRepository } from './credits.repository.js';

/** Postgres's unique_violation on a raw statement, as Prisma's pg adapter passes it on (its error's cause). */
const isUniqueViolation = (error: unknown) =>
  (error as { meta?: { driverAdapterError?: { cause?: { originalCode?: string } } } } | undefined)?.meta?.driverAdapterError?.cause?.originalCode === '23505';

/** Who adjusted, as the ledger keeps it: "admin Dana (#3)". */
const actorText = (actor: Actor) => [actor.kind, actor.name, actor.id === null ? null : `(#${actor.id})`].filter(Boolean).join(' ');

/**
 * The admin adds credit (a grant expiring in 12 months) or takes it (from the grants expiring
 * first), with a reason; never below $0.00 available (what bookings hold is not the admin's to take).
 */
@Injectable()
export class AdjustCredit {
  constructor(
    private readonly db: PrismaClient,
    private readonly credits: CreditsRepository,
    private readonly ledger: CreditLedgerBook,
  ) {}

  /**
   * With an Idempotency-Key: the adjustment already made with it answers the ledger without
   * adjusting again (its answer was lost and the admin sent it again); the key with another email
   * or amount is a 409. Two at once with one key: the entry's unique key lets one in, and the
   * other finds it.
   */
  async execute({ email, amount, reason, actor, idempotencyKey }: CreditAdjustment & { actor: Actor; idempotencyKey?: string }, now = new Date()): Promise<CreditLedger> {
    const cents = toCents(amount);
    const adjust = () =>
      this.db.$transaction(async (tx) => {
        await this.credits.lockEmails(tx, [email]);
        if (idempotencyKey && this.isReplay(await this.credits.adjustmentWithKey(tx, idempotencyKey), email, cents)) return;
        if (!(await this.ledger.adjust(tx, email, cents, reason, actorText(actor), now, idempotencyKey))) throw new ServiceError(400, CREDIT_MESSAGES.belowZero);
      });
    try {
      await adjust();
    } catch (error) {
      if (!idempotencyKey || !isUniqueViolation(error)) throw error;
      // Another request with the key got in first: this one is it again, or a 409; no entry with the key is the error itself.
      if (!this.isReplay(await this.credits.adjustmentWithKey(this.db, idempotencyKey), email, cents)) throw error;
    }
    return this.ledger.ledger(email, now);
  }

  /** Whether an adjustment made with the key is this one (a 409 when it is another). */
  private isReplay(made: { email: string; cents: number } | null, email: string, cents: number): boolean {
    if (!made) return false;
    if (made.email !== email || made.cents !== cents) throw new ServiceError(409, CREDIT_MESSAGES.keyReused);
    return true;
  }
}

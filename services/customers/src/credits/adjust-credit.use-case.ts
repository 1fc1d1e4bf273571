import { Injectable } from '@nestjs/common';
import { CREDIT_MESSAGES, toCents, type Actor, type CreditAdjustment, type CreditLedger } from '@limo/contracts';
import { ServiceError } from '@limo/messaging';
import { PrismaClient } from '../generated/prisma/client.js';
import { CreditLedgerBook } from './credit-ledger.js';
import { CreditsRepository } from './credits.repository.js';

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

  async execute({ email, amount, reason, actor }: CreditAdjustment & { actor: Actor }, now = new Date()): Promise<CreditLedger> {
    await this.db.$transaction(async (tx) => {
      await this.credits.lockEmails(tx, [email]);
      if (!(await this.ledger.adjust(tx, email, toCents(amount), reason, actorText(actor), now))) throw new ServiceError(400, CREDIT_MESSAGES.belowZero);
    });
    return this.ledger.ledger(email, now);
  }
}

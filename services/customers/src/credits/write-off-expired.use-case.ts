import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';
import { CreditLedgerBook } from './credit-ledger.js';
import { CreditsRepository } from './credits.repository.js';

/**
 * Writes off the credit left on expired grants as `expired` ledger entries. The credit stopped
 * being available at its expiry anyway (availability reads the expiry); this makes the ledger say
 * so. Safe to run twice, and on every replica at once (each email under its lock).
 */
@Injectable()
export class WriteOffExpired {
  constructor(
    private readonly db: PrismaClient,
    private readonly credits: CreditsRepository,
    private readonly ledger: CreditLedgerBook,
  ) {}

  async execute(now = new Date()): Promise<number> {
    const emails = await this.credits.emailsWithExpired(now);
    for (const email of emails)
      await this.db.$transaction(async (tx) => {
        await this.credits.lockEmails(tx, [email]);
        await this.ledger.expire(tx, email, now);
      });
    return emails.length;
  }
}

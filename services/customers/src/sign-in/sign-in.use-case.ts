import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ACCOUNT_MESSAGES, customerEvents } from '@limo/contracts';
import { ServiceError } from '@limo/messaging';
import { Outbox, SERVICE_CONFIG } from '@limo/service-runtime';
import { CustomersRepository, type Customer } from '../accounts/customers.repository.js';
import type { CustomersConfig } from '../customers.config.js';
import type { CustomersTx } from '../customers.tx.js';
import { newSessionToken } from '../sessions/session-token.js';
import { SessionsRepository } from '../sessions/sessions.repository.js';
import { codeMatches, codeUsable, type HashedCode } from './sign-in-code.js';
import { SignInCodesRepository } from './sign-in-codes.repository.js';

/** A hash no code matches (its salt is random each start), hashed against on a miss. */
const DUMMY_CODE: HashedCode = { codeHash: randomBytes(32).toString('base64url'), salt: randomBytes(16).toString('base64url') };

/**
 * Signs a customer in with the code emailed to them: a right, live code is used up and opens a
 * session (and makes the account on the first sign-in, with its event); a wrong one counts a try,
 * and the 5th wrong try burns it. Every failure gets the same 401: nobody learns whether the
 * email was sent a code, or whether it expired.
 */
@Injectable()
export class SignIn {
  constructor(
    private readonly outbox: Outbox,
    private readonly codes: SignInCodesRepository,
    private readonly customers: CustomersRepository,
    private readonly sessions: SessionsRepository,
    @Inject(SERVICE_CONFIG) private readonly config: CustomersConfig,
  ) {}

  async execute(email: string, code: string, now = new Date()): Promise<{ token: string; expiresAt: string; customer: Customer }> {
    // The wrong try commits (it counts) before the 401 leaves, so it is answered after the transaction.
    const result = await this.outbox.transaction(async (tx: CustomersTx, events) => {
      const stored = await this.codes.lock(tx, email);
      if (!stored || !codeUsable(stored, now)) {
        // As long as a wrong try at a live code: the answer's time does not tell that one was sent.
        await codeMatches(code, DUMMY_CODE);
        return undefined;
      }
      if (!(await codeMatches(code, stored))) {
        await this.codes.countWrongTry(tx, email);
        return undefined;
      }
      await this.codes.remove(tx, email);
      const { customer, created } = await this.customers.findOrCreate(tx, email);
      if (created) await events.append(customerEvents.customerCreated, String(customer.id), { id: customer.id, email: customer.email, createdAt: customer.createdAt });
      const token = newSessionToken();
      const expiresAt = new Date(now.getTime() + this.config.CUSTOMER_SESSION_DAYS * 86_400_000);
      await this.sessions.create(tx, token, customer.id, expiresAt);
      return { token, expiresAt: expiresAt.toISOString(), customer };
    });
    if (!result) throw new ServiceError(401, ACCOUNT_MESSAGES.wrongCode);
    return result;
  }
}

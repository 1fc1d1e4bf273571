import { Injectable } from '@nestjs/common';
import { REFER_AND_FLY, REFERRAL_MESSAGES, referralTierOf, toCents, type AccountReferrals, type BookingSnapshot } from '@limo/contracts';
import { ServiceError } from '@limo/messaging';
import { PrismaClient } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';
import { CreditLedgerBook } from '../credits/credit-ledger.js';
import { CreditsRepository } from '../credits/credits.repository.js';
import { isOwnReferral, maskedEmail, newReferralCode, referralStanding } from './referral-rules.js';
import { ReferralsRepository } from './referrals.repository.js';

const CODE_ATTEMPTS = 5;
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === 'P2002';

/**
 * Refer & Fly: each account's code, the check a booking's code passes, and the credit a referred
 * customer's first completed ride earns both of them.
 */
@Injectable()
export class ReferAndFly {
  constructor(
    private readonly db: PrismaClient,
    private readonly referrals: ReferralsRepository,
    private readonly credits: CreditsRepository,
    private readonly ledger: CreditLedgerBook,
  ) {}

  /** The account's link, standing and credit; its code is made the first time it is asked for. */
  async account(email: string): Promise<AccountReferrals> {
    const code = await this.codeOf(email);
    const successfulReferrals = await this.referrals.referralsBy(this.db, email);
    return { code, link: `/r/${code}`, successfulReferrals, ...referralStanding(successfulReferrals), credit: await this.ledger.ledger(email) };
  }

  /** Notes the phones bookings were made with, per email: the own-referral check reads them. */
  notePhones(tx: CustomersTx, seen: { email: string; phone: string }[]): Promise<void> {
    return this.referrals.notePhones(tx, seen);
  }

  /** 400 when no account has the code, or when the booking's email or phone is the referrer's own. */
  async check({ code, email, phone }: { code: string; email: string; phone: string }): Promise<void> {
    const referrer = await this.referrals.referrerOf(this.db, code);
    if (!referrer) throw new ServiceError(400, REFERRAL_MESSAGES.unknown);
    if (isOwnReferral(referrer, { email, phone })) throw new ServiceError(400, REFERRAL_MESSAGES.own);
  }

  /**
   * Follows a booking's newer version. The first completed ride of each email (any ride) is
   * recorded once; when that ride was booked with a referral code of another customer, the friend
   * earns $10 and the referrer their tier's credit, once ever per referred email. What happens to
   * that ride afterwards (moved out of completed, cancelled) takes nothing back: the credit stays.
   */
  async follow(tx: CustomersTx, booking: BookingSnapshot, now = new Date()): Promise<void> {
    if (booking.status !== 'completed') return;
    const email = booking.email.toLowerCase();
    const first = await this.referrals.firstRide(tx, email, booking.id, new Date(booking.completedAt ?? booking.updatedAt));
    if (first !== booking.id || !booking.referralCode) return;
    const referrer = await this.referrals.referrerOf(tx, booking.referralCode);
    if (!referrer || isOwnReferral(referrer, booking)) return;
    await this.credits.lockEmails(tx, [email, referrer.email]);
    if (!(await this.referrals.addReferral(tx, { referredEmail: email, referrerEmail: referrer.email, code: booking.referralCode, bookingId: booking.id }))) return;
    const tier = referralTierOf(await this.referrals.referralsBy(tx, referrer.email));
    await this.ledger.grant(tx, { email, kind: 'earned', cents: toCents(REFER_AND_FLY.friendCredit), reason: `Welcome credit: your first ride (${booking.reference}) booked through a referral`, bookingId: booking.id }, now);
    await this.ledger.grant(tx, { email: referrer.email, kind: 'earned', cents: toCents(tier.credit), reason: `Referral: ${maskedEmail(email)}'s first ride`, bookingId: null }, now);
  }

  private async codeOf(email: string): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      const account = await this.referrals.codeOf(email);
      if (!account) throw new ServiceError(404, 'This account does not exist');
      if (account.code) return account.code;
      try {
        await this.referrals.setCode(email, newReferralCode());
      } catch (error) {
        // Another account has that code: draw again.
        if (attempt >= CODE_ATTEMPTS || !isUniqueViolation(error)) throw error;
      }
    }
  }
}

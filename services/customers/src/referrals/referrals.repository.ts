import { Injectable } from '@nestjs/common';
import { PrismaClient } from '../generated/prisma/client.js';
import type { CustomersTx } from '../customers.tx.js';

export interface Referrer {
  email: string;
  /** The account's saved phone and the phones its email's bookings were made with. */
  phones: string[];
}

/** Reads and writes of Refer & Fly: the accounts' codes, the first rides of emails, the referrals made. */
@Injectable()
export class ReferralsRepository {
  constructor(private readonly db: PrismaClient) {}

  /** The account's code; null when the email has no account. */
  async codeOf(email: string): Promise<{ code: string | null } | null> {
    const row = await this.db.customer.findUnique({ where: { email }, select: { referralCode: true } });
    return row ? { code: row.referralCode } : null;
  }

  /** Gives the account a code unless it has one; throws Prisma's P2002 when another account has it. */
  async setCode(email: string, code: string): Promise<void> {
    await this.db.customer.updateMany({ where: { email, referralCode: null }, data: { referralCode: code } });
  }

  async referrerOf(tx: CustomersTx, code: string): Promise<Referrer | null> {
    const account = await tx.customer.findUnique({ where: { referralCode: code }, select: { email: true, phone: true } });
    if (!account) return null;
    const seen = await tx.emailPhone.findMany({ where: { email: account.email }, select: { phone: true } });
    return { email: account.email, phones: [...(account.phone ? [account.phone] : []), ...seen.map((row) => row.phone)] };
  }

  /** Notes the phones bookings were made with, per email (digits; one statement for a batch of events). */
  async notePhones(tx: CustomersTx, seen: { email: string; phone: string }[]): Promise<void> {
    const rows = seen.filter((row) => row.phone !== '');
    if (rows.length === 0) return;
    await tx.$executeRaw`INSERT INTO email_phones (email, phone)
      SELECT e, p FROM unnest(${rows.map((r) => r.email)}::text[], ${rows.map((r) => r.phone)}::text[]) AS t(e, p)
      ON CONFLICT DO NOTHING`;
  }

  /** Records the email's first completed ride unless it has one; answers the booking that was first. */
  async firstRide(tx: CustomersTx, email: string, bookingId: number, completedAt: Date): Promise<number> {
    await tx.$executeRaw`INSERT INTO first_rides (email, booking_id, completed_at) VALUES (${email}, ${bookingId}, ${completedAt}) ON CONFLICT (email) DO NOTHING`;
    const row = await tx.firstRide.findUniqueOrThrow({ where: { email }, select: { bookingId: true } });
    return row.bookingId;
  }

  /** Records the referral; false when the referred email has one already (it pays once ever). */
  async addReferral(tx: CustomersTx, referral: { referredEmail: string; referrerEmail: string; code: string; bookingId: number }): Promise<boolean> {
    const inserted = await tx.$executeRaw`INSERT INTO referrals (referred_email, referrer_email, code, booking_id)
      VALUES (${referral.referredEmail}, ${referral.referrerEmail}, ${referral.code}, ${referral.bookingId}) ON CONFLICT (referred_email) DO NOTHING`;
    return inserted > 0;
  }

  async referralsBy(tx: CustomersTx, referrerEmail: string): Promise<number> {
    return tx.referral.count({ where: { referrerEmail } });
  }
}

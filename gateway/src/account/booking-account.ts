import { BadRequestException, HttpException, ServiceUnavailableException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { BENEFITS_MESSAGES, COMPANY_MESSAGES, customersRpc, type BenefitsClaim, type CompanyClaim } from '@limo/contracts';
import type { ServicesClient } from '../messaging/services.client.js';
import { customerToken } from './customer-cookie.js';

/** Reading the session for a quote or a booking waits this long at most: pricing never waits on accounts. */
const SESSION_TIMEOUT_MS = 2_000;

/**
 * Said when the customers service cannot check a referral code. The booking is refused rather
 * than made without the code: made without it, neither the friend nor the referrer would ever earn
 * the credit the link promised, and nothing would tell them; refused, the customer can retry or
 * drop the code knowingly (the wizard offers both).
 */
export const REFERRAL_UNAVAILABLE = 'Your referral code could not be checked just now: try again in a moment, or book without it';

/** The account the session cookie names, as the booking RPCs take it. */
export type SessionAccount = { email: string };

/**
 * The signed-in customer for quoting and booking: undefined when signed out, and also when the
 * customers service cannot say (down, slow): a customer is then quoted and booked as signed out,
 * without their benefits, rather than not at all.
 */
export async function sessionAccount(services: ServicesClient, req: FastifyRequest): Promise<SessionAccount | undefined> {
  const token = customerToken(req);
  if (!token) return undefined;
  const customer = await services.call(customersRpc.session, { token }, SESSION_TIMEOUT_MS).catch(() => null);
  return customer ? { email: customer.email } : undefined;
}

/** What of a booking request the account checks read. */
type AccountFields = { email: string; phone: string; benefits?: BenefitsClaim; referralCode?: string; company?: CompanyClaim };

/**
 * The account a booking is made with, after the checks the booking service cannot make itself: a
 * claim of benefits needs the session, and the booking's email must be the account's (the benefits
 * are the account's, and the booking is shown to whoever signs in with its email); a referral code
 * must name another customer's account (a 400 naming `referralCode`, or 503 when it cannot be checked).
 */
export async function bookingAccount(services: ServicesClient, req: FastifyRequest, booking: AccountFields): Promise<SessionAccount | undefined> {
  const account = await sessionAccount(services, req);
  if (booking.benefits) {
    if (!account) throw benefitsRefused(BENEFITS_MESSAGES.signedOut);
    if (account.email !== booking.email.trim().toLowerCase()) throw benefitsRefused(BENEFITS_MESSAGES.otherEmail);
  }
  if (booking.company) {
    // A company's booking is its booker's, made with their own email (the booking service checks they book for it).
    if (!account) throw refused('company', COMPANY_MESSAGES.signedOut);
    if (account.email !== booking.email.trim().toLowerCase()) throw refused('email', COMPANY_MESSAGES.companyEmail);
  }
  if (booking.referralCode) await checkReferral(services, { code: booking.referralCode, email: booking.email.trim().toLowerCase(), phone: booking.phone });
  return account;
}

const refused = (path: string, message: string) => new BadRequestException({ statusCode: 400, message, errors: [{ path, message }] });
const benefitsRefused = (message: string) => refused('benefits', message);

async function checkReferral(services: ServicesClient, check: { code: string; email: string; phone: string }): Promise<void> {
  try {
    await services.call(customersRpc.checkReferral, check);
  } catch (error) {
    if (error instanceof HttpException && error.getStatus() === 400) {
      const message = (error.getResponse() as { message?: string }).message ?? error.message;
      throw new BadRequestException({ statusCode: 400, message, errors: [{ path: 'referralCode', message }] });
    }
    throw new ServiceUnavailableException({ statusCode: 503, message: REFERRAL_UNAVAILABLE, errors: [{ path: 'referralCode', message: REFERRAL_UNAVAILABLE }] });
  }
}

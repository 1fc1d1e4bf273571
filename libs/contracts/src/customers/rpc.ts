import { z } from 'zod';
import { defineRpc } from '../common/messages.js';
import { Account, AccountDetails, AccountEmail, SignInCode } from './account.js';
import { AccountLoyalty, AdminCustomer, AdminCustomersQuery } from './loyalty.js';
import { AccountBenefits, ReleaseBenefits, ReserveBenefits } from './benefits.js';
import { AccountReferrals, CheckReferral, CreditAdjustment, CreditLedger } from './credits.js';
import { Actor } from '../booking/dispatch.js';

/** A session token as the cookie carries it (random, base64url); only its hash is stored. */
export const SessionToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Not a session token');

const Customer = Account.extend({ id: z.number().int().positive() });

export const customersRpc = {
  /** Makes a new sign-in code for the email (the previous one stops working) and has it emailed. */
  requestCode: defineRpc('customers.sign-in.request-code.v1', z.object({ email: AccountEmail }).strict(), z.object({}).strict()),
  /**
   * Checks the code: a session (its token, for the cookie only) and the customer, whose account is
   * made on the first sign-in; a 401 with ACCOUNT_MESSAGES.wrongCode for any wrong, expired or
   * used-up code.
   */
  signIn: defineRpc(
    'customers.sign-in.verify.v1',
    z.object({ email: AccountEmail, code: SignInCode }).strict(),
    z.object({ token: SessionToken, expiresAt: z.iso.datetime({ offset: true }), customer: Customer }),
  ),
  /** The customer of a live session; null for an unknown, ended or expired one. */
  session: defineRpc('customers.sessions.get.v1', z.object({ token: SessionToken }).strict(), Customer.nullable()),
  /** The customer saves their contact details (name, phone) for the booking wizard; 404 for an email with no account. */
  updateAccount: defineRpc('customers.accounts.update.v1', AccountDetails.extend({ email: AccountEmail }).strict(), Customer),
  /** Ends a session (signing out); done whether or not it existed. */
  endSession: defineRpc('customers.sessions.end.v1', z.object({ token: SessionToken }).strict(), z.object({}).strict()),
  /** The email's Next One's on Us card: its completed airport rides, the stamps, the rewards, VIP. */
  loyalty: defineRpc('customers.loyalty.get.v1', z.object({ email: AccountEmail }).strict(), AccountLoyalty),
  /** The admin's list of customer accounts with their rides and rewards (most rides first). */
  /** What the email can spend on its next booking (the booking service's quotes). */
  benefits: defineRpc('customers.benefits.get.v1', z.object({ email: AccountEmail }).strict(), AccountBenefits),
  /** Holds a booking's claim, all or nothing (409 BENEFITS_MESSAGES.gone); the same reservation id twice holds once. */
  reserveBenefits: defineRpc('customers.benefits.reserve.v1', ReserveBenefits, z.object({}).strict()),
  /** Hands back a reservation whose booking was not stored; done whether or not it exists. */
  releaseBenefits: defineRpc('customers.benefits.release.v1', ReleaseBenefits, z.object({}).strict()),
  /** The account's referral link, tier and credit ledger (its code made on first asking). */
  referrals: defineRpc('customers.referrals.get.v1', z.object({ email: AccountEmail }).strict(), AccountReferrals),
  /** Whether a booking with this email and phone may use the code: 400 REFERRAL_MESSAGES.unknown or .own. */
  checkReferral: defineRpc('customers.referrals.check.v1', CheckReferral, z.object({}).strict()),
  /** The admin reads an email's credit ledger. */
  creditLedger: defineRpc('customers.admin.ledger.get.v1', z.object({ email: AccountEmail }).strict(), CreditLedger),
  /** The admin adds or takes credit with a reason (400 CREDIT_MESSAGES.belowZero past $0.00). */
  adjustCredit: defineRpc('customers.admin.ledger.adjust.v1', CreditAdjustment.extend({ actor: Actor }).strict(), CreditLedger),
  adminCustomers: defineRpc('customers.admin.customers.list.v1', AdminCustomersQuery, z.array(AdminCustomer)),
};

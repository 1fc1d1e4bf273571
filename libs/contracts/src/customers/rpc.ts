import { z } from 'zod';
import { defineRpc } from '../common/messages.js';
import { Account, AccountDetails, AccountEmail, AccountNameV1, SignInCode } from './account.js';
import { AccountLoyalty, AdminCustomer, AdminCustomersQuery } from './loyalty.js';
import { AccountBenefits, ReleaseBenefits, ReserveBenefits } from './benefits.js';
import { AccountReferrals, CheckReferral, CreditAdjustment, CreditLedger } from './credits.js';
import { Actor } from '../booking/dispatch.js';
import { IdempotencyKey } from '../booking/http.js';
import {
  BillingMonth,
  BookerCompany,
  BookerInput,
  Company,
  CompanyMonth,
  CompanyRidesQuery,
  CompanySummary,
  CompanyTransfers,
  CreateCompany,
  PlanChange,
  ReserveTransfer,
  StatementFiles,
  StatementSummary,
  TransfersQuery,
  UpdateCompany,
} from './companies.js';

const CompanyId = z.number().int().positive();

/** Bundles for Business (issue 37): companies, plans, bookers, the month's transfers and statements. */
export const companiesRpc = {
  /** The admin's companies, by name. */
  list: defineRpc('customers.companies.list.v1', z.object({}).strict(), z.array(CompanySummary)),
  /** The admin makes a company on a plan from its start month (this month or later, LA time: 400 startMonthPast). */
  create: defineRpc('customers.companies.create.v1', CreateCompany.extend({ actor: Actor }).strict(), Company),
  /** One company (404 COMPANY_MESSAGES.notFound). */
  get: defineRpc('customers.companies.get.v1', z.object({ companyId: CompanyId }).strict(), Company),
  update: defineRpc('customers.companies.update.v1', UpdateCompany.extend({ companyId: CompanyId }).strict(), Company),
  /** Adds a booker or changes their role (409 bookerElsewhere when the email books for another company). */
  putBooker: defineRpc('customers.companies.bookers.put.v1', BookerInput.extend({ companyId: CompanyId }).strict(), Company),
  /** Removes a booker; their rides stay the company's. Done whether or not they were one. */
  removeBooker: defineRpc('customers.companies.bookers.remove.v1', z.object({ companyId: CompanyId, email: AccountEmail }).strict(), Company),
  /** Another tier or the plan's end, with 30 days notice (409 planInMinimumTerm, noChange, alreadyCancelled). */
  changePlan: defineRpc('customers.companies.plan.change.v1', z.object({ companyId: CompanyId, change: PlanChange, actor: Actor }).strict(), Company),
  /** A month of a company: transfers, rides (one booker's with `bookedBy`) and what is due. */
  month: defineRpc('customers.companies.month.get.v1', CompanyRidesQuery, CompanyMonth),
  /** The company an email books for, with this month's transfers; null for a customer who books for none. */
  bookerCompany: defineRpc('customers.companies.booker.get.v1', z.object({ email: AccountEmail }).strict(), BookerCompany.nullable()),
  /** What a booker's company has for a quote's months (403 notBooker). */
  transfers: defineRpc('customers.companies.transfers.get.v1', TransfersQuery, CompanyTransfers),
  /** Holds one of the month's transfers for a ride, or checks a ride billed to the company (companies.ts ReserveTransfer). */
  reserveTransfer: defineRpc('customers.companies.transfers.reserve.v1', ReserveTransfer, z.object({}).strict()),
  /** Hands back a transfer whose booking was not stored; done whether or not it exists. */
  releaseTransfer: defineRpc('customers.companies.transfers.release.v1', z.object({ reservationId: z.uuid() }).strict(), z.object({}).strict()),
  /** The company's statements, newest first. */
  statements: defineRpc('customers.companies.statements.list.v1', z.object({ companyId: CompanyId }).strict(), z.array(StatementSummary)),
  /**
   * A month's statement and its files, made now if the job has not made it yet (409
   * monthNotEnded for a month not over, 409 ridesNotSettled while its rides are not all settled
   * within the grace days after it, 404 noStatement for a month with neither plan nor rides).
   */
  statement: defineRpc('customers.companies.statements.get.v1', z.object({ companyId: CompanyId, month: BillingMonth }).strict(), StatementFiles),
};

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
  updateAccount: defineRpc('customers.accounts.update.v1', AccountDetails.extend({ email: AccountEmail, name: AccountNameV1 }).strict(), Customer),
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
  /**
   * With an Idempotency-Key, the same adjustment sent again (its answer lost) answers the ledger
   * without adjusting twice; the key with another email or amount is a 409.
   */
  adjustCredit: defineRpc('customers.admin.ledger.adjust.v2', CreditAdjustment.extend({ actor: Actor, idempotencyKey: IdempotencyKey.optional() }).strict(), CreditLedger),
  /** v1 (no key) stays answered for gateways of the previous release. */
  adjustCreditV1: defineRpc('customers.admin.ledger.adjust.v1', CreditAdjustment.extend({ actor: Actor }).strict(), CreditLedger),
  adminCustomers: defineRpc('customers.admin.customers.list.v1', AdminCustomersQuery, z.array(AdminCustomer)),
};

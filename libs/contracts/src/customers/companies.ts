import { z } from 'zod';
import { Money } from '../common/money.js';
import { noControlCharacters } from '../common/text-rule.js';
import { hasVisibleCharacters } from '../common/field-rules.js';
import { BookingStatus } from '../booking/values.js';
import { AccountEmail } from './account.js';

/*
 * Bundles for Business (issue 37, decisions.md "Bundles for Business"): the admin makes a company
 * with its bookers and a plan; a booker signed in books a transfer on the company, which uses one
 * of the month's transfers instead of a price (extras still charged), or, with none left, is
 * priced as usual and billed to the company. Each month the company gets a statement. The
 * customers service owns companies, plans, bookers and the month's transfers; the booking service
 * owns the rides (it stores the company on each one and answers a company's rides by month).
 */

export const PLAN_TIERS = ['starter', 'professional', 'enterprise'] as const;
export const PlanTier = z.enum(PLAN_TIERS);
export type PlanTier = z.infer<typeof PlanTier>;

/** The plans as the site sells them: a month's fee and the transfers it includes. */
export const PLANS: Record<PlanTier, { name: string; monthlyFee: string; transfers: number }> = {
  starter: { name: 'Starter', monthlyFee: '750.00', transfers: 10 },
  professional: { name: 'Professional', monthlyFee: '1400.00', transfers: 20 },
  enterprise: { name: 'Enterprise', monthlyFee: '2500.00', transfers: 40 },
};

export const PLAN_TERMS = {
  /** A plan runs at least this many billing months from its start month. */
  minimumMonths: 6,
  /** A change or cancellation takes effect from the first billing month that starts at least this many days after it is asked. */
  noticeDays: 30,
} as const;

/** A billing month, `YYYY-MM`, in Los Angeles time: a transfer belongs to the month of its pickup. */
export const BillingMonth = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written YYYY-MM');
export type BillingMonth = z.infer<typeof BillingMonth>;

export const BOOKER_ROLES = ['booker', 'company-admin'] as const;
/** A booker books on the company and sees the rides they booked; a company admin sees every ride of the company and can follow any of them live. */
export const BookerRole = z.enum(BOOKER_ROLES);
export type BookerRole = z.infer<typeof BookerRole>;

export const COMPANY_MESSAGES = {
  name: 'Enter the company name (at most 120 characters)',
  billingContact: "Enter the billing contact's name (at most 120 characters)",
  notFound: 'No company has this id',
  bookerElsewhere: 'This email already books for another company',
  notBooker: 'You do not book for this company',
  planInMinimumTerm: 'The plan runs for at least 6 months: this change would take effect inside the minimum term',
  planNotActive: "The company's plan does not cover this month: it has ended or not begun",
  noChange: 'The company is already on this plan',
  alreadyCancelled: 'The plan is already cancelled',
  transferGone: "The last transfer of the month has just been used by another booking: please look at the new price and book again",
  transferFailed: "The company's transfer could not be held for this booking just now: please try again in a moment",
  monthNotEnded: 'A statement is made once its month has ended',
  noStatement: 'The company had neither a plan nor rides in this month, so it has no statement',
  ridesNotSettled: "The statement is made once the month's rides are settled, by the 8th of the next month at the latest",
  /** A plan change or cancellation that would leave rides already booked on transfers the new plan does not include. */
  transfersHeld: (rides: number, month: string) =>
    `${rides} ${rides === 1 ? 'ride' : 'rides'} in ${month} already ${rides === 1 ? 'holds' : 'hold'} the plan's transfers: cancel them first or change the plan from a later month`,
  startMonthPast: 'A plan starts this month or later',
  hourlyNotTransfer: 'Hourly rides are not transfers: they are priced as usual and billed to the company',
  personalBenefits: 'Company bookings do not use personal free rides or credit',
  companyEmail: "A company booking is made with the booker's own email",
  signedOut: 'Sign in as a booker to book for your company',
  referralOnCompany: "A referral code applies to a customer's own ride, not a company's",
  moveMonth: "A ride on the company's transfers keeps its month and stays a transfer: cancel it and book the new ride instead",
  tooManyRides: 'This month has more company rides than a statement can list: ask support to split it',
} as const;

const companyText = (label: string, message: string) =>
  z.string({ error: message }).trim().check(noControlCharacters(label)).min(1, message).max(120, message).refine(hasVisibleCharacters, message);

/** The company's own details, as the admin types them. */
export const CompanyDetails = z
  .object({
    name: companyText('Company name', COMPANY_MESSAGES.name),
    billingContact: companyText('Billing contact', COMPANY_MESSAGES.billingContact),
    billingEmail: AccountEmail,
  })
  .strict();
export type CompanyDetails = z.infer<typeof CompanyDetails>;

/** `POST /api/admin/companies`: a company, its plan and the month it starts (this month or later). */
export const CreateCompany = CompanyDetails.extend({ plan: PlanTier, startMonth: BillingMonth }).strict();
export type CreateCompany = z.infer<typeof CreateCompany>;

/** `PATCH /api/admin/companies/{id}`: its details. */
export const UpdateCompany = CompanyDetails.partial().strict();
export type UpdateCompany = z.infer<typeof UpdateCompany>;

/** `POST /api/admin/companies/{id}/bookers`: add a booker (or change their role). */
export const BookerInput = z.object({ email: AccountEmail, role: BookerRole.default('booker') }).strict();
export type BookerInput = z.infer<typeof BookerInput>;

/**
 * `POST /api/admin/companies/{id}/plan`: another tier, or the end of the plan, with 30 days
 * notice (from the first month starting at least 30 days after today, LA time); refused (409)
 * when that month is inside the 6-month minimum term.
 */
export const PlanChange = z.union([z.object({ tier: PlanTier }).strict(), z.object({ cancel: z.literal(true) }).strict()]);
export type PlanChange = z.infer<typeof PlanChange>;

/** One period of a company's plan: its tier from `fromMonth` (inclusive) until the next period's. */
export const PlanPeriod = z.object({
  tier: PlanTier,
  fromMonth: BillingMonth,
  /** The last month of this period; null while it runs on. */
  toMonth: BillingMonth.nullable(),
  /** Who asked for it and when (the admin's name; the first period's is the company's creation). */
  askedBy: z.string(),
  askedAt: z.iso.datetime({ offset: true }),
});
export type PlanPeriod = z.infer<typeof PlanPeriod>;

export const Booker = z.object({ email: z.string(), role: BookerRole, addedAt: z.iso.datetime({ offset: true }) });
export type Booker = z.infer<typeof Booker>;

/** A company as the admin sees it. */
export const Company = CompanyDetails.extend({
  id: z.number().int().positive(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Its plan periods, oldest first; the last one with `toMonth` set is a cancelled plan's end. */
  plan: z.array(PlanPeriod).min(1),
  /** The first month from which the plan may change (the end of the minimum term). */
  changeableFrom: BillingMonth,
  bookers: z.array(Booker),
});
export type Company = z.infer<typeof Company>;

/** One line of the admin's company list. */
export const CompanySummary = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  billingEmail: z.string(),
  /** The tier this month (null: no plan this month, not begun or ended). */
  tier: PlanTier.nullable(),
  transfersLeft: z.number().int().nonnegative().nullable(),
  bookers: z.number().int().nonnegative(),
});
export type CompanySummary = z.infer<typeof CompanySummary>;

/** The month's transfers: what the plan includes, what rides took (held or used), what is left, and, once the month is over, what expired. */
export const MonthTransfers = z.object({
  month: BillingMonth,
  tier: PlanTier.nullable(),
  included: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  left: z.number().int().nonnegative(),
  /** Unused at the month's end (null while it runs). */
  expired: z.number().int().nonnegative().nullable(),
});
export type MonthTransfers = z.infer<typeof MonthTransfers>;

/**
 * One ride of a company in a month, as the booking service stores it. `onPlan`: it took one of
 * the month's transfers. `finalAmount` is what the company pays for the ride: the settled final
 * price once the ride is completed and settled, the quote's total before (0.00 plus extras for a
 * ride on the plan).
 */
export const CompanyRide = z.object({
  bookingId: z.number().int().positive(),
  reference: z.string(),
  status: BookingStatus,
  pickupDate: z.string(),
  pickupTime: z.string(),
  bookedBy: z.string(),
  passenger: z.string(),
  passengerPhone: z.string(),
  pickupLocation: z.string(),
  dropoffLocation: z.string().nullable(),
  vehicleName: z.string().nullable(),
  onPlan: z.boolean(),
  /** The transfer the plan covered (0.00 for a ride not on the plan). */
  planTransfer: Money,
  /** Extras: meet & greet, child seats, and after the ride its charged wait, stops, tolls and parking. */
  extras: Money,
  finalAmount: Money,
  settled: z.boolean(),
});
export type CompanyRide = z.infer<typeof CompanyRide>;

/** The most rides one month of one company answers (about 600 bytes each: well inside NATS's 1 MB). */
export const COMPANY_RIDES_MAX = 1_000;

/** `booking.companies.rides.v1`: a company's rides with pickup in a month (LA), cancelled ones left out, by pickup; `bookedBy` narrows to one booker's. */
export const CompanyRidesQuery = z.object({ companyId: z.number().int().positive(), month: BillingMonth, bookedBy: AccountEmail.optional() }).strict();
export type CompanyRidesQuery = z.infer<typeof CompanyRidesQuery>;

/**
 * A company's month (the admin's month view, the company admin's, and a statement's figures):
 * the transfers, every ride, and what is due: the plan's fee plus every ride's final amount.
 */
export const CompanyMonth = z.object({
  companyId: z.number().int().positive(),
  companyName: z.string(),
  month: BillingMonth,
  transfers: MonthTransfers,
  rides: z.array(CompanyRide),
  planFee: Money,
  extras: Money,
  ridesTotal: Money,
  totalDue: Money,
});
export type CompanyMonth = z.infer<typeof CompanyMonth>;

/** A month's statement once made (on the 1st of the next month, or when first asked for after). */
export const StatementSummary = z.object({
  id: z.number().int().positive(),
  companyId: z.number().int().positive(),
  month: BillingMonth,
  totalDue: Money,
  issuedAt: z.iso.datetime({ offset: true }),
});
export type StatementSummary = z.infer<typeof StatementSummary>;

/** A statement's files: the PDF as base64 (a few tens of KB: well inside NATS's 1 MB) and the CSV. */
export const StatementFiles = z.object({ statement: StatementSummary, companyName: z.string(), pdfBase64: z.string(), csv: z.string() });
export type StatementFiles = z.infer<typeof StatementFiles>;

/** The signed-in customer's company, when they book for one (`GET /api/account/company`). */
export const BookerCompany = z.object({
  companyId: z.number().int().positive(),
  companyName: z.string(),
  role: BookerRole,
  /** This month's transfers. */
  transfers: MonthTransfers,
});
export type BookerCompany = z.infer<typeof BookerCompany>;

/** `customers.companies.transfers.get.v1`: what a booker's company has for these months (the pickup months of a quote's legs). */
export const TransfersQuery = z.object({ email: AccountEmail, companyId: z.number().int().positive(), months: z.array(BillingMonth).min(1).max(2) }).strict();
export const CompanyTransfers = z.object({
  companyId: z.number().int().positive(),
  companyName: z.string(),
  /** One per asked month, in the order asked: `active` false when the plan does not cover it. */
  months: z.array(z.object({ month: BillingMonth, active: z.boolean(), left: z.number().int().nonnegative() })),
});
export type CompanyTransfers = z.infer<typeof CompanyTransfers>;

/**
 * `customers.companies.transfers.reserve.v1`: one ride of a company booking. With `transfer`, holds
 * one of the month's transfers (409 COMPANY_MESSAGES.transferGone when none is left); without, only
 * checks the booker and the plan (a ride billed to the company). 403 notBooker, 409 planNotActive.
 * The same reservation id twice holds once. The booking's `created` event binds it; its
 * cancellation gives the transfer back; a reservation no booking names within 15 minutes is released.
 */
export const ReserveTransfer = z
  .object({ reservationId: z.uuid(), email: AccountEmail, companyId: z.number().int().positive(), month: BillingMonth, transfer: z.boolean() })
  .strict();
export type ReserveTransfer = z.infer<typeof ReserveTransfer>;

/** A company's ride on the account page: a company admin gets a signed link to follow it live (duty of care); a booker's own rides have none. */
export const AccountCompanyRide = CompanyRide.extend({ trackLink: z.string().nullable() });
export type AccountCompanyRide = z.infer<typeof AccountCompanyRide>;

/** `GET /api/account/company/months/{month}`: the month as the signed-in booker may see it (their own rides; all of them for a company admin). */
export const AccountCompanyMonth = CompanyMonth.extend({ role: BookerRole, rides: z.array(AccountCompanyRide) });
export type AccountCompanyMonth = z.infer<typeof AccountCompanyMonth>;

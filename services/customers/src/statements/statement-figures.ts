import { monthLabel } from '@limo/contracts/common/business-time';
import { fromCents, toCents } from '@limo/contracts/common/money';
import { PLANS, type CompanyMonth, type CompanyRide } from '@limo/contracts/customers/companies';

/** What a statement is made from: the company's month as the customers service answers it, and who it goes to. */
export interface StatementInput {
  month: CompanyMonth;
  billingContact: string;
  billingEmail: string;
  /** When the statement was made (ISO); its date is shown in Los Angeles time. */
  issuedAt: string;
  /** The statement's number, when it has one yet. */
  statementId?: number;
}

/** What a ride's transfer column says: "Plan transfer", or its fare (the final amount without the extras). */
export const PLAN_TRANSFER = 'Plan transfer';

/** One ride as both files show it; amounts stay Money strings (exact cents, never floats). */
export interface StatementLine {
  date: string;
  time: string;
  reference: string;
  bookedBy: string;
  passenger: string;
  route: string;
  vehicle: string;
  transfer: string;
  extras: string;
  finalAmount: string;
}

export function statementLine(ride: CompanyRide): StatementLine {
  return {
    date: ride.pickupDate,
    time: ride.pickupTime,
    reference: ride.reference,
    bookedBy: ride.bookedBy,
    passenger: ride.passenger,
    route: ride.dropoffLocation ? `${ride.pickupLocation} → ${ride.dropoffLocation}` : `${ride.pickupLocation} (hourly)`,
    vehicle: ride.vehicleName ?? '',
    transfer: ride.onPlan ? PLAN_TRANSFER : fromCents(toCents(ride.finalAmount) - toCents(ride.extras)),
    extras: ride.extras,
    finalAmount: ride.finalAmount,
  };
}

/** The issue date as people read it, in Los Angeles: "November 1, 2026". */
function issueDate(issuedAt: string): string {
  return new Date(issuedAt).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'America/Los_Angeles' });
}

/** "1234.5" style Money strings as "$1,234.50" (and "-$12.00"), by string, never through a float. */
export function dollars(amount: string): string {
  const cents = toCents(amount);
  const [whole, frac] = fromCents(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** "Professional (20 transfers a month, $1,400.00)"; "No plan" for a month without one. */
function planLabel(month: CompanyMonth): string {
  const tier = month.transfers.tier;
  if (!tier) return 'No plan';
  return `${PLANS[tier].name} (${month.transfers.included} transfers a month, ${dollars(month.planFee)})`;
}

/**
 * The month's figures must add up before they go to a customer: the total due is the plan's fee
 * plus every ride's final amount (the contract's own rule). A statement that disagrees with
 * itself is refused rather than sent.
 */
export function checkTotals(month: CompanyMonth): void {
  const sum = month.rides.reduce((cents, ride) => cents + toCents(ride.finalAmount), toCents(month.planFee));
  if (sum !== toCents(month.totalDue)) {
    throw new Error(`Statement of company ${month.companyId} for ${month.month}: plan fee and rides make ${fromCents(sum)}, total due says ${month.totalDue}`);
  }
}

/** Who and what the statement is for, as label and value (both files show them). */
export function statementDetails({ month, billingContact, billingEmail, issuedAt, statementId }: StatementInput): [label: string, value: string][] {
  return [
    ['Company', month.companyName],
    ['Billing contact', `${billingContact} <${billingEmail}>`],
    ['Month', monthLabel(month.month)],
    ['Plan', planLabel(month)],
    ['Issued', issueDate(issuedAt)],
    ...(statementId === undefined ? [] : ([['Statement no.', String(statementId)]] as [string, string][])),
  ];
}

/** The summary both files end with, as label and value. */
export function summaryRows(month: CompanyMonth): [label: string, value: string][] {
  const { transfers } = month;
  return [
    ['Transfers included', String(transfers.included)],
    ['Transfers used', String(transfers.used)],
    ['Transfers left', String(transfers.left)],
    ['Transfers expired', transfers.expired === null ? '' : String(transfers.expired)],
    ['Plan fee', month.planFee],
    ['Extras (in the rides total)', month.extras],
    ['Rides total', month.ridesTotal],
    ['Total due', month.totalDue],
  ];
}

import { COMPANY_MESSAGES, monthLabel, type CompanyTransfers, type TripType } from '@limo/contracts';
import { ServiceError } from '@limo/messaging';
import type { PlanLeg } from '../rates/apply-benefits.js';

/** A company ride's legs as the rate engine prices them (the return's null for a single ride). */
export interface PlanLegs {
  companyName: string;
  outbound: PlanLeg;
  back: PlanLeg | null;
}

/** Which legs may take a transfer: a quote, every leg; a booking, the legs its claim says its quote took. */
export interface LegClaims {
  outbound: boolean;
  back: boolean;
}

/** What a booking's claim allows each leg (CompanyClaim): the return as its own flag says, or as the outbound's for a claim without one. */
export const legClaimsOf = (claim: { transfer: boolean; returnTransfer?: boolean }): LegClaims => ({ outbound: claim.transfer, back: claim.returnTransfer ?? claim.transfer });

/** Whether a claimed leg could not get its transfer (the last one went meanwhile): the booking is a 409. */
export const transferGone = (legs: PlanLegs, allow: LegClaims): boolean => (allow.outbound && !legs.outbound.covered) || (allow.back && legs.back !== null && !legs.back.covered);

/** The ride's legs as far as the plan goes: the outbound's pickup date, and the return's when it has one. */
export interface CompanyRide {
  tripType: TripType;
  pickupDate: string;
  returnTrip?: { pickupDate: string };
}

/** The billing month of a pickup date (YYYY-MM of its Los Angeles date). */
export const billingMonthOf = (pickupDate: string) => pickupDate.slice(0, 7);

/** The months a ride's legs fall in, each once, in order: what the customers service is asked about. */
export function rideMonths(ride: CompanyRide): string[] {
  const months = [billingMonthOf(ride.pickupDate)];
  if (ride.returnTrip && billingMonthOf(ride.returnTrip.pickupDate) !== months[0]) months.push(billingMonthOf(ride.returnTrip.pickupDate));
  return months;
}

/**
 * Which legs of a booker's ride take one of the company's transfers (decisions.md, "Bundles for
 * Business"): a one-way leg takes one of its pickup month's transfers while any is left (a return
 * in the same month after the outbound took one); hourly rides are not transfers; with none left a
 * leg is priced as usual and billed to the company. A leg `allow` says false: the customer's quote
 * showed it billed, and it is booked so. A month the plan does not cover is a 409.
 */
export function planLegs(terms: CompanyTransfers, ride: CompanyRide, allow: LegClaims = { outbound: true, back: true }): PlanLegs {
  const left = new Map(terms.months.map((m) => [m.month, m]));
  const legFor = (pickupDate: string, allowTransfer: boolean): PlanLeg => {
    const month = billingMonthOf(pickupDate);
    const plan = left.get(month);
    if (!plan?.active) throw new ServiceError(409, COMPANY_MESSAGES.planNotActive);
    if (ride.tripType === 'hourly') return { covered: false, note: COMPANY_MESSAGES.hourlyNotTransfer };
    if (!allowTransfer || plan.left === 0) return { covered: false, note: `No ${monthLabel(month)} transfers left on ${terms.companyName}'s plan: priced as usual and billed to ${terms.companyName}` };
    const note = `One of ${terms.companyName}'s ${monthLabel(month)} transfers (${plan.left} left before this ride)`;
    left.set(month, { ...plan, left: plan.left - 1 });
    return { covered: true, note };
  };
  const outbound = legFor(ride.pickupDate, allow.outbound);
  return { companyName: terms.companyName, outbound, back: ride.returnTrip ? legFor(ride.returnTrip.pickupDate, allow.back) : null };
}

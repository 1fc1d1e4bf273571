import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { COMPANY_MESSAGES, companiesRpc, type CompanyClaim } from '@limo/contracts';
import { badRequest, RESEND_AFTER_MS, RpcCallError, RpcClient, ServiceError } from '@limo/messaging';
import { billingMonthOf, planLegs, rideMonths, type CompanyRide, type LegClaims, type PlanLegs } from './plan-legs.js';

/** As the benefits' calls: long enough for a healthy customers service, short enough not to hold a quote up. */
const TRANSFERS_TIMEOUT_MS = 1_500;

/**
 * The customers service's side of a booker's ride for their company (issue 37): what the company
 * has in the ride's months (asked at every quote and booking: it also says the email books for
 * the company, else a 403), the hold on one of a month's transfers (a reservation whose id the
 * booking's `created` event carries: the customers service binds it, and gives the transfer back
 * at a cancellation), and handing a hold back when the booking was not stored.
 */
@Injectable()
export class CompanyTransfers {
  private readonly log = new Logger('CompanyTransfers');

  constructor(private readonly rpc: RpcClient) {}

  /** The ride's legs on the company's plan; a 403 (not a booker), 409 (no plan that month) passed on, 503 when it cannot be said. */
  async legs(email: string, companyId: number, ride: CompanyRide, allow?: LegClaims): Promise<PlanLegs> {
    try {
      const terms = await this.rpc.request(companiesRpc.transfers, { email, companyId, months: rideMonths(ride) }, { timeoutMs: TRANSFERS_TIMEOUT_MS, resendAfterMs: RESEND_AFTER_MS });
      return planLegs(terms, ride, allow);
    } catch (error) {
      throw passedOn(error, COMPANY_MESSAGES.transferFailed);
    }
  }

  /** Holds one of the pickup month's transfers: its reservation id, or 409 transferGone (taken meanwhile) / 503. */
  async reserve(email: string, companyId: number, pickupDate: string): Promise<string> {
    const reservationId = randomUUID();
    try {
      await this.rpc.request(companiesRpc.reserveTransfer, { reservationId, email, companyId, month: billingMonthOf(pickupDate), transfer: true }, { resendAfterMs: RESEND_AFTER_MS });
      return reservationId;
    } catch (error) {
      const refused = passedOn(error, COMPANY_MESSAGES.transferFailed);
      // A timeout may have held it after all: handed back now, or released by the customers service within minutes.
      if (refused.status >= 500) await this.release(reservationId);
      throw refused;
    }
  }

  /** Hands back the hold of a booking that was not stored. Best effort: a hold no booking names is released by the customers service within minutes. */
  async release(reservationId: string | null): Promise<void> {
    if (!reservationId) return;
    try {
      await this.rpc.request(companiesRpc.releaseTransfer, { reservationId }, { timeoutMs: TRANSFERS_TIMEOUT_MS, resendAfterMs: RESEND_AFTER_MS });
    } catch (error) {
      this.log.warn(`transfer ${reservationId} not released now (the customers service releases it later): ${(error as Error).message}`);
    }
  }
}

/** A refusal of the customers service (4xx) as it said it; anything else a 503 in the customer's words. */
function passedOn(error: unknown, unavailable: string): ServiceError {
  if (error instanceof ServiceError) return error;
  if (error instanceof RpcCallError && error.status < 500) return new ServiceError(error.status, error.message, error.errors);
  return new ServiceError(503, unavailable);
}

/**
 * The checks of a company claim the booking service makes itself: a booker signed in, booking with
 * their own email, not spending personal benefits on it, and no transfer for an hourly ride.
 */
export function checkCompanyClaim(
  request: { email: string; tripType: string; company?: CompanyClaim; benefits?: { freeRide: boolean; credit: string }; referralCode?: string },
  account: { email: string } | undefined,
): CompanyClaim | null {
  const claim = request.company;
  if (!claim) return null;
  if (!account) throw badRequest(COMPANY_MESSAGES.signedOut);
  if (request.email.trim().toLowerCase() !== account.email) throw badRequest(COMPANY_MESSAGES.companyEmail);
  if (request.benefits && (request.benefits.freeRide || request.benefits.credit !== '0.00')) throw badRequest(COMPANY_MESSAGES.personalBenefits);
  // Refer & Fly rewards a customer's own first ride: a company's ride earns the booker nothing.
  if (request.referralCode) throw badRequest(COMPANY_MESSAGES.referralOnCompany);
  if (claim.transfer && request.tripType === 'hourly') throw badRequest(COMPANY_MESSAGES.hourlyNotTransfer);
  return claim;
}

import { BENEFITS_MESSAGES, toCents, type BenefitsClaim } from '@limo/contracts';
import { badRequest } from '@limo/messaging';
import { NOTHING_TO_SPEND, type Spendable } from '../rates/apply-benefits.js';

/**
 * What a booking may spend: the free ride and credit its quote showed (the request's claim), for
 * the signed-in customer's own email only. The claim never adds to a price, so it is taken at its
 * word here; the customers service then holds exactly it, or answers that it is gone.
 */
export function claimedBenefits(request: { email: string; benefits?: BenefitsClaim }, account: { email: string } | undefined): Spendable {
  const claim = request.benefits;
  if (!claim || (!claim.freeRide && toCents(claim.credit) === 0)) return NOTHING_TO_SPEND;
  if (!account) throw badRequest(BENEFITS_MESSAGES.signedOut);
  if (request.email.trim().toLowerCase() !== account.email) throw badRequest(BENEFITS_MESSAGES.otherEmail);
  return { freeRide: claim.freeRide, creditCents: toCents(claim.credit) };
}

import type { PriceQuote } from '@limo/contracts';
import type { CompanyClaim } from '@limo/contracts/customers/benefits-claim';
import type { BookerCompany } from '@limo/contracts/customers/companies';

/*
 * A booker's booking for their company (issue 37): the contact step then takes the passenger's
 * name and phone, the email stays the booker's own, the quote is asked with the company, and the
 * booking claims one of the month's transfers exactly when the quote showed one.
 */

/** The company a booking is for: only when the customer books for one and chose it. */
export const companyOfBooking = (company: BookerCompany | null | undefined, chosen: boolean): BookerCompany | null => (chosen && company ? company : null);

/** The booking request's `company`: each leg claims a transfer exactly when its quote took one (the server holds exactly that, 409 when one went meanwhile). */
export function companyClaimOf(company: BookerCompany | null, quote: Pick<PriceQuote, 'planTransfer'>, returnQuote?: Pick<PriceQuote, 'planTransfer'> | null): CompanyClaim | undefined {
  if (!company) return undefined;
  const took = (leg: Pick<PriceQuote, 'planTransfer'>) => leg.planTransfer !== undefined && Number(leg.planTransfer) > 0;
  return { companyId: company.companyId, transfer: took(quote), ...(returnQuote ? { returnTransfer: took(returnQuote) } : {}) };
}

import { ApiError, bodyFieldErrors, serverMessage } from '../lib/api';

/**
 * Why the server refused a booking, when the review step can do something about it: the referral
 * code (a 400 naming `referralCode`, or 503 when it could not be checked: the customer may drop
 * the code) or the benefits the quote showed: spent meanwhile by another booking (409), or claimed
 * signed out or for another email than the account's (400 naming `benefits`); the wizard prices
 * the ride again, so what it shows is what a new try books. Any other 4xx with a message (a pickup
 * now too soon, a vehicle gone) is `other`: its message, and the fields it names to show under them.
 * A lost answer or a 5xx is the wizard's general failure (worth trying again).
 */
export type BookingRefusal =
  | { kind: 'referral'; message: string; retry: boolean }
  | { kind: 'benefits'; message: string }
  | { kind: 'other'; message: string; fields: Record<string, string> };

export function bookingRefusalOf(error: unknown): BookingRefusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const message = serverMessage(error);
  if (!message) return undefined;
  // A company's transfer gone meanwhile is a 409 too (and a company claim signed out a 400 naming `company`): priced again the same way.
  if (error.status === 409 || (error.status === 400 && (namesField(error.body, 'benefits') || namesField(error.body, 'company')))) return { kind: 'benefits', message };
  if ((error.status === 400 || error.status === 503) && namesField(error.body, 'referralCode')) return { kind: 'referral', message, retry: error.status === 503 };
  return error.status < 500 ? { kind: 'other', message, fields: bodyFieldErrors(error.body) } : undefined;
}

const namesField = (body: string, field: string): boolean => field in bodyFieldErrors(body);
